/// A sink that hands events to a system tracer which timestamps and orders records itself
/// (LTTng-UST, perf, ETW): the system gives it each event's parts as they are, on the emitting
/// thread, without taking its lock, reading the clock or building an ``Event``.
///
/// Installed as the process-wide sink (or scoped with ``LifetraceSystem/withSink(_:operation:)-swift.type.method``),
/// such a sink costs a hook little more than the tracer's own calls. What its records give up:
/// - no timestamp, duration or thread: the tracer records time and thread itself, and an interval's
///   duration is the difference of its two records' timestamps;
/// - `seq` is unique in the process and increasing on each thread (threads take numbers from the
///   process counter in blocks of 256, so there is no atomic operation per event); across threads
///   the tracer's clock, not `seq`, orders records. Numbers skip where another thread, or an event
///   on the locked path, took the rest of a block; a single-threaded program whose events all take
///   the direct path numbers them 1, 2, 3….
///
/// Combined with other sinks (a ``MultiplexSink``, a ``FilteredSink``), the sink receives ordinary
/// ``Event``s through ``Sink/emit(_:)`` instead, in `seq` order like every sink.
@usableFromInline
package protocol TracerSink: Sink {
    /// Records one event; called concurrently from every emitting thread, only for a hook and
    /// phase the sink wants (as its gate says when it has one, which must agree with
    /// ``Sink/wants(_:_:)``, or else as `wants` says).
    func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, seq: UInt64)

    /// Records one event that carries a view's ``Details.Frame`` (a `layoutSubviews` end, a
    /// `frameChange`), as ``record(_:_:_:_:seq:)`` does. Default: the frame is left out.
    func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, frame: Details.Frame, seq: UInt64)
}

extension TracerSink {
    /// Records the event without its frame.
    package func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, frame: Details.Frame, seq: UInt64) {
        record(hook, phase, subject, details, seq: seq)
    }
}
