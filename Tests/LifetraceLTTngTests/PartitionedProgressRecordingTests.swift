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

    /// Before: the readers' listed passes were merged by `seq`, which threads take in blocks of 256
    /// on the tracer path, so two threads' passes were listed one thread after the other.
    @Test("stats --jobs 2 of two threads' interleaved passes lists them as one reader does, in time")
    func partitionedListingInTime() throws {
        let binary = try LifetraceBinary.path()
        // Paced, so the two threads' records interleave (16 iterations at a time here).
        try withRecording(
            convert: false, environment: Self.liveEmitter,
            command: { _ in [binary, "emit", "--threads", "2", "--count", "400", "--rate", "5000"] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let one = try runProcess(binary, ["stats", recording.trace, "--jobs", "1", "--rows", "100"])
            try #require(one.status == 0, "\(one)")
            // The case it covers: the passes listed in time are not in `seq` order.
            let listed = one.stdout.matches(of: #/\n +([0-9]+) LayoutEngine/#).compactMap { Int($0.1) }
            #expect(listed.count == 100)
            #expect(listed != listed.sorted(), "the threads did not interleave: \(listed)")
            let two = try runProcess(binary, ["stats", recording.trace, "--jobs", "2", "--rows", "100"])
            #expect(two.status == 0, "\(two)")
            #expect(two.stdout == one.stdout)
        }
    }
}
