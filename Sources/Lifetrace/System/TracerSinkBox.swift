/// The box of a ``TracerSink``: events go straight to ``TracerSink/record(_:_:_:_:seq:)``.
@usableFromInline
final class TracerSinkBox: SinkBox, @unchecked Sendable {
    @usableFromInline
    let tracer: any TracerSink
    /// The tracer's gate, read inline instead of asking ``Sink/wants(_:_:)`` (they agree).
    @usableFromInline
    let gate: HookGate?

    init(_ tracer: any TracerSink) {
        self.tracer = tracer
        self.gate = tracer.hookGate
        super.init(tracer, isTracer: true)
    }

    @inlinable
    func wants(_ hook: Hook, _ phase: Phase) -> Bool {
        if let gate { return gate.allows(hook, phase) }
        return tracer.wants(hook, phase)
    }

    /// Hands one event to the tracer if it wants it; returns ``LifetraceSystem/untimed`` when the
    /// interval is open, 0 when the tracer wants neither end of it.
    @inlinable
    func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details) -> UInt64 {
        guard wants(hook, phase) else {
            // The begin of an interval whose end the tracer wants is still an open interval.
            return phase == .begin && wants(hook, .end) ? LifetraceSystem.untimed : 0
        }
        tracer.record(hook, phase, subject, details, seq: LifetraceSystem.nextThreadSequenceNumber())
        return LifetraceSystem.untimed
    }
}
