import ArgumentParser
import LifetraceAnalysis
import LifetracePerfetto

/// `lifetrace export TRACE --format chrome -o trace.json`: the trace for the Perfetto UI and
/// chrome://tracing; `--format perfetto -o trace.perfetto-trace`: Perfetto's native protobuf, streamed.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Convert a trace to the Chrome trace event format or Perfetto's native format (Perfetto UI).",
        discussion: """
            chrome: nested intervals become complete events per thread, overlapping ones async events; \
            instants are instant events; the process and threads are named. perfetto: TrackEvent \
            packets, written as the trace is read: slices on thread tracks, spans and transitions on \
            async tracks, flows, counters (views per layout pass, solver rows, frames over budget), \
            fields as debug annotations. Unreadable lines are reported on standard error, the export \
            covers the valid lines, and the exit status is 1.

            Example: lifetrace export /tmp/demo.jsonl --format chrome -o /tmp/demo.json
            Example: lifetrace export /tmp/demo.jsonl --format perfetto -o /tmp/demo.perfetto-trace
            """)

    /// The formats `export` writes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case chrome
        case perfetto
    }

    @Argument(
        help: "The trace: a JSON-lines file (- for standard input), an LTTng trace directory or a live session's net:// URL.")
    var trace: String

    @Option(help: "The output format.")
    var format: Format = .chrome

    @Option(name: .shortAndLong, help: "The file to write (- for standard output).")
    var output: String

    @Option(help: "The process name shown in the viewer.")
    var processName: String = "lifetrace"

    func run() throws {
        switch format {
        case .chrome:
            let loaded = try TraceInput.load(trace)
            try TraceInput.write(ChromeTraceExporter(processName: processName).export(loaded), to: output)
            if !loaded.issues.isEmpty { throw ExitCode.failure }
        case .perfetto:
            // Streamed: each event's packets are written as it is read.
            let reader = try TraceInput.open(trace)
            let file = try TraceOutput(output)
            let writer = PerfettoTraceWriter(processName: processName) { bytes in
                file.buffer.append(bytes)
                try file.flushIfFull()
            }
            try TraceInput.forEach(reader) { try writer.add($0) }
            try writer.finish()
            try file.finish()
            if TraceInput.report(reader) { throw ExitCode.failure }
        }
    }
}
