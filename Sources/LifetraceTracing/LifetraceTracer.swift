import Instrumentation
import Lifetrace
import Tracing
import W3CTraceContext

/// A swift-distributed-tracing `Tracer` whose spans are Lifetrace intervals of the `span` hook.
///
/// ```swift
/// InstrumentationSystem.bootstrap(LifetraceTracer())
/// LifetraceSystem.bootstrap(LTTngSink())   // or any sink: text, JSON lines, …
/// ```
///
/// A span's begin and end records carry its W3C ids and what the code said about it (see
/// ``LifetraceSpan``); through the LTTng sink they are `lifetrace:span_entry` and
/// `lifetrace:span_exit`, and its events `lifetrace:span`. Contexts cross processes as a W3C
/// `traceparent` (and `tracestate`) header: ``inject(_:into:using:)`` writes the current span's,
/// ``extract(_:into:using:)`` reads a caller's, so a server's spans join its client's trace.
public struct LifetraceTracer: Tracer {
    public typealias Span = LifetraceSpan

    /// Creates the tracer.
    public init() {}

    /// Starts a span: a child of the span in `context` (or of the `traceparent` extracted into it),
    /// in the same trace, else the root of a new trace. New ids come from a generator of the
    /// calling thread's, seeded once from the system's: no system call per span.
    public func startSpan<Instant: TracerInstant>(
        _ operationName: String,
        context: @autoclosure () -> InstrumentationContext,
        ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant,
        function: String,
        file fileID: String,
        line: UInt
    ) -> LifetraceSpan {
        var context = context()
        let parent = context.sharedTraceContext
        let traceContext = SharedTraceContext(
            TraceContext(
                traceID: parent?.value.traceID ?? SpanIdentifiers.traceID(), spanID: SpanIdentifiers.spanID(),
                flags: parent?.value.flags ?? .sampled, state: parent?.value.state ?? TraceState()))
        context.sharedTraceContext = traceContext
        return LifetraceSpan(
            operationName: operationName, kind: kind, context: context, traceContext: traceContext, parent: parent)
    }

    /// Writes out whatever the Lifetrace sinks have buffered.
    public func forceFlush() {
        LifetraceSystem.flush()
    }

    /// Reads a `traceparent` (and `tracestate`) header from `carrier` into `context`; a missing or
    /// malformed header leaves `context` as it is.
    public func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout InstrumentationContext, using extractor: Extract
    ) where Extract.Carrier == Carrier {
        guard let parent = extractor.extract(key: TraceContextHeaders.traceParent, from: carrier),
            let traceContext = try? TraceContext(
                traceParentHeaderValue: parent,
                traceStateHeaderValue: extractor.extract(key: TraceContextHeaders.traceState, from: carrier))
        else { return }
        context.lifetraceTraceContext = traceContext
    }

    /// Writes the `traceparent` (and a non-empty `tracestate`) header of the span in `context`.
    public func inject<Carrier, Inject: Injector>(
        _ context: InstrumentationContext, into carrier: inout Carrier, using injector: Inject
    ) where Inject.Carrier == Carrier {
        guard let traceContext = context.lifetraceTraceContext else { return }
        injector.inject(traceContext.traceParentHeaderValue, forKey: TraceContextHeaders.traceParent, into: &carrier)
        if let state = traceContext.traceStateHeaderValue, !state.isEmpty {
            injector.inject(state, forKey: TraceContextHeaders.traceState, into: &carrier)
        }
    }
}

/// The header names of W3C Trace Context.
enum TraceContextHeaders {
    static let traceParent = "traceparent"
    static let traceState = "tracestate"
}
