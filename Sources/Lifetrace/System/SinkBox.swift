/// A sink behind a class reference, so it can be published through one atomic pointer.
/// ``Dispatch`` takes a box's events down the locked path, or a ``TracerBox``'s down the tracer's.
@usableFromInline
class SinkBox: @unchecked Sendable {
    /// The sink.
    @usableFromInline
    let sink: any Sink
    /// Whether this is a ``TracerBox`` (checked without a dynamic cast).
    @usableFromInline
    let isTracer: Bool

    fileprivate init(_ sink: any Sink, isTracer: Bool) {
        self.sink = sink
        self.isTracer = isTracer
    }

    /// The box for a sink: a ``TracerSink`` gets a ``TracerBox``.
    static func make(_ sink: any Sink) -> SinkBox {
        if let tracer = sink as? any TracerSink { return TracerBox(tracer) }
        return SinkBox(sink, isTracer: false)
    }
}

/// The box of a ``TracerSink``, with its gate. (The tracer is a stored member of its own, not a
/// cast of ``SinkBox/sink``, so the tracer path calls it without copying an existential.)
@usableFromInline
final class TracerBox: SinkBox, @unchecked Sendable {
    @usableFromInline
    let tracer: any TracerSink
    /// The tracer's gate, read inline instead of asking ``Sink/wants(_:_:)`` (they agree).
    @usableFromInline
    let gate: HookGate?
    /// The tracer's C function for flat records (``GatedSink/flatRecord``), if it has one.
    @usableFromInline
    let flatRecord: FlatRecord?
    /// The tracer's entry points for log records' parts, when it takes them directly.
    @usableFromInline
    let logRecorder: LogRecorder?
    /// The tracer's entry points for spans' records, when it takes them directly.
    @usableFromInline
    let spanRecorder: SpanRecorder?

    fileprivate init(_ tracer: any TracerSink) {
        self.tracer = tracer
        let gated = tracer as? any GatedSink
        self.gate = gated?.hookGate
        self.flatRecord = gated?.flatRecord
        self.logRecorder = (tracer as? any LogRecordTracer)?.logRecorder
        self.spanRecorder = (tracer as? any SpanRecordTracer)?.spanRecorder
        super.init(tracer, isTracer: true)
    }

    /// Whether the tracer wants `hook` in `phase` now.
    @inlinable
    func wants(_ hook: Hook, _ phase: Phase) -> Bool {
        if let gate { return gate.allows(hook, phase) }
        return tracer.wants(hook, phase)
    }
}
