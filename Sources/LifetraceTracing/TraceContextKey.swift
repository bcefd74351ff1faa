import Instrumentation
import W3CTraceContext

/// The key of a span's W3C trace context in an `InstrumentationContext`.
private enum TraceContextKey: InstrumentationContextKey {
    typealias Value = SharedTraceContext
    static var nameOverride: String? { "lifetrace-trace-context" }
}

/// A span's W3C trace context as a context carries it: in an object, which the span shares. The
/// context's `Sendable` existential holds the reference inline (a `TraceContext` is too large for
/// it and got a box of its own), and neither side copies the trace context, whose trace state is
/// an array that every copy retains and releases.
package final class SharedTraceContext: Sendable {
    package let value: TraceContext

    package init(_ value: TraceContext) {
        self.value = value
    }

    /// The span id as a number (``SpanIdentifiers/number(of:)``).
    package var spanNumber: UInt64 { SpanIdentifiers.number(of: value.spanID) }
}

extension InstrumentationContext {
    /// The W3C trace context of the current span (one of ``LifetraceTracer``'s, or one extracted
    /// from a `traceparent` header), or `nil`.
    public var lifetraceTraceContext: TraceContext? {
        get { self[TraceContextKey.self]?.value }
        set { self[TraceContextKey.self] = newValue.map(SharedTraceContext.init) }
    }

    /// The same, as the object the span and the context share.
    package var sharedTraceContext: SharedTraceContext? {
        get { self[TraceContextKey.self] }
        set { self[TraceContextKey.self] = newValue }
    }
}
