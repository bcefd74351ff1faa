import Foundation
import LifetraceCTF
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Damaged copies of a real recording read by `lifetrace stats` and `lifetrace convert`: no reader
/// hangs or dies by a signal, a cut metadata file is an error at once, and a damaged packet or
/// stream file costs only what it held, reported with its file and byte, while the events of every
/// other packet are read (as many as babeltrace2 reads of a copy without that packet).
///
/// In ``LTTngRecordingTests``'s serialized suite: a session recording every process would see
/// another test's events.
extension LTTngRecordingTests {
    /// A packet-context field of LTTng-UST 2.13's streams: its byte in a packet (a 32-byte header of
    /// magic, uuid, stream_id and stream_instance_id, then the context), little-endian 64 bits.
    enum ContextField: String, CaseIterable, CustomTestStringConvertible {
        case timestamp_begin, timestamp_end, content_size, packet_size, packet_seq_num, events_discarded

        var offset: Int { 32 + 8 * Self.allCases.firstIndex(of: self)! }
        var testDescription: String { rawValue }
    }

    @Test("a packet-context field set to all ones costs that packet only, whichever packet", arguments: ContextField.allCases)
    func allOnesInPacketContext(field: ContextField) throws {
        try withDamageableRecording { trace in
            let stream = try trace.busiestStream()
            let positions = [0, stream.packets.count / 2, stream.packets.count - 1]
            for position in positions {
                let packet = stream.packets[position]
                let label = "\(field.rawValue) = 2^64 - 1 in packet \(position) of \(stream.packets.count)"
                let damaged = try trace.copy("ones-\(field.rawValue)-\(position)") { root in
                    try patch(root + "/" + stream.path, at: packet.offset + field.offset, UInt64.max)
                }
                let expected = try trace.eventsWithout(stream, packet: position)
                if position == stream.packets.count / 2 {
                    #expect(expected < trace.events, "\(label): the packet chosen holds no event")
                }
                try expectRead(
                    damaged, label, events: expected, lostPackets: 1,
                    naming: "\(damaged)/\(stream.path): error: byte \(packet.offset): \(field.rawValue) is 2^64 - 1")
            }
        }
    }

    @Test("an events_discarded counter going back costs the packet that jumped, reported with its byte")
    func discardedCounterGoingBack() throws {
        try withDamageableRecording { trace in
            let stream = try trace.busiestStream()
            let position = stream.packets.count / 2
            let packet = stream.packets[position]
            let next = stream.packets[position + 1]
            // The counter jumps up at this packet, past every later packet's, then goes back at the next one.
            let jumped = try trace.field(of: stream, packet: stream.packets.count - 1, .events_discarded) + 1_000_000
            let damaged = try trace.copy("discarded-back") { root in
                try patch(root + "/" + stream.path, at: packet.offset + ContextField.events_discarded.offset, jumped)
            }
            try expectRead(
                damaged, "events_discarded going back after byte \(packet.offset)",
                events: try trace.eventsWithout(stream, packet: position), lostPackets: 1,
                naming:
                    "\(damaged)/\(stream.path): error: byte \(packet.offset): events_discarded \(jumped) is above the next packet's",
                and: "(at byte \(next.offset))")
        }
    }

