import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceCTF
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The project's CTF decoder against libbabeltrace2: the same traces read through both give the
/// same events, every field of every one (`Event` compares them all), and the same losses.
@Suite("the CTF decoder and libbabeltrace2 read the same events", .serialized)
struct DecoderDifferentialTests {
    /// Every event of `path` read by `decoder`, the summary, and the decoder that read it.
    static func read(_ path: String, _ decoder: CTFTraceReader.Decoder) throws -> (
        events: [Event], summary: TraceReadSummary, used: CTFTraceReader.Decoder
    ) {
        let reader = try CTFTraceReader(path: path, decoder: decoder)
        var events: [Event] = []
        while let event = try reader.next() { events.append(event) }
        return (events, reader.summary, reader.decoder)
    }

    /// Reads `path` both ways and compares; returns the events' count.
    @discardableResult
    static func expectSame(_ path: String, _ label: String) throws -> Int {
        let ours = try read(path, .lifetrace)
        let theirs = try read(path, .babeltrace2)
        #expect(ours.used == .lifetrace, "\(label): the decoder fell back: \(ours.summary.warnings)")
        #expect(theirs.used == .babeltrace2)
        #expect(
            ours.events.count == theirs.events.count, "\(label): \(ours.events.count) events, babeltrace2 \(theirs.events.count)")
        let common = min(ours.events.count, theirs.events.count)
        if let index = (0..<common).first(where: { ours.events[$0] != theirs.events[$0] }) {
            Issue.record(
                "\(label): event \(index) differs:\n  ours:        \(ours.events[index])\n  babeltrace2: \(theirs.events[index])")
        }
        #expect(ours.summary.discardedEvents == theirs.summary.discardedEvents, "\(label): discarded events")
        #expect(ours.summary.lostPackets == theirs.summary.lostPackets, "\(label): lost packets")
        #expect(ours.summary.issues == theirs.summary.issues, "\(label): issues")
        return ours.events.count
    }

    @Test("every hook shape, events discarded, a stream cut mid-packet")
    func emitterRecordings() throws {
        let binary = try LifetraceBinary.path()
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        // Buffers of a page: the emitter overflows them, so some events are discarded. The packets
        // written are those the consumer daemon took while the emitter ran: on a loaded machine 600
        // iterations left it time for 4, so the emitter runs long enough for many more.
        try withRecording(
            ["--subbuf-size", "\(pageSize)", "--num-subbuf", "4"], convert: false, environment: LTTngRecordingTests.liveEmitter,
            command: { _ in [binary, "emit", "--count", "6000"] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let count = try Self.expectSame(recording.trace, "emit")
            #expect(count > 0)

            let trace = try DamageableTrace(root: recording.trace, scratch: recording.directory)
            let stream = try trace.busiestStream()
            let packet = stream.packets[stream.packets.count / 2]
            let cut = try trace.copy("cut") { root in
                let handle = try FileHandle(forUpdating: URL(fileURLWithPath: root + "/" + stream.path))
                try handle.truncate(atOffset: UInt64(packet.offset + packet.size / 2))
                try handle.close()
            }
            let cutCount = try Self.expectSame(cut, "a stream cut mid-packet")
            #expect(cutCount < count, "the cut trace has \(cutCount) of \(count) events")
        }
    }

    @Test("logs and spans", arguments: ["logs", "spans"])
    func observabilityRecordings(mode: String) throws {
        let marker = "m\(UInt32.random(in: 0...UInt32.max))"
        try withRecording(
            ["--events", "lifetrace:span*", "--events", "lifetrace:log_*"], convert: false,
            environment: ObservabilityRecordingTests.environment,
            command: { [try ObservabilityRecordingTests.emitter(), mode, marker, $0.path("ids")] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            #expect(try Self.expectSame(recording.trace, mode) > 0)
        }
    }

    @Test("the synthetic trace: compact headers that wrap, procname, sequences, variants, big-endian fields")
    func syntheticTrace() throws {
        try withScratchDirectory { directory in
            let trace = directory.path("synthetic")
            let made = try runProcess(Repository.path("Tests/CTFDecoder/make-synthetic-trace"), [trace])
            try #require(made.status == 0, "\(made)")
            #expect(try Self.expectSame(trace, "synthetic") > 0)
        }
    }
}
