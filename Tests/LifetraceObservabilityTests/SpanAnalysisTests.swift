import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceLogging
import LifetracePerfetto
import LifetraceTestSupport
import LifetraceTracing
import Logging
import PerfettoProtos
import Testing
import Tracing

/// Spans and log records read back from JSON lines: statistics per span name, the Chrome export.
@Suite("spans in stats and export")
struct SpanAnalysisTests {
    /// Three `GET /users` spans with a `db` child each, one `GET /health`, and a log record, as a
    /// JSON-lines trace read back.
    private static func trace() throws -> Trace {
        let sink = RecordingSink()
        let tracer = LifetraceTracer()
        LifetraceSystem.withSink(sink) {
            let logger = Logger(label: "server") { LifetraceLogHandler(label: $0) }
            for _ in 0..<3 {
                tracer.withSpan("GET /users", ofKind: .server) { request in
                    tracer.withSpan("db", context: request.context) { _ in _ = usleep(200) }
                    logger.info("served")
                }
            }
            tracer.withSpan("GET /health", ofKind: .server) { span in span.addEvent(SpanEvent(name: "ok")) }
        }
        let text = sink.events.map(JSONLineFormat.line).joined()
        let trace = TraceReader.parse(text, source: "spans.jsonl")
        try #require(trace.issues.isEmpty, "\(trace.issues)")
        return trace
    }

    @Test("stats: one row per span name with its count and durations, beside the hooks")
    func statistics() throws {
        let statistics = TraceStatistics(try Self.trace())
        let rows = Dictionary(uniqueKeysWithValues: statistics.spans.map { ($0.controller ?? "", $0) })
        #expect(Set(rows.keys) == ["GET /users", "db", "GET /health"])
        #expect(rows["GET /users"]?.durations.count == 3)
        #expect(rows["db"]?.durations.count == 3)
        #expect((rows["db"]?.durations.p50 ?? 0) >= 200_000)
        #expect(rows["GET /health"]?.instants == 1)
        #expect((rows["GET /users"]?.durations.total ?? 0) >= (rows["db"]?.durations.total ?? .max))
        #expect(statistics.hooks.contains { $0.hook == "span" && $0.durations.count == 7 })
        #expect(statistics.hooks.contains { $0.hook == "log" && $0.instants == 3 })
        let table = statistics.table()
        #expect(table.contains("Spans by operation"), "\(table)")
        let usersLine = try #require(table.split(separator: "\n").first { $0.drop { $0 == " " }.hasPrefix("GET /users") })
        #expect(usersLine.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first == "3", "\(usersLine)")
    }

    @Test("stats: a span renamed while it ran (a server names it by its route once routed) counts under its final name")
    func renamedSpans() throws {
        let sink = RecordingSink()
        let tracer = LifetraceTracer()
        LifetraceSystem.withSink(sink) {
            for _ in 0..<2 {
                tracer.withSpan("HTTP GET route not found", ofKind: .server) { span in span.operationName = "GET /users/:id" }
            }
        }
        let trace = TraceReader.parse(sink.events.map(JSONLineFormat.line).joined(), source: "renamed.jsonl")
        try #require(trace.issues.isEmpty, "\(trace.issues)")
        let statistics = TraceStatistics(trace)
        #expect(statistics.spans.map(\.controller) == ["GET /users/:id"])
        #expect(statistics.spans.first?.durations.count == 2)
    }

    @Test("lifetrace stats and export --format chrome, on a JSON-lines file of spans")
    func commandLine() throws {
        let trace = try Self.trace()
        try withScratchDirectory { directory in
            let path = directory.path("spans.jsonl")
            try trace.events.map(JSONLineFormat.line).joined().write(toFile: path, atomically: true, encoding: .utf8)
            let stats = try runProcess(try LifetraceBinary.path(), ["stats", path])
            #expect(stats.status == 0, "\(stats)")
            #expect(stats.stdout.contains("Spans by operation"), "\(stats.stdout)")
            #expect(stats.stdout.contains("GET /health"), "\(stats.stdout)")
            let json = try runProcess(try LifetraceBinary.path(), ["stats", path, "--json"])
            #expect(json.stdout.contains("\"spans\""), "\(json.stdout)")
            let exported = directory.path("chrome.json")
            let export = try runProcess(try LifetraceBinary.path(), ["export", path, "--format", "chrome", "-o", exported])
            #expect(export.status == 0, "\(export)")
            #expect(try readText(exported).contains("\"name\":\"span db\""))
        }
    }

