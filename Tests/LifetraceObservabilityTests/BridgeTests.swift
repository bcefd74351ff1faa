import Foundation
import InMemoryTracing
import Lifetrace
import LifetraceBridge
import LifetraceTracing
import MetricsTestKit
import Testing
import Tracing

/// The way out: hook intervals as spans of another tracer, durations as swift-metrics timers.
@Suite("bridge to tracers and metrics")
struct BridgeTests {
    private static let probe = Probe(name: "Inbox", id: 0x42)

    /// A `layoutPass` interval around a `viewDidLoad` one and a `willMove` instant, and a scenario
    /// step beside them.
    private static func emitHooks() {
        probe.withInterval(.layoutPass, Details(index: 7)) {
            probe.withInterval(.viewDidLoad, Details(animated: false)) { _ = usleep(300) }
            probe.emitEvent(.willMove, Details(target: Subject(name: "Nav", id: 1)))
        }
        let state = probe.beginInterval(.viewWillAppear, Details(animated: true))
        probe.endInterval(state, count: 3)
    }

    @Test("intervals become spans of the given tracer, nested by thread, with the hook's attributes")
    func spansForwarded() throws {
        let tracer = InMemoryTracer()
        LifetraceSystem.withSink(SpanForwardingSink(tracer: tracer)) { Self.emitHooks() }
        let spans = tracer.finishedSpans
        #expect(spans.map(\.operationName) == ["Inbox viewDidLoad", "Inbox layoutPass", "Inbox viewWillAppear"])
        let pass = try #require(spans.first { $0.operationName == "Inbox layoutPass" })
        let load = try #require(spans.first { $0.operationName == "Inbox viewDidLoad" })
        let appear = try #require(spans.first { $0.operationName == "Inbox viewWillAppear" })
        #expect(load.spanContext.parentSpanID == pass.spanContext.spanID)
        #expect(load.spanContext.traceID == pass.spanContext.traceID)
        #expect(pass.spanContext.parentSpanID == nil)
        #expect(appear.spanContext.parentSpanID == nil)
        #expect(pass.attributes["lifetrace.hook"]?.toSpanAttribute() == .string("layoutPass"))
        #expect(pass.attributes["lifetrace.controller"]?.toSpanAttribute() == .string("Inbox"))
        #expect(pass.attributes["lifetrace.id"]?.toSpanAttribute() == .string("0x42"))
        #expect(pass.attributes["lifetrace.index"]?.toSpanAttribute() == .int64(7))
        #expect(load.attributes["lifetrace.animated"]?.toSpanAttribute() == .bool(false))
        #expect(appear.attributes["lifetrace.count"]?.toSpanAttribute() == .int64(3))
        #expect(pass.events.map(\.name) == ["Inbox willMove"])
        #expect(pass.events.first?.attributes["lifetrace.target"]?.toSpanAttribute() == .string("Nav"))
        #expect(tracer.activeSpans.isEmpty)
    }

    @Test("log and span events are not forwarded")
    func ownEventsStayHome() {
        let tracer = InMemoryTracer()
        LifetraceSystem.withSink(SpanForwardingSink(tracer: tracer)) {
            let state = Probe(name: "GET /").beginInterval(.span)
            Probe(name: "GET /").endInterval(state)
            Probe(name: "app").emitEvent(.log, Details(text: "hello"))
            Self.probe.withInterval(.viewDidLoad) {}
        }
        #expect(tracer.finishedSpans.map(\.operationName) == ["Inbox viewDidLoad"])
    }

    @Test("nothing goes to a LifetraceTracer (its spans would be events emitted from a sink)")
    func noLoopThroughLifetraceTracer() {
        let recording = RecordingSink()
        LifetraceSystem.withSink(MultiplexSink([SpanForwardingSink(tracer: LifetraceTracer()), recording])) {
            Self.emitHooks()
        }
        #expect(recording.events.count == 7)
        #expect(!recording.events.contains { $0.hook == .span })
    }

    @Test("durations go to lifetrace_hook_duration_ns timers, one per hook")
    func timers() throws {
        let metrics = TestMetrics()
        LifetraceSystem.withSink(MetricsSink(factory: metrics)) {
            Self.emitHooks()
            Self.emitHooks()
        }
        let load = try metrics.expectTimer(MetricsSink.label, [("hook", "viewDidLoad")])
        #expect(load.values.count == 2)
        #expect(load.values.allSatisfy { $0 >= 300_000 }, "\(load.values)")
        let pass = try metrics.expectTimer(MetricsSink.label, [("hook", "layoutPass")])
        #expect(pass.values.count == 2)
        #expect(zip(pass.values, load.values).allSatisfy { $0 >= $1 }, "a pass encloses its viewDidLoad")
        #expect(metrics.timers(label: MetricsSink.label).count == 3, "layoutPass, viewDidLoad, viewWillAppear; no instant")
    }
}
