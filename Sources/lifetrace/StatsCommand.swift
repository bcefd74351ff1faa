import ArgumentParser
import LifetraceAnalysis

/// `lifetrace stats TRACE`: durations per hook (or per controller and hook), layout passes and
/// transitions of a JSON-lines trace.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count, total, p50, p90, p99 and max of each hook's durations; layout passes; transitions.",
        discussion: """
            TRACE is a JSON-lines trace (a jsonl sink's output, or tools/ctf2jsonl's); - reads standard \
            input. Unreadable lines are reported on standard error with their line numbers, the \
            statistics cover the valid lines, and the exit status is 1.

            Example: lifetrace run Scenarios/tab-switch.scenario --sink jsonl | lifetrace stats - --by-controller
            """)

    @Argument(help: "The trace: a JSON-lines file, or - for standard input.")
    var trace: String

    @Flag(help: "Split each hook's statistics by controller.")
    var byController = false

    @Flag(help: "Print JSON (durations in nanoseconds) instead of tables.")
    var json = false

    @Option(help: "List at most this many layout passes and transitions one by one in the tables.")
    var rows: Int = 20

    func run() throws {
        let loaded = try TraceInput.load(trace)
        let statistics = TraceStatistics(loaded, byController: byController)
        print(json ? statistics.json() : statistics.table(maxRows: max(rows, 0)), terminator: json ? "\n" : "")
        if !loaded.issues.isEmpty { throw ExitCode.failure }
    }
}
