import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceCTF
import LifetraceLTTng
import LifetraceTestSupport
import Testing

/// swift-log records and swift-distributed-tracing spans through the LTTng sink, recorded by
/// `tools/lttng-record` on the tests' own daemon: the emitter (`Tests/ObservabilityEmitter`) logs
/// and traces, the session filters, the trace reads back.
@Suite("swift-log and swift-distributed-tracing in LTTng", .needs("lttng", "lttng-sessiond", "babeltrace2", "jq"))
struct ObservabilityRecordingTests {
    /// The emitter, built beside the `lifetrace` executable.
    static func emitter() throws -> String {
        URL(fileURLWithPath: try LifetraceBinary.path()).deletingLastPathComponent().appendingPathComponent(
            "ObservabilityEmitter"
        ).path
    }

    /// LTTng-UST waits for the session daemon however long it takes, so no early record is lost.
    static let environment = ["LTTNG_UST_REGISTER_TIMEOUT": "-1"]

    /// The events of the recording's trace, read natively.
    static func events(of recording: Recording) throws -> [Event] {
        let reader = try CTFTraceReader(path: recording.trace)
        var events: [Event] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    @Test("--loglevel=TRACE_WARNING keeps warning, error and critical records, in the tracer")
    func logLevelFiltersInTracer() throws {
        let marker = "m\(UInt32.random(in: 0...UInt32.max))"
        try withRecording(
            ["--events", "lifetrace:log_*", "--loglevel", "TRACE_WARNING"], convert: false, environment: Self.environment,
            command: { [try Self.emitter(), "logs", marker, $0.path("ids")] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let ids = lines(try readText(recording.directory.path("ids")))
            try #require(ids.count == 2, "\(ids)")
            let spanID = ids[0]
            // The handler reports the lowest level the session records, so swift-log skips the rest.
            #expect(ids[1] == "warning")
            let lines = try recording.babeltrace().filter { $0.contains(marker) }
            let names = lines.compactMap { $0.firstMatch(of: #/ (lifetrace:log_\w+): /#).map { String($0.1) } }
            #expect(
                names == ["lifetrace:log_warning", "lifetrace:log_error", "lifetrace:log_critical", "lifetrace:log_error"],
                "\(lines)")
            let warning = try #require(lines.first)
            #expect(warning.contains(#"controller = "lttng-levels""#), "\(warning)")
            #expect(warning.contains("level = 4"), "\(warning)")
            #expect(warning.contains(#"text = "\#(marker) warning""#), "\(warning)")
            #expect(warning.contains(#"metadata = "{\"level\":\"warning\"}""#), "\(warning)")
            #expect(warning.contains(#"source = "ObservabilityEmitter""#), "\(warning)")
            #expect(warning.contains("main.swift"), "\(warning)")
            #expect(lines.last?.contains("span_id = 0x\(spanID.drop { $0 == "0" }.uppercased())") == true, "\(lines)")
            // Read back natively: instants of the log hook with their label, message, level and source.
            let records = try Self.events(of: recording).filter { $0.details.text?.hasPrefix(marker) == true }
            #expect(records.map(\.hook) == [.log, .log, .log, .log])
            #expect(records.compactMap { $0.details.fields?["level"]?.string } == ["warning", "error", "critical", "error"])
            #expect(records.allSatisfy { $0.subject.name == "lttng-levels" && $0.phase == .instant })
            #expect(records.first?.details.fields?["source"] == .string("ObservabilityEmitter"))
            #expect(records.first?.details.fields?["span_id"] == nil)
            #expect(records.last?.details.fields?["span_id"] == .string(spanID))
        }
    }

    @Test("every level's tracepoint when the session takes them all (TRACE_DEBUG and more severe)")
    func everyLevelWhenAllEnabled() throws {
        let marker = "m\(UInt32.random(in: 0...UInt32.max))"
        try withRecording(
            ["--events", "lifetrace:log_*", "--loglevel", "TRACE_DEBUG"], convert: false, environment: Self.environment,
            command: { [try Self.emitter(), "logs", marker, $0.path("ids")] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            #expect(lines(try readText(recording.directory.path("ids"))).last == "trace")
            let lines = try recording.babeltrace().filter { $0.contains(marker) }
            let names = lines.compactMap { $0.firstMatch(of: #/ lifetrace:(log_\w+): /#).map { String($0.1) } }
            #expect(
                names == [
                    "log_trace", "log_debug", "log_info", "log_notice", "log_warning", "log_error", "log_critical", "log_error",
                ],
                "\(lines)")
        }
    }

    @Test("a span renamed and ended on another thread: its end pairs with its begin, under its final name")
    func spanEndedOnAnotherThread() throws {
        let marker = "op-\(UInt32.random(in: 0...UInt32.max))"
        try withRecording(
            ["--events", "lifetrace:span*"], convert: false, environment: Self.environment,
            command: { [try Self.emitter(), "handoff", marker, $0.path("ids")] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let spanID = try readText(recording.directory.path("ids")).trimmingCharacters(in: .whitespacesAndNewlines)
            let events = try Self.events(of: recording).filter { $0.subject.name.hasPrefix(marker) }
            try #require(events.count == 2, "\(events)")
            let (begin, end) = (events[0], events[1])
            #expect(begin.phase == .begin && end.phase == .end)
            #expect(begin.thread != end.thread, "the emitter ends the span on a thread of its own")
            #expect(begin.subject.name == "\(marker) begun")
            #expect(end.subject.name == "\(marker) renamed")
            #expect(end.subject.id == UInt(spanID, radix: 16))
            #expect(end.duration != nil, "the end is paired with its begin across threads")
            #expect(end.details.fields?["span_id"] == .string(spanID))
        }
    }

    @Test("no session: the handler reports critical, so swift-log builds no info record; the run still succeeds")
    func noSessionReportsCritical() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        // A daemon-less LTTng home of its own: no session of another test or user reaches it.
        let result = try runProcess(
            try Self.emitter(), ["logs", "m\(UInt32.random(in: 0...UInt32.max))", directory.path("ids")],
            environment: ["LTTNG_HOME": directory.path(""), "LTTNG_UST_REGISTER_TIMEOUT": "0"])
        try #require(result.status == 0, "\(result)")
        #expect(lines(try readText(directory.path("ids"))).last == "critical")
    }

    @Test("lifetrace:span_entry/_exit carry the W3C ids; the trace reads back as span intervals")
    func spansRecorded() throws {
        let marker = "op-\(UInt32.random(in: 0...UInt32.max))"
        try withRecording(
            ["--events", "lifetrace:span*"], convert: false, environment: Self.environment,
            command: { [try Self.emitter(), "spans", marker, $0.path("ids")] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let ids = lines(try readText(recording.directory.path("ids")))
            try #require(ids.count == 3, "\(ids)")
            let (trace, parent, child) = (ids[0], ids[1], ids[2])
            let lines = try recording.babeltrace().filter { $0.contains(marker) }
            let names = lines.compactMap { $0.firstMatch(of: #/ lifetrace:(span\w*): /#).map { String($0.1) } }
            #expect(names == ["span_entry", "span_entry", "span", "span_exit", "span_exit"], "\(lines)")
            try #require(lines.count == 5)
            // babeltrace2 prints hexadecimal fields in capitals, without leading zeros.
            func hex(_ id: String) -> String { "0x" + id.drop { $0 == "0" }.uppercased() }
            // The trace id as two words (its first 8 bytes, its last 8) on every record of the span.
            let words = "trace_id_high = \(hex(String(trace.prefix(16)))), trace_id_low = \(hex(String(trace.suffix(16))))"
            #expect(lines.allSatisfy { $0.contains(words) }, "\(lines)")
            #expect(lines[0].contains("parent_id = 0x0,"), "\(lines[0])")
            // The kind an enumeration: babeltrace2 prints its label and number.
            #expect(lines[0].contains(#"kind = ( "server" : container = 2 )"#), "\(lines[0])")
            #expect(lines[3].contains(#"kind = ( "internal" : container = 1 )"#), "\(lines[3])")
            // The begin carries no more than the ids; the end adds what was set on the span.
            #expect(!lines[0].contains("attributes"), "\(lines[0])")
            #expect(lines[1].contains("parent_id = \(hex(parent)),"), "\(lines[1])")
            #expect(lines[1].contains(" id = \(hex(child)),"), "\(lines[1])")
            #expect(lines[2].contains(#"text = "cache miss""#), "\(lines[2])")
            #expect(lines[4].contains(#"status = "error: teapot""#), "\(lines[4])")
            // The child's attributes, set out of order and one removed: sorted, each shape written
            // as the JSON-lines sink writes it (babeltrace2 escapes the text's `"` and `\`).
            let childAttributes = #"{"a.list":["x","y"],"b.ratio":0.5,"m.count":7,"note":"say \"hi\"\tthen\\go","z.last":"end"}"#
            let printed = childAttributes.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
            #expect(lines[3].contains("attributes = \"\(printed)\""), "\(lines[3])")
            #expect(
                lines[4].contains(
                    #"attributes = "{\"cache.hit\":false,\"http.response.status_code\":200,\"http.route\":\"/users\"}""#),
                "\(lines[4])")
            // Read back: each span's begin and end paired by name and span id, with a duration and the ids.
            let events = try Self.events(of: recording).filter { $0.subject.name.hasPrefix(marker) }
            let ends = events.filter { $0.hook == .span && $0.phase == .end }
            #expect(ends.map(\.subject.name) == ["\(marker) child", "\(marker) parent"])
            #expect(ends.allSatisfy { $0.duration != nil })
            #expect(ends.first?.subject.id == UInt(child, radix: 16))
            let childBegin = try #require(events.first { $0.subject.name == "\(marker) child" && $0.phase == .begin })
            #expect(childBegin.details.fields?["trace_id"] == .string(trace))
            #expect(childBegin.details.fields?["span_id"] == .string(child))
            #expect(childBegin.details.fields?["parent_span_id"] == .string(parent))
            #expect(childBegin.details.fields?["kind"] == .string("internal"))
            #expect(events.first { $0.phase == .instant }?.details.text == "cache miss")
        }
    }

    /// The fields of a JSON-lines sink's record that its LTTng tracepoint carries too: a log record's
    /// all but `trace_id` (LTTng records only the `span_id` of its span) and `error` (not recorded);
    /// a span's event's all but `parent_span_id` (not recorded); a span's end's all but `name` (a
    /// renamed span ends under its final name, the `controller` of its LTTng end).
    static func fieldsLTTngCarries(of event: Event) -> [Field] {
        let left: Set<String> =
            event.hook == .log ? ["trace_id", "error"] : event.phase == .instant ? ["parent_span_id"] : ["name"]
        return (event.details.fields ?? []).filter { !left.contains($0.key) }
    }

    /// The events of a JSON-lines file.
    static func events(ofJSONLines path: String) throws -> [Event] {
        let reader = try JSONLinesReader(path: path)
        var events: [Event] = []
        while let event = try reader.next() { events.append(event) }
        #expect(reader.summary.issues.isEmpty, "\(path): \(reader.summary.issues)")
        return events
    }

    @Test(
        "one run through the lttng and jsonl sinks: the trace read natively and converted carries the JSON lines' fields",
        arguments: ["spans", "logs"])
    func fieldsAgreeWithJSONLines(mode: String) throws {
        let marker = "m\(UInt32.random(in: 0...UInt32.max))"
        try withRecording(
            ["--events", "lifetrace:span*", "--events", "lifetrace:log_*"], environment: Self.environment,
            command: { directory in
                [
                    try tool("env"), "LIFETRACE_SINKS=lttng,jsonl=\(directory.path("sink.jsonl"))", try Self.emitter(), mode,
                    marker,
                    directory.path("ids"),
                ]
            }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            func ours(_ event: Event) -> Bool {
                (event.hook == .span || event.hook == .log)
                    && (event.subject.name.hasPrefix(marker) || event.details.text?.hasPrefix(marker) == true)
            }
            let sink = try Self.events(ofJSONLines: recording.directory.path("sink.jsonl")).filter(ours)
            let native = try Self.events(of: recording).filter(ours)
            let converted = try Self.events(ofJSONLines: recording.converted).filter(ours)
            // spans: two begins, an event, two ends; logs: a record per level and one in a span.
            try #require(sink.count == (mode == "spans" ? 5 : 8), "\(sink.map { JSONLineFormat.line($0) })")
            try #require(native.map(\.seq) == sink.map(\.seq), "\(native.map(\.seq)) \(sink.map(\.seq))")
            #expect(converted.map(\.details) == native.map(\.details), "convert writes what the reader read")
            var compared: Set<String> = []
            for (recorded, written) in zip(native, sink) {
                #expect(recorded.hook == written.hook && recorded.phase == written.phase, "\(recorded) \(written)")
                #expect(recorded.subject.name == written.subject.name)
                #expect(recorded.details.text == written.details.text)
                #expect(
                    recorded.details.fields ?? [] == Self.fieldsLTTngCarries(of: written),
                    "seq \(written.seq):\n  lttng \((recorded.details.fields ?? []).map { "\($0.key)=\($0.value.json)" })\n  jsonl \(JSONLineFormat.line(written))"
                )
                compared.formUnion((recorded.details.fields ?? []).map(\.key))
            }
            // Not vacuous: every field the tracepoints carry was there to compare.
            let expected: Set<String> =
                mode == "spans"
                ? ["trace_id", "span_id", "parent_span_id", "kind", "attributes", "status", "errors", "links"]
                : ["level", "source", "metadata", "span_id", "file", "line", "function"]
            #expect(compared == expected)
            // The exceptions are there in the JSON lines: a record logged in a span names its trace.
            if mode == "logs" { #expect(sink.last?.details.fields?["trace_id"] != nil) }
        }
    }

    @Test("metadata that is no JSON a reader parses (nested past 64) is kept as its text, with one warning")
    func unparsedJSONTextIsKeptAsText() throws {
        let marker = "m\(UInt32.random(in: 0...UInt32.max))"
        try withRecording(
            ["--events", "lifetrace:log_*"], convert: false, environment: Self.environment,
            command: { [try Self.emitter(), "deep", marker, $0.path("ids")] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let reader = try CTFTraceReader(path: recording.trace)
            var records: [Event] = []
            while let event = try reader.next() {
                if event.details.text?.hasPrefix(marker) == true { records.append(event) }
            }
            try #require(records.count == 2)
            let nested = String(repeating: #"{"d":"#, count: 70) + #""bottom""# + String(repeating: "}", count: 70)
            #expect(records.allSatisfy { $0.details.fields?["metadata"] == .string(#"{"nested":"# + nested + "}") })
            #expect(records.allSatisfy { $0.details.fields?["level"] == .string("warning") }, "the other fields are read")
            let warnings = reader.summary.warnings.filter { $0.contains("not JSON") }
            #expect(warnings.count == 1, "\(reader.summary.warnings)")
            #expect(warnings.first?.contains("metadata") == true)
        }
    }
}
