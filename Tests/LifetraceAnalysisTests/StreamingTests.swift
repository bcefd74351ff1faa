import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Reading and summarising traces one event at a time: the JSON-lines reader across its blocks and
/// from pipes, the duration recorder's exact and histogram regimes, the accumulator's bounded lists.
@Suite struct StreamingTests {
    /// `count` intervals of `hook` as JSON lines, the i-th lasting `duration(i)` ns.
    private static func lines(_ count: Int, _ hook: Hook = .viewDidLoad, duration: (Int) -> UInt64 = { UInt64($0 + 1) }) -> String
    {
        var text = ""
        for index in 0..<count {
            let begin = Event(
                seq: UInt64(2 * index + 1), timestamp: UInt64(index * 1_000), hook: hook, phase: .begin,
                subject: Subject(name: "A", id: 1))
            var end = begin
            end.seq += 1
            end.phase = .end
            end.duration = duration(index)
            text += JSONLineFormat.line(begin) + JSONLineFormat.line(end)
        }
        return text
    }

    @Test("a trace larger than the reader's block reads whole, lines cut across blocks included")
    func readsAcrossBlocks() throws {
        let text = Self.lines(12_000)  // about 2 MB: two blocks and more
        #expect(text.utf8.count > 2 * JSONLinesReader.blockSize)
        try withScratchDirectory { directory in
            let path = directory.path("big.jsonl")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let reader = try JSONLinesReader(path: path)
            var count = 0
            var lastSeq: UInt64 = 0
            while let event = try reader.next() {
                count += 1
                #expect(event.seq == lastSeq + 1)
                lastSeq = event.seq
            }
            #expect(count == 24_000)
            #expect(reader.position == 24_000)
            #expect(reader.summary.issueCount == 0)
        }
    }

    @Test("a line longer than a block widens the window; a last line without newline still counts")
    func longLineAndNoFinalNewline() throws {
        var event = Event(seq: 1, timestamp: 5, hook: .viewDidLoad, phase: .instant, subject: Subject(name: "A", id: 1))
        event.details.text = String(repeating: "x", count: 3 * JSONLinesReader.blockSize)
        var text = JSONLineFormat.line(event)
        event.seq = 2
        event.details.text = "short"
        text += String(JSONLineFormat.line(event).dropLast())  // no final newline
        try withScratchDirectory { directory in
            let path = directory.path("long.jsonl")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let trace = try Trace(reading: try JSONLinesReader(path: path))
            #expect(trace.events.map(\.seq) == [1, 2])
            #expect(trace.events[0].details.text?.count == 3 * JSONLinesReader.blockSize)
            #expect(trace.issues.isEmpty)
        }
    }

