/// A sink behind a class reference, so it can be published through one atomic pointer; its
/// ``emit(_:_:_:_:since:)`` is the path events take to the sink.
@usableFromInline
class SinkBox: @unchecked Sendable {
    let sink: any Sink
    /// Whether this is a ``TracerSinkBox`` (checked without a dynamic cast).
    @usableFromInline
    let isTracer: Bool

    init(_ sink: any Sink, isTracer: Bool = false) {
        self.sink = sink
        self.isTracer = isTracer
    }

    /// The box for a sink: a ``TracerSink`` gets the direct path.
    static func make(_ sink: any Sink) -> SinkBox {
        if let tracer = sink as? any TracerSink { return TracerSinkBox(tracer) }
        return SinkBox(sink)
    }

    /// Hands one event to the sink: a tracer's direct path inline, any other sink through
    /// ``emit(_:_:_:_:since:)``; returns what ``LifetraceSystem/emit(_:_:_:_:since:)`` returns.
    @inlinable
    final func deliver(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, since begin: UInt64) -> UInt64 {
        guard isTracer else { return emit(hook, phase, subject, details, since: begin) }
        return unsafeDowncast(self, to: TracerSinkBox.self).record(hook, phase, subject, details)
    }

    /// Emits one event to the sink; see ``LifetraceSystem/emit(_:_:_:_:since:)``.
    @usableFromInline
    final func emit(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, since begin: UInt64) -> UInt64 {
        LifetraceSystem.emit(to: sink, hook, phase, subject, details, since: begin)
    }
}
