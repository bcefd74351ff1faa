import Foundation
import Instrumentation
import Lifetrace
import LifetraceTracing
import Testing
import Tracing

/// LifetraceTracer: spans as intervals of the `span` hook, with their W3C ids and what the code said.
@Suite("swift-distributed-tracing tracer")
struct TracerTests {
    private static func recorded(_ body: () async throws -> Void) async rethrows -> [Event] {
        let sink = RecordingSink()
        try await LifetraceSystem.withSink(sink) { try await body() }
        return sink.events
    }

    private static func field(_ event: Event, _ key: String) -> String? {
        event.details.fields?[key]?.string
    }

    @Test("a span is a begin and an end of the span hook, named by the operation, identified by its span id")
    func spanIsInterval() async throws {
        let tracer = LifetraceTracer()
        let events = await Self.recorded {
            tracer.withSpan("GET /users", ofKind: .server) { span in
                span.attributes["http.method"] = "GET"
                span.attributes["http.status_code"] = 200
                span.setStatus(SpanStatus(code: .ok))
            }
        }
        try #require(events.count == 2)
        let (begin, end) = (events[0], events[1])
        #expect(begin.hook == .span && begin.phase == .begin && end.hook == .span && end.phase == .end)
        #expect(begin.subject == end.subject)
        #expect(begin.subject.name == "GET /users")
        let spanID = try #require(Self.field(begin, "span_id"))
        #expect(spanID.count == 16)
        #expect(begin.subject.id == UInt(spanID, radix: 16))
        #expect(Self.field(begin, "trace_id")?.count == 32)
        #expect(Self.field(begin, "trace_id") == Self.field(end, "trace_id"))
        #expect(Self.field(begin, "parent_span_id") == nil)
        #expect(Self.field(begin, "kind") == "server")
        #expect(
            end.details.fields?["attributes"]
                == .object([
                    Field("http.method", .string("GET")), Field("http.status_code", .integer(200)),
                ]))
        #expect(end.details.fields?["status"] == .object([Field("code", .string("ok"))]))
        #expect(end.duration != nil)
    }

    @Test("a child span shares its parent's trace id and names the parent's span id")
    func childSpan() async throws {
        let tracer = LifetraceTracer()
        let events = await Self.recorded {
            tracer.withSpan("parent") { parent in
                tracer.withSpan("child", context: parent.context) { _ in }
            }
        }
        let begins = events.filter { $0.phase == .begin }
        try #require(begins.map(\.subject.name) == ["parent", "child"])
        #expect(Self.field(begins[1], "trace_id") == Self.field(begins[0], "trace_id"))
        #expect(Self.field(begins[1], "parent_span_id") == Self.field(begins[0], "span_id"))
        #expect(Self.field(begins[1], "span_id") != Self.field(begins[0], "span_id"))
        #expect(events.map(\.phase) == [.begin, .begin, .end, .end])
    }

    @Test("the task's current span is the parent across awaits; a span may end on another task")
    func acrossAwaits() async throws {
        let tracer = LifetraceTracer()
        let events = try await Self.recorded {
            try await tracer.withSpan("request") { _ in
                try await Task.sleep(for: .milliseconds(2))
                let open = tracer.startSpan("handoff")
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        try? await Task.sleep(for: .milliseconds(2))
                        open.end()
                    }
                }
            }
        }
        let request = try #require(events.first { $0.subject.name == "request" && $0.phase == .begin })
        let handoff = events.filter { $0.subject.name == "handoff" }
        try #require(handoff.map(\.phase) == [.begin, .end])
        #expect(Self.field(handoff[0], "parent_span_id") == Self.field(request, "span_id"))
        #expect((handoff[1].duration ?? 0) >= 2_000_000)
    }

    @Test("errors, events and links: recorded errors and links on the end, events as instants")
    func errorsEventsLinks() async throws {
        struct Failure: Error, CustomStringConvertible { var description: String { "it broke" } }
        let tracer = LifetraceTracer()
        let events = await Self.recorded {
            let other = tracer.startSpan("other")
            other.end()
            let span = tracer.startSpan("work")
            span.addEvent(SpanEvent(name: "cache miss", attributes: ["key": "k1"]))
            span.recordError(Failure())
            span.addLink(SpanLink(context: other.context, attributes: [:]))
            span.setStatus(SpanStatus(code: .error, message: "failed"))
            span.end()
            span.end()
        }
        let work = events.filter { $0.subject.name == "work" }
        try #require(work.map(\.phase) == [.begin, .instant, .end], "a second end adds nothing")
        #expect(work[1].details.text == "cache miss")
        #expect(work[1].details.fields?["attributes"] == .object([Field("key", .string("k1"))]))
        let fields = try #require(work[2].details.fields)
        #expect(fields["status"] == .object([Field("code", .string("error")), Field("message", .string("failed"))]))
        guard case .list(let errors) = fields["errors"], case .object(let error) = errors.first else {
            Issue.record("no errors: \(fields)")
            return
        }
        #expect(error["message"] == .string("it broke"))
        #expect(error["type"]?.string?.hasSuffix("Failure") == true)
        let otherBegin = try #require(events.first { $0.subject.name == "other" })
        #expect(
            fields["links"]
                == .list([
                    .object([
                        Field("trace_id", otherBegin.details.fields?["trace_id"] ?? .string("?")),
                        Field("span_id", otherBegin.details.fields?["span_id"] ?? .string("?")),
                    ])
                ]))
    }

    @Test("traceparent: injected as 00-TRACE-SPAN-01, extracted as the parent of the next span")
    func traceparentRoundTrip() async throws {
        let tracer = LifetraceTracer()
        var headers: [String: String] = [:]
        var clientSpanID: String?
        var clientTraceID: String?
        let events = await Self.recorded {
            tracer.withSpan("client call", ofKind: .client) { span in
                tracer.inject(span.context, into: &headers, using: DictionaryInjector())
                clientSpanID = span.traceContext.spanID.description
                clientTraceID = span.traceContext.traceID.description
            }
        }
        let header = try #require(headers["traceparent"])
        #expect(header == "00-\(clientTraceID ?? "")-\(clientSpanID ?? "")-01")
        #expect(Self.field(events[0], "span_id") == clientSpanID)

        // The server, in another process as far as it knows: a context from the header alone.
        var context = InstrumentationContext.topLevel
        tracer.extract(headers, into: &context, using: DictionaryExtractor())
        let serverEvents = await Self.recorded {
            tracer.withSpan("handle", context: context, ofKind: .server) { _ in }
        }
        let begin = try #require(serverEvents.first)
        #expect(Self.field(begin, "trace_id") == clientTraceID)
        #expect(Self.field(begin, "parent_span_id") == clientSpanID)

        var untouched = InstrumentationContext.topLevel
        tracer.extract(["traceparent": "not a header"], into: &untouched, using: DictionaryExtractor())
        #expect(untouched.lifetraceTraceContext == nil)
    }

    @Test("JSON lines: trace_id, span_id, parent_span_id, kind, attributes, status as keys")
    func jsonLines() async throws {
        let tracer = LifetraceTracer()
        let events = await Self.recorded {
            tracer.withSpan("outer") { outer in
                tracer.withSpan("inner", context: outer.context) { inner in inner.attributes["n"] = 3 }
            }
        }
        let innerEnd = try #require(events.first { $0.subject.name == "inner" && $0.phase == .end })
        let line = JSONLineFormat.line(innerEnd)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "span")
        #expect(object["controller"] as? String == "inner")
        #expect((object["trace_id"] as? String)?.count == 32)
        #expect(object["parent_span_id"] as? String == Self.field(events[0], "span_id"))
        #expect(object["kind"] as? String == "internal")
        #expect((object["attributes"] as? [String: Int]) == ["n": 3])
        #expect(object["dur_ns"] is Int)
    }
}

struct DictionaryInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) { carrier[key] = value }
}

struct DictionaryExtractor: Extractor {
    func extract(key: String, from carrier: [String: String]) -> String? { carrier[key] }
}

extension TracerTests {
    @Test("text: a span line names the operation, its span id, and its fields as key=value")
    func textLine() async throws {
        let tracer = LifetraceTracer()
        let events = await Self.recorded {
            tracer.withSpan("GET /users", ofKind: .server) { span in span.attributes["n"] = 1 }
        }
        let end = try #require(events.last)
        let line = TextSink.Format(showsEnds: true).line(end)
        let spanID = try #require(end.details.fields?["span_id"]?.string)
        let traceID = try #require(end.details.fields?["trace_id"]?.string)
        let prefix = "<GET /users: 0x\(spanID.drop { $0 == "0" })> span trace_id=\(traceID) span_id=\(spanID) kind=server"
        #expect(line.hasPrefix(prefix + " attributes={\"n\":1} end "), "\(line)")
    }
}
