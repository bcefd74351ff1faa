import Foundation
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `stats --jobs 2` of a recorded trace reads it with two readers; its progress line counts the
/// events of both.
extension LTTngRecordingTests {
    /// The event counts the progress lines of `shown` say (`reading T: 1.2 M events (…)`).
    static func progressCounts(_ shown: String) -> [Double] {
        shown.matches(of: #/: ([0-9.]+)( [kM])? events \(/#).compactMap { match in
            Double(match.1).map { $0 * (match.2 == " M" ? 1e6 : match.2 == " k" ? 1e3 : 1) }
        }
    }

    @Test("the progress line of stats --jobs 2 counts every reader's events")
    func partitionedProgress() throws {
        let binary = try LifetraceBinary.path()
        // 1 000 000 events: long enough a read for the line (it waits half a second).
        try withRecording(
            ["--subbuf-size", "8M", "--num-subbuf", "8"], convert: false, environment: Self.liveEmitter,
            command: { _ in [binary, "emit", "--count", "200000"] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let total = 1_000_000.0
            let (status, shown) = try PseudoTerminal.run(binary, ["stats", "--jobs", "2", recording.trace])
            #expect(status == 0)
            let counts = Self.progressCounts(shown)
            try #require(!counts.isEmpty, "no progress line: \(shown.suffix(300).debugDescription)")
            // The last line comes at most a quarter of a second before the end: past what the first
            // reader's share alone (about half of the events) could say.
            #expect(counts.max()! > 0.6 * total, "counts shown: \(counts)")
            #expect(counts.max()! <= total, "counts shown: \(counts)")
        }
    }
}
