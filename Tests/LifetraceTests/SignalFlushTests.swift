import Foundation
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM, SIGINT and SIGHUP write out what the sinks hold, then end the process as the signal
/// would have: a run stopped in the middle leaves every event it emitted, whole lines only.
@Suite struct SignalFlushTests {
    @Test("a stopped run keeps every event it emitted", .needs("jq"), arguments: [SIGTERM, SIGINT, SIGHUP])
    func stoppedRunKeepsItsEvents(signalNumber: Int32) throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let scenario = directory.path("wait.scenario")
            try "nav Nav First\nlaunch Nav\npush Second\nwait 120s\npop\n".write(
                toFile: scenario, atomically: true, encoding: .utf8)
            let trace = directory.path("run.jsonl")
            // The text sink on stderr writes each record at once: it tells when the run is waiting.
            let run = try BackgroundProcess(
                binary, ["run", scenario, "--clock", "real", "--sink", "jsonl=\(trace)", "--sink", "text=stderr"],
                name: "run", in: directory)
            defer { run.stop() }
            let waiting = BackgroundProcess.wait(upTo: 60) { run.errors().contains("wait 120s") }
            try #require(waiting != nil, "the run never reached its wait step: \(run.errors())")
            // The JSON lines are still in the sink's buffer (a run this short fills no block).
            #expect((try? String(contentsOfFile: trace, encoding: .utf8))?.isEmpty ?? true)
            kill(run.pid, signalNumber)
            let status = run.waitForExit(upTo: 30)
            #expect(status == signalNumber, "the process should end by the signal, as it would have without the flush")
            let seqs = try JQ.raw(".seq", file: trace).compactMap { Int($0) }
            #expect(!seqs.isEmpty && seqs == Array(1...seqs.count), "events missing or torn: \(seqs.suffix(3))")
            let last = try JQ.lines("[.event, .phase, .text]", file: trace).last
            #expect(last == #"["scenario.step","begin","wait 120s"]"#)
        }
    }

    /// Before: the flush on a signal wrote each sink out while emission went on, so records
    /// emitted after a sink's flush stayed in its buffer and were lost unreported (a second sink,
    /// flushed later, had 7 to 376 more). Then the outputs were closed at one moment while emission
    /// went on: the event an emitting thread was between two sinks with reached one of them only,
    /// and later events were dropped, counted, and never reported (the process ends by the signal).
    /// Now the signal stops emission first: every sink ends at the same event, and nothing is
    /// dropped. Several runs, as the event between two sinks is a matter of timing.
    @Test("a signal during emission: two sinks end at the same event, whole lines, nothing dropped", .needs("jq"))
    func sinksEndTogether() throws {
        let binary = try LifetraceBinary.path()
        for run in 1...6 {
            try withScratchDirectory { directory in
                let first = directory.path("first.jsonl")
                let second = directory.path("second.jsonl")
                let emit = try BackgroundProcess(
                    binary, ["emit", "--count", "50000000", "--threads", "2"], name: "emit", in: directory,
                    environment: ["LIFETRACE_SINKS": "jsonl=\(first),jsonl=\(second)"])
                defer { emit.stop() }
                // Ready when both files have taken a block of records: emission is under way.
                let writing = BackgroundProcess.wait(upTo: 60) {
                    [first, second].allSatisfy {
                        ((try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? Int ?? 0) > 0
                    }
                }
                try #require(writing != nil, "emit never wrote: \(emit.errors())")
                kill(emit.pid, SIGTERM)
                #expect(emit.waitForExit(upTo: 30) == SIGTERM)
                let a = try JQ.raw(".seq", file: first).compactMap { Int($0) }
                let b = try JQ.raw(".seq", file: second).compactMap { Int($0) }
                #expect(
                    !a.isEmpty && a == Array(1...a.count) && b == Array(1...b.count),
                    "run \(run): torn or missing: \(a.suffix(2)) \(b.suffix(2))")
                #expect(a.count == b.count, "run \(run): the sinks ended \(abs(a.count - b.count)) events apart")
                #expect(!emit.errors().contains("dropped"), "run \(run): \(emit.errors())")
            }
        }
    }
}