    @Test("a pipe reads as a file does; issues beyond the kept ones are counted")
    func readsFromAPipe() throws {
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        let text = Self.lines(500) + "not json\n" + String(repeating: "{\"seq\":\n", count: 200)
        let writeEnd = pipeEnds[1]
        let writer = Thread {
            text.utf8CString.withUnsafeBufferPointer { buffer in
                var offset = 0
                let total = buffer.count - 1
                while offset < total {
                    let written = write(writeEnd, buffer.baseAddress! + offset, total - offset)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        let reader = JSONLinesReader(fileDescriptor: pipeEnds[0], source: "<pipe>", closesDescriptor: true, keptIssues: 5)
        var count = 0
        while try reader.next() != nil { count += 1 }
        #expect(count == 1_000)
        #expect(reader.summary.issueCount == 201)
        #expect(reader.summary.issues.count == 5)
        #expect(reader.summary.issues.first?.line == 1_001)
    }

    @Test("a directory, a missing file: errors naming the path")
    func unreadableInputs() throws {
        try withScratchDirectory { directory in
            #expect(throws: TraceIssue.self) { try JSONLinesReader(path: directory.url.path) }
            do {
                _ = try JSONLinesReader(path: directory.path("missing.jsonl"))
                Issue.record("no error for a missing file")
            } catch {
                #expect("\(error)".hasPrefix(directory.path("missing.jsonl")))
            }
            // /dev/null is an empty trace, not an error.
            let empty = try JSONLinesReader(path: "/dev/null")
            #expect(try empty.next() == nil)
        }
    }

    @Test("a named pipe no one writes to opens at once and reads as empty, with a warning; one with a writer streams")
    func namedPipes() throws {
        try withScratchDirectory { directory in
            let path = directory.path("trace.fifo")
            #expect(mkfifo(path, 0o600) == 0)
            // Before: `open(2)` waited for a writer for ever.
            let silent = try JSONLinesReader(path: path)
            #expect(try silent.next() == nil)
            #expect(silent.summary.warnings.contains { $0.contains("a named pipe that no one wrote to") })

            // A writer that comes once the reader has opened: the reader streams what it sends.
            let reader = try JSONLinesReader(path: path)
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)
            #expect(descriptor >= 0)
            let text = Self.lines(3)
            #expect(text.withCString { write(descriptor, $0, strlen($0)) } == text.utf8.count)
            close(descriptor)
            var events = 0
            while try reader.next() != nil { events += 1 }
            #expect(reader.summary.warnings.isEmpty)
            #expect(events == 6)
        }
    }

    @Test("the recorder is exact up to its limit, then within 0.1 % with exact count, total and max")
    func recorderRegimes() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("StreamingTests.recorderRegimes seed: \(seed)")
        var generator = SeededRandom(seed: seed)
        let count = DurationRecorder.exactLimit * 4
        var values: [UInt64] = []
        var recorder = DurationRecorder()
        for index in 0..<count {
            // Log-uniform from 10 ns to 10 s: the range real hooks span.
            let value = UInt64(pow(10, 1 + 8 * Double(generator.next() % 1_000_000) / 1_000_000))
            values.append(value)
            recorder.record(value)
            if index + 1 == DurationRecorder.exactLimit {
                #expect(recorder.isExact)
                #expect(recorder.summary == DurationSummary(values), "seed \(seed)")
            }
        }
        #expect(!recorder.isExact)
        let exact = DurationSummary(values)
        let approximate = recorder.summary
        #expect(approximate.count == exact.count && approximate.total == exact.total && approximate.max == exact.max)
        for (got, wanted) in [(approximate.p50, exact.p50), (approximate.p90, exact.p90), (approximate.p99, exact.p99)] {
            let error = abs(Double(got) - Double(wanted)) / Double(wanted)
            #expect(error <= 0.001, "seed \(seed): \(got) for \(wanted)")
            #expect(got <= approximate.max)
        }
    }

    @Test(
        "recorders merged summarise as one recorder of every duration, below the exact limit and past it",
        arguments: [DurationRecorder.exactLimit / 2, DurationRecorder.exactLimit * 3])
    func mergedRecorders(count: Int) {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("StreamingTests.mergedRecorders seed: \(seed)")
        var generator = SeededRandom(seed: seed)
        var whole = DurationRecorder()
        var shares = [DurationRecorder](repeating: DurationRecorder(), count: 3)
        for _ in 0..<count {
            let value = UInt64(pow(10, 1 + 8 * Double(generator.next() % 1_000_000) / 1_000_000))
            whole.record(value)
            // Uneven shares: one may pass the exact limit while another does not.
            shares[Int(generator.next() % 5) % 3].record(value)
        }
        var merged = DurationRecorder()
        for share in shares { merged.merge(share) }
        #expect(merged.isExact == whole.isExact, "seed \(seed)")
        #expect(merged.summary == whole.summary, "seed \(seed)")
    }

    @Test("the accumulator lists at most `listing` passes but summarises all; sums saturate")
    func accumulatorBounds() {
        var accumulator = TraceStatistics.Accumulator(listing: 3)
        for index in 0..<10 {
            accumulator.add(
                Event(
                    seq: UInt64(index), timestamp: UInt64(index), hook: .layoutPass, phase: .end,
                    subject: Subject(name: "W", id: 1),
                    details: Details(count: Int.max / 4), duration: UInt64.max / 4))
        }
        let statistics = accumulator.statistics(source: "t")
        #expect(statistics.layoutPasses.count == 3)
        #expect(statistics.layout.passes == 10)
        #expect(statistics.layout.views == Int.max)
        #expect(statistics.hooks.first?.durations.total == UInt64.max)
        #expect(statistics.table().contains("… 7 more passes"))
    }
}
