import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceCTF
import LifetraceLTTng
import LifetraceTracing
import LifetraceTestSupport
import Testing
import Tracing

/// Spans through the LTTng sink, recorded by a real session of the test's own.
@Suite("spans in LTTng")
struct LTTngSpanTests {
    @Test("lifetrace:span_entry/_exit carry the W3C ids; the trace reads back as span intervals")
    func spansRecorded() throws {
        let marker = "op-\(UInt32.random(in: 0...UInt32.max))"
        var ids: (trace: String, parent: String, child: String) = ("", "", "")
        let (lines, events) = try TracedSession.with(enable: [["lifetrace:span*"]]) { session in
            LifetraceSystem.withSink(LTTngSink()) {
                #expect(waitUntil { LTTngSink().wants(.span, .begin) }, "the session's enablement never reached this process")
                let tracer = LifetraceTracer()
                tracer.withSpan("\(marker) parent", ofKind: .server) { parent in
                    parent.attributes["http.route"] = "/users"
                    tracer.withSpan("\(marker) child", context: parent.context) { child in
                        child.addEvent(SpanEvent(name: "cache miss"))
                        ids = (parent.traceContext.traceID.description, parent.traceContext.spanID.description,
                               child.traceContext.spanID.description)
                    }
                    parent.setStatus(SpanStatus(code: .error, message: "teapot"))
                }
            }
            try session.stop()
            let reader = try CTFTraceReader(path: session.trace)
            var events: [Event] = []
            while let event = try reader.next() { events.append(event) }
            return (try session.babeltrace().filter { $0.contains(marker) }, events.filter { $0.subject.name.hasPrefix(marker) })
        }
        let names = lines.compactMap { $0.firstMatch(of: #/ lifetrace:(span\w*): /#).map { String($0.1) } }
        #expect(names == ["span_entry", "span_entry", "span", "span_exit", "span_exit"], "\(lines)")
        try #require(lines.count == 5)
        #expect(lines[0].contains(#"trace_id = "\#(ids.trace)""#), "\(lines[0])")
        #expect(lines[0].contains("parent_id = 0x0,"), "\(lines[0])")
        #expect(lines[0].contains(#"kind = "server""#), "\(lines[0])")
        // babeltrace2 prints hexadecimal fields in capitals, without leading zeros.
        func hex(_ id: String) -> String { "0x" + id.drop { $0 == "0" }.uppercased() }
        #expect(lines[1].contains("parent_id = \(hex(ids.parent)),"), "\(lines[1])")
        #expect(lines[1].contains(" id = \(hex(ids.child)),"), "\(lines[1])")
        #expect(lines[2].contains(#"text = "cache miss""#), "\(lines[2])")
        #expect(lines[4].contains(#"status = "error: teapot""#), "\(lines[4])")
        #expect(lines[4].contains(#"attributes = "{\"http.route\":\"/users\"}""#), "\(lines[4])")
        // Read back: begin and end of each span, paired by name and span id, with a duration.
        let ends = events.filter { $0.hook == .span && $0.phase == .end }
        #expect(ends.map(\.subject.name) == ["\(marker) child", "\(marker) parent"])
        #expect(ends.allSatisfy { $0.duration != nil })
        #expect(ends.first?.subject.id == UInt(ids.child, radix: 16))
        let childBegin = try #require(events.first { $0.subject.name == "\(marker) child" && $0.phase == .begin })
        #expect(childBegin.details.fields?["trace_id"] == .string(ids.trace))
        #expect(childBegin.details.fields?["span_id"] == .string(ids.child))
        #expect(childBegin.details.fields?["parent_span_id"] == .string(ids.parent))
        #expect(childBegin.details.fields?["kind"] == .string("internal"))
        let event = try #require(events.first { $0.hook == .span && $0.phase == .instant })
        #expect(event.details.text == "cache miss")
    }
}
