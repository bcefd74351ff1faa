import CLifetrace

/// The way every event takes from a hook to its sink, in one place, top to bottom:
///
/// 1. a hook (``Instrumented``, ``Probe``, ``IntervalState``) has checked that some sink wants its
///    hook (``LifetraceSystem/wantsInterval(_:)``), and calls ``begin(_:_:_:)``, ``end(_:_:_:after:)``
///    or ``instant(_:_:_:)``;
/// 2. ``dispatch(_:_:_:_:after:)`` finds the destination: the global sink's ``SinkBox`` (read inline
///    from a C global when no task has a sink of its own), else the task's
///    (``LifetraceSystem/withSink(_:operation:)-swift.type.method``), else none;
/// 3. the box takes one of two paths: a ``TracerSink`` records the event's parts directly on the
///    emitting thread (``trace(_:_:_:_:_:)``: no lock, no clock, no ``Event``), any other sink gets
///    an ``Event`` under the emission lock, numbered and timestamped in delivery order
///    (``deliver(to:_:_:_:_:after:)``);
/// 4. what the `begin` of an interval returns (a ``Start``) goes back to the hook, which hands it to
///    the `end`, so the `end` carries its duration.
@usableFromInline
enum Dispatch {
    /// Where the `begin` of an interval went, which its `end` needs.
    @usableFromInline
    enum Start: Sendable, Equatable {
        /// No sink took the begin, and none wants the end: the end is not emitted.
        case unrecorded
        /// A tracer took it (or wants the end): it keeps time, the end carries no duration.
        case traced
        /// A sink took it (or wants the end) at this time on `CLOCK_MONOTONIC`.
        case timed(UInt64)
    }

    // The emission lock (`lifetrace_emission_enter`/`_exit`, in C) is held while a sink receives its
    // event (and its sequence number is drawn), so that events reach every sink in `seq` order,
    // whole, whatever the number of emitting threads. Tracers go without it. A running thread takes
    // it when it is free, whoever sleeps on it (a lock that hands itself to a sleeping waiter moves
    // more emitting threads than cores in a convoy); the signal flusher takes it for good
    // (``stopForever(waitingAtMost:)``).

    /// The storage of the last framed event's details, which the next one reuses when nothing holds
    /// it any more (``Details/attachFrame(_:reusing:)``). Guarded by `emission`.
    nonisolated(unsafe) private static var spareFrameStorage: Details.Strings?

    /// A sink scoped to the current task (tests, embedded runs); set by ``LifetraceSystem``.
    @TaskLocal
    static var scopedBox: SinkBox?

    /// Emits the `begin` record of an interval.
    @inlinable @inline(__always)
    static func begin(_ hook: Hook, _ subject: borrowing Subject, _ details: borrowing Details) -> Start {
        dispatch(hook, .begin, subject, details, after: .unrecorded)
    }

    /// Emits the `end` record of an interval begun with ``begin(_:_:_:)``, unless nothing recorded
    /// the begin or every sink has gone since.
    @inlinable @inline(__always)
    static func end(_ hook: Hook, _ subject: borrowing Subject, _ details: borrowing Details, after start: Start) {
        guard start != .unrecorded, LifetraceSystem.isEnabled else { return }
        _ = dispatch(hook, .end, subject, details, after: start)
    }

    /// Runs `body` as an interval: its `begin` before, its `end` (with the same details) after, even
    /// when it throws. The caller has checked ``LifetraceSystem/wantsInterval(_:)``.
    @inlinable
    static func withInterval<R>(
        _ hook: Hook, _ subject: borrowing Subject, _ details: borrowing Details, _ body: () throws -> R
    ) rethrows -> R {
        let hook = hook.resolved
        let start = begin(hook, subject, details)
        defer { end(hook, subject, details, after: start) }
        return try body()
    }

    /// Emits an instant.
    @inlinable @inline(__always)
    static func instant(_ hook: Hook, _ subject: borrowing Subject, _ details: borrowing Details) {
        _ = dispatch(hook, .instant, subject, details, after: .unrecorded)
    }

