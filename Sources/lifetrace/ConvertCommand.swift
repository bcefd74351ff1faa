import ArgumentParser
import Lifetrace
import LifetraceAnalysis

/// `lifetrace convert TRACE -o FILE.jsonl`: an LTTng trace (or JSON lines) to JSON lines, streamed.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an LTTng trace (a session's directory, or a live URL) to JSON lines, streaming.",
        discussion: """
            The output has the keys, order and meaning of the jsonl sink (docs/json-lines.md), so every \
            tool reads both: record for record it equals the sink's output of the same run but for \
            `ts` (LTTng's timestamp) and `dur_ns` (the end's timestamp less its begin's); `pid` is \
            LTTng's `vpid` context (tools/lttng-record adds it). Events the tracer discarded and \
            lost packets are reported on standard error. Memory stays bounded whatever the trace's \
            size. A JSON-lines input is re-written in canonical form. Each event of an LTTng trace \
            carries its `host` (the trace's hostname); several live URLs (a fleet's hosts' sessions) \
            are read together, their events merged in timestamp order.

            Exit status: 0 when converted; 1 when the trace cannot be read, has unreadable lines, \
            or the output cannot be written (a file is then left untouched).

            Example: lifetrace convert ~/lttng-traces/mysession-20261123-101500 -o run.jsonl
            """)

    @Argument(
        help: "The trace: an LTTng trace directory, net:// live URLs (one or more), or JSON lines (- for standard input).")
    var traces: [String]

    func validate() throws {
        guard !traces.isEmpty else { throw ValidationError("expected a trace") }
        guard traces.count == 1 || traces.allSatisfy(TraceInput.isLiveURL) else {
            throw ValidationError("several traces are read together only as live URLs (net://…)")
        }
    }

    @Option(name: .shortAndLong, help: "The JSON-lines file to write (- for standard output).")
    var output: String = "-"

    func run() throws {
        let reader = try TraceInput.open(traces)
        let out = try TraceOutput(output)
        try TraceInput.forEach(reader) { event in
            JSONLineFormat.append(event, to: &out.buffer)
            try out.flushIfFull()
        }
        try out.finish()
        let unreadable = TraceInput.report(reader)
        var summary = "lifetrace convert: \(reader.summary.events) events"
        if reader.summary.discardedEvents > 0 { summary += "; \(reader.summary.discardedEvents) events discarded" }
        if reader.summary.lostPackets > 0 { summary += "; \(reader.summary.lostPackets) packets lost" }
        StandardError.writeLine(summary)
        if unreadable { throw ExitCode.failure }
    }
}
