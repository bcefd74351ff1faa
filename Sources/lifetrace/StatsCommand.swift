import ArgumentParser
import Lifetrace
import LifetraceAnalysis
import LifetraceCTF

/// `lifetrace stats TRACE`: durations per hook (or per controller and hook), layout passes and
/// transitions of a JSON-lines trace.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count, total, p50, p90, p99 and max of each hook's durations; layout passes; transitions.",
        discussion: """
            TRACE is a JSON-lines trace (a jsonl sink's output; - reads standard input), an LTTng \
            trace directory (a session's output, read natively), or a live session's URL \
            (net://HOST/host/HOSTNAME/SESSION; or use --live, once per session to read several \
            hosts' sessions together, their events merged). The trace streams through in one pass: \
            memory does not grow with its length. Percentiles are nearest-rank, exact up to 16 384 \
            durations per row and within 0.1 % beyond. --rows bounds the passes and transitions \
            listed, in the JSON too; the summaries cover all. A recorded LTTng trace is read on \
            --jobs threads (default: the cores), each building the events of its share of the \
            records, and a JSON-lines file of 8 MiB or more on up to as many, each parsing a part \
            of its bytes; the statistics are the same.

            Unreadable lines are reported on standard error with their line numbers, the statistics \
            cover the valid lines, and the exit status is 1; so are an LTTng trace's damaged packets \
            (with their files and bytes). A trace that cannot be read to its end (an I/O error, an \
            event babeltrace2 cannot decode) is reported, the statistics cover the events before it \
            (none are printed when there were none), and the exit status is 1. Events the tracer \
            discarded are reported as a warning. A live session is followed until it is destroyed; SIGINT or \
            SIGTERM ends it at once (whatever the relay does), printing the statistics of what was read, \
            as does a relay lost on the way (exit status 1).

            Example: lifetrace run Scenarios/tab-switch.scenario --sink jsonl | lifetrace stats - --by-controller
            """)

    @Argument(help: "The trace: a JSON-lines file (- for standard input), an LTTng trace directory, or a net:// URL.")
    var trace: String?

    @Option(
        help: """
            Follow a live session (net://HOST/host/HOSTNAME/SESSION) until it is destroyed, then print its statistics; \
            repeated, follow several sessions together.
            """)
    var live: [String] = []

    @Flag(help: "Split each hook's statistics by controller.")
    var byController = false

    @Flag(help: "Print JSON (durations in nanoseconds) instead of tables.")
    var json = false

    @Option(help: "List at most this many layout passes and transitions one by one in the tables.")
    var rows: Int = 20

    @Option(
        help: """
            Read a recorded LTTng trace on this many threads, each building the events of its share of \
            the records, and a JSON-lines file of 8 MiB or more on up to this many, each parsing a \
            part of it (default: the cores online).
            """)
    var jobs: Int?

    func validate() throws {
        guard (trace == nil) != live.isEmpty else {
            throw ValidationError("expected a TRACE or --live URL (one of them)")
        }
        if let jobs, jobs < 1 { throw ValidationError("expected --jobs to be at least 1, got \(jobs)") }
    }

    func run() throws {
        if !live.isEmpty { try runLive(live, missingSession: .fail) }
        if let trace, TraceInput.isLiveURL(trace) { try runLive([trace], missingSession: .fail) }
        let reader = try TraceInput.open(trace ?? "-")
        var accumulator = TraceStatistics.Accumulator(byController: byController, listing: max(rows, 0))
        // A recorded LTTng trace or a large JSON-lines file: the other shares are read on threads
        // of their own.
        let others = PartitionedReading(reader, jobs: jobs ?? PartitionedReading.cores, accumulator: accumulator)
        // A read error ends the reading, not the statistics: they cover the events before it. With
        // none before it (a live session that does not exist), there are no statistics to print.
        var stopped = TraceInput.forEachUntilError(reader, readElsewhere: others.readElsewhere) { accumulator.add($0) }
        var summary = reader.summary
        let stoppedEarly = stopped || (reader as? JSONLinesReader)?.stoppedAtLongLine == true
        if let failure = others.finish(into: &accumulator, summary: &summary, stoppedEarly: stoppedEarly), !stopped {
            // The command's reader read to the end, another share's did not (its trace is the same).
            StandardError.writeLine("lifetrace: \(failure)")
            stopped = true
        }
        let unreadable = TraceInput.report(reader, summary: summary)
        let statistics = accumulator.statistics(source: reader.source, issues: summary.issueCount)
        if stopped && statistics.events == 0 { throw ExitCode.failure }
        try TraceInput.write(json ? statistics.json() + "\n" : statistics.table(maxRows: max(rows, 0)), to: "-")
        if unreadable || stopped { throw ExitCode.failure }
    }

    /// Follows the live session at `url` until it ends, then prints its statistics; a signal
    /// (SIGINT, SIGTERM) or a relay lost on the way ends it early with the statistics of what was
    /// read. The reading happens on a thread of its own, so the relay cannot hold the command.
    private func runLive(_ urls: [String], missingSession: CTFTraceReader.MissingSession) throws -> Never {
        Interruption.install()
        let url = urls.joined(separator: " ")
        let follow = try LiveFollow(
            urls: urls, missingSession: missingSession,
            accumulator: TraceStatistics.Accumulator(byController: byController, listing: max(rows, 0)))
        let ending = follow.wait(until: nil)
        if case .unreachable(let issue) = ending {
            StandardError.writeLine("lifetrace: \(issue)")
            throw follow.finish(status: 1)
        }
        let (statistics, summary) = follow.withProgress {
            ($0.accumulator.statistics(source: url, issues: $0.summary.issueCount), $0.summary)
        }
        var status: Int32 = 0
        do {
            try TraceInput.write(json ? statistics.json() + "\n" : statistics.table(maxRows: max(rows, 0)), to: "-")
        } catch {
            status = 1
        }
        if let explanation = follow.explanation(of: ending) {
            StandardError.writeLine(explanation)
            status = 1
        }
        if TraceInput.report(summary, source: url) { status = 1 }
        throw follow.finish(status: status)
    }
}