    /// Takes one event to the current sink. The common case, a global sink, is inlined into the
    /// hook: a tracer's direct path then costs no call before the tracer's own.
    @inlinable
    static func dispatch(
        _ hook: Hook, _ phase: Phase, _ subject: borrowing Subject, _ details: borrowing Details, after start: Start
    ) -> Start {
        // Events carry codes: a literal hook is looked up here, once a sink wants it.
        let hook = hook.resolved
        if lifetrace_activity_value() == 1, let raw = UnsafeRawPointer(lifetrace_global_box_value()) {
            // The global box is never released (LifetraceSystem.bootstrap), so no reference is taken.
            return Unmanaged<SinkBox>.fromOpaque(raw)._withUnsafeGuaranteedRef {
                take($0, hook, phase, subject, details, after: start)
            }
        }
        return dispatchToScopedBox(hook, phase, subject, details, after: start)
    }

    /// ``dispatch(_:_:_:_:after:)`` when a task has a sink of its own, or no sink is installed.
    @usableFromInline
    static func dispatchToScopedBox(
        _ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, after start: Start
    ) -> Start {
        guard let box = currentBox() else { return .unrecorded }
        return take(box, hook, phase, subject, details, after: start)
    }

    /// The sink that receives events emitted from the current task now: the task's, else the
    /// global one; `nil` when none.
    static func currentBox() -> SinkBox? {
        let activity = lifetrace_activity_value()
        if activity >= 2, let scoped = scopedBox { return scoped }
        guard activity & 1 != 0, let raw = UnsafeRawPointer(lifetrace_global_box_value()) else { return nil }
        return Unmanaged<SinkBox>.fromOpaque(raw).takeUnretainedValue()
    }

    /// A member of the global sink's box when the sink is a tracer and no task has a sink of its
    /// own (the log and span records' direct paths), else `nil`.
    @inlinable
    static func globalTracer<T>(_ member: (TracerBox) -> T?) -> T? {
        guard lifetrace_activity_value() == 1, let raw = UnsafeRawPointer(lifetrace_global_box_value()) else { return nil }
        // The global box is never released (LifetraceSystem.bootstrap), so no reference is taken.
        return Unmanaged<SinkBox>.fromOpaque(raw)._withUnsafeGuaranteedRef {
            $0.isTracer ? member(unsafeDowncast($0, to: TracerBox.self)) : nil
        }
    }

    /// The box's path: a tracer's, or the locked one.
    @inlinable
    static func take(
        _ box: SinkBox, _ hook: Hook, _ phase: Phase, _ subject: borrowing Subject, _ details: borrowing Details,
        after start: Start
    ) -> Start {
        guard box.isTracer else { return deliver(to: box.sink, hook, phase, subject, details, after: start) }
        return trace(unsafeDowncast(box, to: TracerBox.self), hook, phase, subject, details)
    }

    /// The tracer path: the tracer records the event's parts if it wants them.
    @inlinable
    static func trace(
        _ box: TracerBox, _ hook: Hook, _ phase: Phase, _ subject: borrowing Subject, _ details: borrowing Details
    ) -> Start {
        guard box.wants(hook, phase) else {
            // The begin of an interval whose end the tracer wants is still an open interval.
            return phase == .begin && box.wants(hook, .end) ? .traced : .unrecorded
        }
        let seq = UInt64(lifetrace_thread_seq())
        if let flatRecord = box.flatRecord, details.isFlat, hook.isWellKnown {
            // Most hooks: one C call with the subject's name, as the tracer's own C floor makes it.
            // (Written out here rather than shared with LTTngSink.record's common shape: a shared
            // inlinable helper changed the code inlined into every hook, the no-sink path
            // included; HookCost's LTTng-enabled and literal no-sink thresholds guard it.)
            let (animated, index, count) = details.flatScalars
            let slot = hook.code &* 3 &+ UInt32(phase.rawValue)
            subject.name.withCString { name in
                flatRecord(slot, nil, seq, name, UInt64(subject.id), nil, 0, animated, index, nil, count)
            }
        } else {
            box.tracer.record(hook, phase, subject, details, seq: seq)
        }
        return .traced
    }