    @Test("a metadata file cut anywhere is an error at once naming the file and byte, never a hang")
    func metadataCut() throws {
        try withDamageableRecording { trace in
            let metadata = try trace.metadataPath()
            let size = try #require(try FileManager.default.attributesOfItem(atPath: trace.root + "/" + metadata)[.size] as? Int)
            // Inside the first packet's header, just after it, inside its text, in its padding, and
            // in the last packet; a cut at a packet boundary leaves the text cut mid-declaration.
            let packet = 4096
            var cuts = [10, 37, 100, 1_000, 2_000, packet - 1, size - 100, size - 1]
            if size > 2 * packet { cuts += [packet, packet + 10] }
            for cut in Set(cuts).sorted() where cut > 0 && cut < size {
                let damaged = try trace.copy("metadata-\(cut)") { root in
                    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: root + "/" + metadata))
                    try handle.truncate(atOffset: UInt64(cut))
                    try handle.close()
                }
                let label = "metadata cut at byte \(cut) of \(size)"
                let located = "\(damaged)/\(metadata): error: byte "
                let stats = try runGuarded(["stats", damaged, "--json"], label)
                #expect(stats.status == 1, "\(label): stats \(stats)")
                #expect(stats.stdout.isEmpty, "\(label): stats printed statistics: \(stats.stdout.prefix(200))")
                #expect(stats.stderr.contains(located) && stats.stderr.contains("cut"), "\(label): \(stats.stderr)")
                if cut % packet != 0 {
                    #expect(stats.stderr.contains(located + "\(cut):"), "\(label): the error is not at the cut: \(stats.stderr)")
                }
                let output = trace.scratch.path("metadata-\(cut).jsonl")
                let convert = try runGuarded(["convert", damaged, "-o", output], label)
                #expect(convert.status == 1, "\(label): convert \(convert)")
                #expect(convert.stderr.contains(located), "\(label): \(convert.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output), "\(label): convert wrote \(output)")
                try? FileManager.default.removeItem(atPath: damaged)
            }
        }
    }

    @Test("a metadata file with a byte no TSDL holds, or a corrupt packet header, is an error at once naming the byte")
    func metadataCorrupt() throws {
        try withDamageableRecording { trace in
            let metadata = try trace.metadataPath()
            let bytes = try Data(contentsOf: URL(fileURLWithPath: trace.root + "/" + metadata))
            // The first `typealias` of the text (not in a comment or string), and the second packet's
            // magic (each packet of LTTng's metadata has 4096 bytes).
            let text = try #require(bytes.firstRange(of: Data("typealias".utf8))?.lowerBound)
            var variants: [(name: String, offset: Int, byte: UInt8, said: String)] = [
                ("control character", text, 0x0E, "byte 0x0E, which TSDL text holds only in strings and comments")
            ]
            if bytes.count > 4096 {
                variants.append(("packet magic", 4096, 0x00, "expected a metadata packet's magic 0x75D11D57"))
            }
            for variant in variants {
                let damaged = try trace.copy("metadata-\(variant.offset)") { root in
                    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: root + "/" + metadata))
                    try handle.seek(toOffset: UInt64(variant.offset))
                    try handle.write(contentsOf: Data([variant.byte]))
                    try handle.close()
                }
                let stats = try runGuarded(["stats", damaged], variant.name)
                #expect(stats.status == 1, "\(variant.name): \(stats)")
                #expect(stats.stdout.isEmpty, "\(variant.name): \(stats.stdout.prefix(200))")
                #expect(
                    stats.stderr.contains("\(damaged)/\(metadata): error: byte \(variant.offset): \(variant.said)"),
                    "\(variant.name): \(stats.stderr)")
                try? FileManager.default.removeItem(atPath: damaged)
            }
        }
    }

    @Test("an event the reader cannot decode ends the reading with an error, and stats covers the events before it")
    func undecodableEvent() throws {
        try withDamageableRecording { trace in
            let stream = try trace.busiestStream()
            let packet = stream.packets[stream.packets.count / 2]
            // The packet's first event header follows its 84 bytes of header and context (LTTng's
            // `event_header_large`, aligned to 8 bits): a 16-bit id, then a 32-bit timestamp. Id 65534
            // names no event class; a timestamp's high bytes set puts the event after its packet's end
            // (babeltrace2's muxer sees the time go back at the next packet).
            let damages: [(name: String, offset: Int)] = [("id", 84), ("timestamp", 88)]
            for damage in damages {
                let damaged = try trace.copy("event-\(damage.name)") { root in
                    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: root + "/" + stream.path))
                    try handle.seek(toOffset: UInt64(packet.offset + damage.offset))
                    try handle.write(contentsOf: Data([0xFE, 0xFF]))
                    try handle.close()
                }
                for decoder in CTFTraceReader.Decoder.allCases {
                    let label = "\(damage.name), \(decoder)"
                    let stats = try runGuarded(
                        ["stats", damaged, "--json"], "an undecodable event",
                        environment: ["LIFETRACE_CTF_DECODER": decoder.rawValue])
                    #expect(stats.status == 1, "\(label): \(stats)")
                    #expect(
                        stats.stderr.contains("lifetrace: \(damaged): error: cannot read the trace"), "\(label): \(stats.stderr)")
                    let counted =
                        Int(try JQ.run([".events"], input: stats.stdout).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
                    #expect(counted > 0 && counted < trace.events, "\(label): stats counted \(counted) of \(trace.events) events")
                }
            }
        }
    }

    /// How a stream file is replaced.
    enum Replacement: String, CaseIterable, CustomTestStringConvertible {
        case emptied, directory, fifo
        var testDescription: String { rawValue }
        /// What the report calls it.
        var said: String {
            switch self {
            case .emptied: "is empty, but index/"
            case .directory: "is a directory"
            case .fifo: "is a named pipe (FIFO)"
            }
        }
    }

    @Test(
        "a stream file emptied or replaced by a directory or a FIFO is reported, its packets lost, the rest read",
        arguments: Replacement.allCases)
    func streamFileReplaced(by replacement: Replacement) throws {
        try withDamageableRecording { trace in
            let stream = try trace.busiestStream()
            let damaged = try trace.copy("stream-\(replacement.rawValue)") { root in
                let path = root + "/" + stream.path
                switch replacement {
                case .emptied:
                    try Data().write(to: URL(fileURLWithPath: path))
                case .directory:
                    try FileManager.default.removeItem(atPath: path)
                    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                case .fifo:
                    try FileManager.default.removeItem(atPath: path)
                    try #require(mkfifo(path, 0o600) == 0, "mkfifo \(path): \(String(cString: strerror(errno)))")
                }
            }
            let expected = try trace.eventsWithout(stream)
            #expect(expected < trace.events, "the stream chosen holds no event")
            try expectRead(
                damaged, "\(stream.path) \(replacement.rawValue)", events: expected, lostPackets: stream.packets.count,
                naming: "\(damaged)/\(stream.path): error: \(replacement.said)")
        }
    }

    @Test("an index file that disagrees with its stream is left out with a warning, and every event is read")
    func indexDisagreeing() throws {
        try withDamageableRecording { trace in
            let stream = try trace.busiestStream()
            let index = ((stream.path as NSString).deletingLastPathComponent as NSString)
                .appendingPathComponent("index/" + (stream.path as NSString).lastPathComponent + ".idx")
            // The index's header has 16 bytes; an entry's packet_size is its second 64-bit word (big-endian).
            let damaged = try trace.copy("index") { root in
                try patch(root + "/" + index, at: 16 + 72 * 2 + 8, 1_234_567, bigEndian: true)
            }
            let stats = try runGuarded(["stats", damaged, "--json"], "index")
            #expect(stats.status == 0, "\(stats)")
            #expect(stats.stderr.contains("\(damaged)/\(index): warning: entry 2 says packet_size"), "\(stats.stderr)")
            let counted = try JQ.run([".events"], input: stats.stdout).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(counted == "\(trace.events)")
        }
    }

    /// Reads `trace` with `stats --json` and `convert`: each ends by itself, exits 1, names the
    /// damage (`naming`, and `also` when given) on standard error, counts `lostPackets` lost, and
    /// reads `events` events.
    private func expectRead(
        _ trace: String, _ label: String, events: Int, lostPackets: Int, naming: String, and also: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let stats = try runGuarded(["stats", trace, "--json"], label)
        #expect(stats.status == 1, "\(label): stats \(stats)", sourceLocation: sourceLocation)
        #expect(stats.stderr.contains(naming), "\(label): stats said \(stats.stderr)", sourceLocation: sourceLocation)
        if let also { #expect(stats.stderr.contains(also), "\(label): \(stats.stderr)", sourceLocation: sourceLocation) }
        let counted = try JQ.run([".events"], input: stats.stdout).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            counted == "\(events)", "\(label): stats counted \(counted) events, expected \(events)",
            sourceLocation: sourceLocation)
        let output = trace + ".jsonl"
        let convert = try runGuarded(["convert", trace, "-o", output], label)
        #expect(convert.status == 1, "\(label): convert \(convert)", sourceLocation: sourceLocation)
        #expect(convert.stderr.contains(naming), "\(label): convert said \(convert.stderr)", sourceLocation: sourceLocation)
        #expect(
            convert.stderr.contains("lifetrace convert: \(events) events"), "\(label): \(convert.stderr)",
            sourceLocation: sourceLocation)
        let lost = convert.stderr.firstMatch(of: #/; (\d+) packets lost/#).flatMap { Int($0.1) }
        #expect(lost == lostPackets, "\(label): \(convert.stderr)", sourceLocation: sourceLocation)
        #expect(
            lines(try readText(output)).count == events, "\(label): convert wrote another count", sourceLocation: sourceLocation)
        try? FileManager.default.removeItem(atPath: output)
        try? FileManager.default.removeItem(atPath: trace)
    }

    /// `lifetrace ARGUMENTS`, which must end by itself, in 30 s at most, by exiting (not by a signal).
    private func runGuarded(_ arguments: [String], _ label: String, environment: [String: String] = [:]) throws -> ProcessResult {
        let clock = ContinuousClock()
        let started = clock.now
        let result = try runProcess(try LifetraceBinary.path(), arguments, environment: environment, timeout: 30)
        #expect(result.signal == nil, "\(label): lifetrace \(arguments.first ?? "") died: \(result)")
        #expect(clock.now - started < .seconds(30), "\(label): lifetrace \(arguments.first ?? "") took too long")
        return result
    }

    /// Records `lifetrace emit` with sub-buffers of a page, so the busiest stream has many packets,
    /// and hands `body` the recording to damage copies of.
    private func withDamageableRecording(_ body: (DamageableTrace) throws -> Void) throws {
        let binary = try LifetraceBinary.path()
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        try withRecording(
            ["--subbuf-size", "\(pageSize)", "--num-subbuf", "16"], convert: false, environment: Self.liveEmitter,
            command: { _ in [binary, "emit", "--count", "300"] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let trace = try DamageableTrace(root: recording.trace, scratch: recording.directory)
            let converted = try runProcess(binary, ["stats", trace.root, "--json"])
            try #require(converted.status == 0, "the undamaged trace: \(converted)")
            let counted = try JQ.run([".events"], input: converted.stdout).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(
                counted == "\(trace.events)",
                "lifetrace read \(counted) events of the undamaged trace, babeltrace2 \(trace.events)")
            try body(trace)
        }
    }
}