    @Test(
        "export --format perfetto: each db span flows to its GET /users parent; spans on a lane of their own, the ids annotated")
    func perfettoFlows() throws {
        let trace = try Self.trace()
        let packets = try Perfetto_Protos_Trace(serializedBytes: PerfettoTraceWriter.export(trace.events)).packet
        var names: [UInt64: String] = [:]
        var begins: [(name: String, event: Perfetto_Protos_TrackEvent)] = []
        var ends: [Perfetto_Protos_TrackEvent] = []
        var lanes = Set<UInt64>()
        for packet in packets {
            for name in packet.internedData.eventNames { names[name.iid] = name.name }
            if case .trackDescriptor(let track) = packet.data, track.name == "spans" { lanes.insert(track.uuid) }
            guard case .trackEvent(let event) = packet.data else { continue }
            if event.type == .sliceBegin { begins.append((names[event.nameIid] ?? "?", event)) }
            if event.type == .sliceEnd { ends.append(event) }
        }
        let db = begins.filter { $0.name == "span db" }
        let users = begins.filter { $0.name == "span GET /users" }
        #expect(db.count == 3 && users.count == 3)
        #expect(db.allSatisfy { $0.event.flowIds.count == 1 })
        #expect(users.allSatisfy { $0.event.flowIds.isEmpty })
        // Each flow ends at a parent's end, once.
        #expect(ends.flatMap(\.terminatingFlowIds).sorted() == db.flatMap(\.event.flowIds).sorted())
        #expect(begins.filter { $0.name.hasPrefix("span ") }.allSatisfy { lanes.contains($0.event.trackUuid) })
        #expect(users.allSatisfy { $0.event.debugAnnotations.count >= 4 }, "trace_id, span_id, kind and the id")
    }

    @Test("report: a Spans table by operation name")
    func report() throws {
        let html = HTMLReport().render(try Self.trace())
        let spans = try #require(html.range(of: "<h2>Spans</h2>"), "no Spans section")
        let after = html[spans.upperBound...]
        let table = after[..<(after.range(of: "</table>")?.upperBound ?? after.endIndex)]
        #expect(table.contains("<td class=\"text\">GET /users</td><td data-v=\"3.0\">3</td>"), "\(table)")
        #expect(table.contains("<td class=\"text\">db</td>"))
    }

    @Test("JSON lines read back keep a span's ids and kind and a record's level as fields")
    func decodedFields() throws {
        let trace = try Self.trace()
        let db = try #require(trace.events.first { $0.subject.name == "db" && $0.phase == .begin })
        let users = try #require(trace.events.first { $0.subject.name == "GET /users" && $0.phase == .begin })
        #expect(db.details.fields?["parent_span_id"] == users.details.fields?["span_id"])
        #expect(db.details.fields?["trace_id"] == users.details.fields?["trace_id"])
        #expect(users.details.fields?["kind"] == .string("server"))
        let log = try #require(trace.events.first { $0.hook == .log })
        #expect(log.details.fields?["level"] == .string("info"))
    }

    @Test("export --format chrome: spans by operation name, their ids in args")
    func chromeExport() throws {
        let trace = try Self.trace()
        let exported = ChromeTraceExporter().export(trace)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(exported.utf8)) as? [String: Any])
        let events = try #require(object["traceEvents"] as? [[String: Any]])
        let spans = events.filter { ($0["name"] as? String)?.hasPrefix("span ") == true && $0["ph"] as? String == "X" }
        #expect(spans.count == 7)
        let db = try #require(spans.first { $0["name"] as? String == "span db" })
        let args = try #require(db["args"] as? [String: Any])
        #expect((args["trace_id"] as? String)?.count == 32)
        #expect((args["parent_span_id"] as? String)?.count == 16)
        #expect(events.contains { $0["name"] as? String == "GET /health: ok" && $0["ph"] as? String == "i" })
    }
}
