import Lifetrace
import LifetraceTracing
import Synchronization
import Tracing

/// A sink that forwards hook intervals as spans to a swift-distributed-tracing tracer: the one the
/// program bootstrapped (`InstrumentationSystem.tracer`, such as swift-otel's, which exports over
/// OTLP) or one given.
///
/// ```swift
/// InstrumentationSystem.bootstrap(otelTracer)
/// LifetraceSystem.bootstrap(MultiplexSink([SpanForwardingSink(), MetricsSink()]))
/// ```
///
/// Each interval becomes a span named `Controller hook` (`Inbox viewDidLoad`), a child of the
/// interval open around it on the same thread, with the attributes `lifetrace.hook`,
/// `lifetrace.controller`, `lifetrace.id` and, where the hook has them, `lifetrace.animated`,
/// `lifetrace.index`, `lifetrace.text` and `lifetrace.count` (the end's). An instant becomes an
/// event of the innermost open span of its thread (and is dropped when there is none).
///
/// The `log` and `span` hooks are not forwarded (they came from swift-log and swift-distributed
/// tracing in the first place), and nothing is forwarded to a `LifetraceTracer`: its spans are
/// Lifetrace's own events, which a sink must not emit (and the hooks are in the trace already).
public final class SpanForwardingSink: Sink {
    private struct OpenSpan {
        var hook: Hook
        var id: UInt
        var span: any Tracing.Span
    }

    private let tracer: (any Tracer)?
    /// The open spans of each thread, innermost last.
    private let open = Mutex<[UInt32: [OpenSpan]]>([:])

    /// Creates a sink that forwards to the tracer bootstrapped when each span starts.
    public init() { self.tracer = nil }

    /// Creates a sink that forwards to `tracer`.
    public init(tracer: any Tracer) { self.tracer = tracer }

    /// Wants every hook but `log` and `span`.
    public func wants(_ hook: Hook, _ phase: Phase) -> Bool {
        hook != .log && hook != .span
    }

    /// Starts, ends or adds an event to a span.
    public func emit(_ event: Event) {
        guard wants(event.hook, event.phase) else { return }
        switch event.phase {
        case .begin: begin(event)
        case .end: end(event)
        case .instant: instant(event)
        }
    }

    private func begin(_ event: Event) {
        let parent = open.withLock { $0[event.thread]?.last?.span.context }
        let tracer = self.tracer ?? InstrumentationSystem.tracer
        guard !(tracer is LifetraceTracer) else { return }
        let span = Self.startSpan(tracer, "\(event.subject.name) \(event.hook.name)", parent: parent)
        span.attributes = Self.attributes(of: event)
        open.withLock { $0[event.thread, default: []].append(OpenSpan(hook: event.hook, id: event.subject.id, span: span)) }
    }

    /// Starts a span of `tracer` (opened from its existential, so its own span type is made).
    private static func startSpan<T: Tracer>(_ tracer: T, _ name: String, parent: ServiceContext?) -> any Tracing.Span {
        tracer.startSpan(name, context: parent ?? .topLevel, ofKind: .internal)
    }

    private func end(_ event: Event) {
        // The innermost open span of the same hook and subject on this thread (an interval ends
        // where it began: hooks are synchronous).
        let span: (any Tracing.Span)? = open.withLock { open in
            guard var stack = open[event.thread],
                let index = stack.lastIndex(where: { $0.hook == event.hook && $0.id == event.subject.id })
            else { return nil }
            let span = stack.remove(at: index).span
            open[event.thread] = stack.isEmpty ? nil : stack
            return span
        }
        guard let span else { return }
        if let count = event.details.count { span.attributes["lifetrace.count"] = count }
        span.end()
    }

    private func instant(_ event: Event) {
        guard let span = open.withLock({ $0[event.thread]?.last?.span }) else { return }
        span.addEvent(SpanEvent(name: "\(event.subject.name) \(event.hook.name)", attributes: Self.attributes(of: event)))
    }

    private static func attributes(of event: Event) -> SpanAttributes {
        var attributes: SpanAttributes = [:]
        attributes["lifetrace.hook"] = event.hook.name
        attributes["lifetrace.controller"] = event.subject.name
        attributes["lifetrace.id"] = "0x" + String(event.subject.id, radix: 16)
        let details = event.details
        if let animated = details.animated { attributes["lifetrace.animated"] = animated }
        if let index = details.index { attributes["lifetrace.index"] = index }
        if let text = details.text { attributes["lifetrace.text"] = text }
        if let target = details.target { attributes["lifetrace.target"] = target.name }
        return attributes
    }
}
