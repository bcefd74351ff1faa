import Instrumentation
import W3CTraceContext

/// The key of a span's W3C trace context in an `InstrumentationContext`.
private enum TraceContextKey: InstrumentationContextKey {
    typealias Value = TraceContext
    static var nameOverride: String? { "lifetrace-trace-context" }
}

extension InstrumentationContext {
    /// The W3C trace context of the current span (one of ``LifetraceTracer``'s, or one extracted
    /// from a `traceparent` header), or `nil`.
    public var lifetraceTraceContext: TraceContext? {
        get { self[TraceContextKey.self] }
        set { self[TraceContextKey.self] = newValue }
    }
}
