import ArgumentParser
import LifetraceAnalysis

/// `lifetrace export TRACE --format chrome -o trace.json`: the trace for the Perfetto UI and
/// chrome://tracing.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a trace to the Chrome trace event format (Perfetto UI, chrome://tracing).",
        discussion: """
            Nested intervals become complete events per thread, overlapping ones async events; \
            instants are instant events; the process and threads are named. Unreadable lines are \
            reported on standard error, the export covers the valid lines, and the exit status is 1.

            Example: lifetrace export /tmp/demo.jsonl --format chrome -o /tmp/demo.json
            """)

    /// The formats `export` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case chrome
    }

    @Argument(help: "The trace: a JSON-lines file, or - for standard input.")
    var trace: String

    @Option(help: "The output format.")
    var format: Format = .chrome

    @Option(name: .shortAndLong, help: "The file to write (- for standard output).")
    var output: String

    @Option(help: "The process name shown in the viewer.")
    var processName: String = "lifetrace"

    func run() throws {
        let loaded = try TraceInput.load(trace)
        switch format {
        case .chrome:
            try TraceInput.write(ChromeTraceExporter(processName: processName).export(loaded), to: output)
        }
        if !loaded.issues.isEmpty { throw ExitCode.failure }
    }
}
