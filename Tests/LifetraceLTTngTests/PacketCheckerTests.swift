import CLifetraceCTF
import Foundation
import LifetraceTestSupport
import Testing

/// The CTF packet checker's C entry point on bytes held in memory (no daemon): a real recording's
/// metadata and two packets, the seed of its fuzz target (`Fuzz/Corpus/ctf-packets`), changed.
@Suite("CTF packet checker")
struct PacketCheckerTests {
    /// What one check found.
    final class Findings {
        var lost: [(offset: UInt64, message: String)] = []
        var warnings: [String] = []
        var fatal: [(offset: UInt64, message: String)] = []
    }

    /// The seed: a 32-bit little-endian length, the metadata, then the stream's bytes.
    static func seed(_ name: String) throws -> (metadata: Data, stream: Data) {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Fuzz/Corpus/ctf-packets/\(name)")))
        let length = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        return (bytes.subdata(in: 4..<(4 + length)), bytes.subdata(in: (4 + length)..<bytes.count))
    }

    /// Checks `stream` against `metadata`; the sanitized stream when packets were dropped.
    static func check(_ metadata: Data, _ stream: Data) -> (
        status: lifetrace_ctf_check_status, findings: Findings, sanitized: Data?
    ) {
        let findings = Findings()
        let callbacks = lifetrace_ctf_check_callbacks(
            context: Unmanaged.passUnretained(findings).toOpaque(),
            finding: { context, finding in
                guard let context, let finding = finding?.pointee else { return }
                let findings = Unmanaged<Findings>.fromOpaque(context).takeUnretainedValue()
                let message = String(cString: finding.message)
                switch finding.kind {
                case LIFETRACE_CTF_FINDING_LOST: findings.lost.append((finding.offset, message))
                case LIFETRACE_CTF_FINDING_WARNING: findings.warnings.append(message)
                default: findings.fatal.append((finding.offset, message))
                }
            })
        var sanitized: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = metadata.withUnsafeBytes { metadataBytes in
            stream.withUnsafeBytes { streamBytes in
                lifetrace_ctf_check_memory(
                    metadataBytes.bindMemory(to: UInt8.self).baseAddress, metadataBytes.count,
                    streamBytes.bindMemory(to: UInt8.self).baseAddress, streamBytes.count, callbacks, &sanitized, &size)
            }
        }
        defer { free(sanitized) }
        return (status, findings, sanitized.map { Data(bytes: $0, count: size) })
    }

    /// `value` little-endian at `offset` of `data`.
    static func patched(_ data: Data, at offset: Int, _ value: UInt64) -> Data {
        var copy = data
        for index in 0..<8 { copy[copy.startIndex + offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
        return copy
    }

    @Test("a recording's packets are sound, with its metadata packetized or as text")
    func soundRecording() throws {
        for name in ["packetized-two-packets.bin", "text-two-packets.bin"] {
            let (metadata, stream) = try Self.seed(name)
            let result = Self.check(metadata, stream)
            #expect(result.status == LIFETRACE_CTF_CHECK_SOUND, "\(name)")
            #expect(
                result.findings.lost.isEmpty && result.findings.warnings.isEmpty && result.findings.fatal.isEmpty,
                "\(name): \(result.findings.lost) \(result.findings.warnings) \(result.findings.fatal)")
        }
    }

    @Test("an impossible second packet is dropped at its byte, and the sanitized stream is the first packet, sound")
    func impossibleSecondPacket() throws {
        let (metadata, stream) = try Self.seed("packetized-two-packets.bin")
        let second = 4096
        // The context after the 32-byte header: timestamp_begin, timestamp_end, content_size,
        // packet_size, packet_seq_num, events_discarded.
        let damages: [(String, Data)] = [
            ("timestamp_end before timestamp_begin", Self.patched(stream, at: second + 40, 1)),
            ("content_size past packet_size", Self.patched(stream, at: second + 48, 4097 * 8)),
            ("packet_size not in whole bytes", Self.patched(stream, at: second + 56, 4096 * 8 - 1)),
            ("packet_seq_num going back", Self.patched(stream, at: second + 64, 0)),
            ("events_discarded at 2^64 - 1", Self.patched(stream, at: second + 72, .max)),
        ]
        for (label, damaged) in damages {
            let result = Self.check(metadata, damaged)
            #expect(result.status == LIFETRACE_CTF_CHECK_SANITIZED, "\(label)")
            #expect(result.findings.lost.map(\.offset) == [UInt64(second)], "\(label): \(result.findings.lost)")
            let sanitized = try #require(result.sanitized, "\(label)")
            #expect(sanitized == stream.prefix(second), "\(label): the sanitized stream is not the first packet")
            #expect(Self.check(metadata, sanitized).status == LIFETRACE_CTF_CHECK_SOUND, "\(label)")
        }
    }

    @Test("metadata text cut inside a block is fatal, naming the block's byte")
    func textCut() throws {
        let (metadata, stream) = try Self.seed("text-two-packets.bin")
        let text = String(decoding: metadata, as: UTF8.self)
        let block = try #require(text.range(of: "stream {"))
        let opened = text.utf8.distance(from: text.startIndex, to: block.lowerBound)
        let cut = metadata.prefix(opened + 20)
        let result = Self.check(cut, stream)
        #expect(result.status == LIFETRACE_CTF_CHECK_FAILED)
        #expect(result.findings.fatal.count == 1)
        #expect(result.findings.fatal.first?.offset == UInt64(cut.count), "\(result.findings.fatal)")
        #expect(
            result.findings.fatal.first?.message.contains("a stream block opened at byte \(opened)") == true,
            "\(result.findings.fatal)")
    }

    @Test("a packet header holding structures that each hold the one before twice is measured at once, and not read")
    func nestedStructures() throws {
        let (metadata, stream) = try Self.seed("text-two-packets.bin")
        var text = String(decoding: metadata, as: UTF8.self)
        var declarations = "struct s0 { uint8_t a; uint8_t b; };\n"
        for level in 1...61 { declarations += "struct s\(level) { struct s\(level - 1) a; struct s\(level - 1) b; };\n" }
        text = text.replacingOccurrences(of: "trace {", with: declarations + "trace {")
        text = text.replacingOccurrences(of: "packet.header := struct {", with: "packet.header := struct { struct s61 big;")
        let clock = ContinuousClock()
        let started = clock.now
        let result = Self.check(Data(text.utf8), stream)
        #expect(clock.now - started < .seconds(5), "measuring the nested structures took \(clock.now - started)")
        #expect(result.status == LIFETRACE_CTF_CHECK_SOUND)
        #expect(result.findings.warnings.count == 1)
        #expect(result.findings.warnings.first?.contains("field `big`") == true, "\(result.findings.warnings)")
    }
}