/// A recorded trace, its stream files and packets, and copies of it to damage.
struct DamageableTrace {
    /// A stream file: its path below ``root`` and its packets.
    struct Stream {
        var path: String
        var packets: [(offset: Int, size: Int)]
    }

    let root: String
    let scratch: ScratchDirectory
    let streams: [Stream]
    /// The events babeltrace2 reads of the undamaged trace.
    let events: Int

    init(root: String, scratch: ScratchDirectory) throws {
        self.root = root
        self.scratch = scratch
        let files = (FileManager.default.subpaths(atPath: root) ?? []).sorted()
        var streams: [Stream] = []
        for file in files where !file.hasSuffix("metadata") && !file.contains("/index/") {
            let directory = (file as NSString).deletingLastPathComponent
            let type = try? FileManager.default.attributesOfItem(atPath: root + "/" + file)[.type] as? FileAttributeType
            guard files.contains(directory + "/metadata"), type == .typeRegular else { continue }
            streams.append(Stream(path: file, packets: try Self.packets(of: root + "/" + file)))
        }
        self.streams = streams
        events = try Self.babeltraceEvents(root)
    }

    /// The stream file with the most packets; it must have several.
    func busiestStream() throws -> Stream {
        let stream = try #require(streams.max { $0.packets.count < $1.packets.count }, "no stream file in \(root)")
        try #require(stream.packets.count >= 5, "\(stream.path) has \(stream.packets.count) packets; the tests need 5")
        return stream
    }