    /// The locked path: the sink gets an ``Event``, numbered and timestamped in delivery order.
    /// (Out of line, so the tracer path keeps a small frame.)
    @inline(never) @usableFromInline
    static func deliver(
        to sink: any Sink, _ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, after start: Start
    ) -> Start {
        guard sink.wants(hook, phase) else {
            // An interval whose end the sink wants still needs its start time.
            return phase == .begin && sink.wants(hook, .end) ? .timed(MonotonicClock.now()) : .unrecorded
        }
        return emitLocked(to: sink, hook, phase, subject, details, frame: nil, after: start)
    }

    /// Numbers, timestamps and hands one event to a sink under the emission lock.
    @inline(__always)
    private static func emitLocked(
        to sink: any Sink, _ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, frame: Details.Frame?,
        after start: Start
    ) -> Start {
        let thread = ThreadID.current
        // A sink that emits from its `emit` would wait on the lock its own thread holds: the nested
        // event is dropped instead, and said once.
        guard lifetrace_emission_enter(thread) != 0 else {
            reportNestedEmission
            return .unrecorded
        }
        defer { lifetrace_emission_exit() }
        let seq = UInt64(lifetrace_process_seq())
        let now = MonotonicClock.now()
        var duration: UInt64?
        if phase == .end, case .timed(let begin) = start { duration = now &- begin }
        guard let frame else {
            sink.emit(
                Event(
                    seq: seq, timestamp: now, hook: hook, phase: phase, subject: subject, details: details,
                    duration: duration, thread: thread))
            return .timed(now)
        }
        var framed = details
        framed.attachFrame(frame, reusing: &spareFrameStorage)
        sink.emit(
            Event(
                seq: seq, timestamp: now, hook: hook, phase: phase, subject: subject, details: framed,
                duration: duration, thread: thread))
        return .timed(now)
    }

    /// Says once that a sink emitted an event while receiving one.
    private static let reportNestedEmission: Void = StandardError.report(
        "lifetrace: a sink emitted an event from its emit(_:); such events are dropped (a sink must not emit events)")

    /// Stops emission for good: takes the emission lock and never gives it back, so no event reaches
    /// a sink (other than a tracer's) from now on; threads that emit wait. For the signal flusher, as
    /// the process ends. Waits at most `milliseconds` for an `emit` under way; returns whether
    /// emission stopped.
    static func stopForever(waitingAtMost milliseconds: UInt32) -> Bool {
        lifetrace_emission_lock_within(milliseconds, ThreadID.current) != 0
    }

    // MARK: Records with a frame

    /// Emits the `end` record of an interval with the subject's frame, which `frame` makes only
    /// once a sink wants the record (so a hook with no sink, or none that wants its end, computes
    /// no frame).
    @usableFromInline
    static func end(
        _ hook: Hook, _ subject: Subject, _ details: Details, after start: Start, frame: () -> Details.Frame?
    ) {
        guard start != .unrecorded, LifetraceSystem.isEnabled else { return }
        _ = framed(hook, .end, subject, details, after: start, frame: frame)
    }

    /// Emits an instant with the subject's frame, made by `frame` only once a sink wants it.
    @usableFromInline
    static func instant(_ hook: Hook, _ subject: Subject, _ details: Details, frame: () -> Details.Frame?) {
        _ = framed(hook, .instant, subject, details, after: .unrecorded, frame: frame)
    }

    /// ``dispatch(_:_:_:_:after:)`` for a record that carries a frame: the sink is asked first, the
    /// frame made after; a tracer gets it through ``TracerSink/record(_:_:_:_:frame:seq:)``.
    /// (Out of line and apart from the common path, whose hooks carry no frame.)
    @inline(never)
    static func framed(
        _ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, after start: Start,
        frame: () -> Details.Frame?
    ) -> Start {
        let hook = hook.resolved
        guard let box = currentBox() else { return .unrecorded }
        guard box.isTracer else {
            guard box.sink.wants(hook, phase) else { return .unrecorded }
            return emitLocked(to: box.sink, hook, phase, subject, details, frame: frame(), after: start)
        }
        let tracerBox = unsafeDowncast(box, to: TracerBox.self)
        guard tracerBox.wants(hook, phase) else { return .unrecorded }
        let seq = UInt64(lifetrace_thread_seq())
        if let frame = frame() {
            tracerBox.tracer.record(hook, phase, subject, details, frame: frame, seq: seq)
        } else {
            tracerBox.tracer.record(hook, phase, subject, details, seq: seq)
        }
        return .traced
    }
}
