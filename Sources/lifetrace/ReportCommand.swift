import ArgumentParser
import LifetraceAnalysis

/// `lifetrace report TRACE -o report.html`: a self-contained HTML page with a timeline and the
/// statistics.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained HTML report: a timeline (a lane per controller) and the statistics.",
        discussion: """
            The page needs no network. Unreadable lines are reported on standard error with their \
            line numbers, the report covers the valid lines, and the exit status is 1.

            Example: lifetrace report /tmp/demo.jsonl -o /tmp/demo.html
            """)

    @Argument(help: "The trace: a JSON-lines file, or - for standard input.")
    var trace: String

    @Option(name: .shortAndLong, help: "The HTML file to write (- for standard output).")
    var output: String

    @Option(help: "The report's heading (default: the trace's path).")
    var title: String?

    func run() throws {
        let loaded = try TraceInput.load(trace)
        try TraceInput.write(HTMLReport(title: title).render(loaded), to: output)
        if !loaded.issues.isEmpty { throw ExitCode.failure }
    }
}