    /// The path of the metadata file below ``root``.
    func metadataPath() throws -> String {
        try #require((FileManager.default.subpaths(atPath: root) ?? []).first { $0.hasSuffix("/metadata") })
    }

    /// A packet-context field's value in the undamaged trace.
    func field(of stream: Stream, packet: Int, _ field: LTTngRecordingTests.ContextField) throws -> UInt64 {
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + stream.path))
        return Self.load64(data, stream.packets[packet].offset + field.offset)
    }

    /// A copy of the trace in the scratch directory, changed by `damage` (given the copy's root).
    func copy(_ name: String, _ damage: (String) throws -> Void) throws -> String {
        let copy = scratch.path(name)
        try FileManager.default.copyItem(atPath: root, toPath: copy)
        try damage(copy)
        return copy
    }

    /// The events babeltrace2 reads of a copy without the packet `packet` of `stream` (cut out
    /// cleanly, the index files removed), or without the whole stream file.
    func eventsWithout(_ stream: Stream, packet: Int? = nil) throws -> Int {
        let copy = try self.copy("clean-\(UUID().uuidString)") { copy in
            let path = copy + "/" + stream.path
            if let packet {
                var data = try Data(contentsOf: URL(fileURLWithPath: path))
                let cut = stream.packets[packet]
                data.removeSubrange(cut.offset..<(cut.offset + cut.size))
                try data.write(to: URL(fileURLWithPath: path))
            } else {
                try FileManager.default.removeItem(atPath: path)
            }
            try FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent + "/index")
        }
        defer { try? FileManager.default.removeItem(atPath: copy) }
        return try Self.babeltraceEvents(copy)
    }

    /// The packets of an LTTng-UST stream file (64-bit, little-endian): each begins with the magic
    /// 0xC1FC1FC1 and gives its size in bits at byte 56.
    static func packets(of path: String) throws -> [(offset: Int, size: Int)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        var packets: [(offset: Int, size: Int)] = []
        var offset = 0
        while offset < data.count {
            try #require(data.count - offset >= 84, "\(path): a packet header cut at byte \(offset)")
            try #require(
                UInt32(truncatingIfNeeded: load64(data, offset)) == 0xC1FC_1FC1, "\(path): no packet magic at byte \(offset)")
            let size = Int(load64(data, offset + 56) / 8)
            try #require(size >= 84 && offset + size <= data.count, "\(path): packet at byte \(offset) of \(size) bytes")
            packets.append((offset, size))
            offset += size
        }
        return packets
    }

    static func load64(_ data: Data, _ offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { value, index in value | UInt64(data[data.startIndex + offset + index]) << (8 * index) }
    }

    /// The events `babeltrace2 PATH` prints.
    static func babeltraceEvents(_ path: String) throws -> Int {
        let result = try runProcess(try tool("babeltrace2"), [path])
        try #require(result.status == 0, "babeltrace2 \(path): \(result)")
        return lines(result.stdout).count
    }
}

/// Writes `value` (little-endian, or big-endian) at byte `offset` of the file at `path`.
func patch(_ path: String, at offset: Int, _ value: UInt64, bigEndian: Bool = false) throws {
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seek(toOffset: UInt64(offset))
    try handle.write(contentsOf: withUnsafeBytes(of: bigEndian ? value.bigEndian : value.littleEndian) { Data($0) })
}
