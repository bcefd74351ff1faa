import CLifetrace
import Synchronization

/// The process-wide choice of where events go.
///
/// Like swift-log's `LoggingSystem`, a program picks its sinks once, early
/// (``bootstrap(_:)`` in code, or ``bootstrapFromEnvironment(_:registry:)`` to honour `LIFETRACE_SINKS`).
/// Until then every hook costs one relaxed atomic load and a branch: no timestamp, no lock, no
/// allocation. Tests scope a sink to one task with ``withSink(_:operation:)-swift.type.method``,
/// so tests running in parallel each see only their own events.
public enum LifetraceSystem {
    // The global sink lives in C (`lifetrace_global_box`, a plain global read inline): a retained
    // `Unmanaged<SinkBox>`, NULL when none. A replaced box is never released: an emitter on another
    // thread may still hold it, and bootstrapping is rare.

    /// A sink scoped to the current task (tests, embedded runs).
    @TaskLocal
    private static var scopedBox: SinkBox?

    /// Held while a sink receives its event (and its sequence number is drawn), so that events reach
    /// every sink in `seq` order, whole, whatever the number of emitting threads. ``TracerSink``s
    /// go without it.
    private static let emission = Mutex<Void>(())

    /// What ``emit(_:_:_:_:since:)`` returns for an event a ``TracerSink`` recorded: the tracer
    /// keeps time, so there is no begin timestamp for the `end` to measure from.
    @inlinable
    static var untimed: UInt64 { 1 }

    /// Whether any sink would receive an event emitted now. Hooks check this before doing anything.
    @inlinable
    public static var isEnabled: Bool {
        lifetrace_is_active() != 0
    }

    /// Whether a sink would take the begin or the end of an interval of `hook` now: one inlined
    /// load when no sink is installed, two more when the global sink has a ``HookGate``.
    @inlinable
    public static func wantsInterval(_ hook: Hook) -> Bool {
        // A literal is resolved only once a sink is installed (the branch folds away for built hooks).
        if hook.isLiteral { return lifetrace_is_active() != 0 && lifetrace_wants_interval(hook.code) != 0 }
        return lifetrace_wants_interval(hook.code) != 0
    }

    /// Whether a sink would take an instant of `hook` now.
    @inlinable
    public static func wantsInstant(_ hook: Hook) -> Bool {
        if hook.isLiteral { return lifetrace_is_active() != 0 && lifetrace_wants_instant(hook.code) != 0 }
        return lifetrace_wants_instant(hook.code) != 0
    }

    /// Installs `sink` as the process-wide destination of events, replacing the previous one.
    ///
    /// Bootstrapping with ``NoOpSink`` turns instrumentation off again.
    public static func bootstrap(_ sink: any Sink) {
        let box = Unmanaged.passRetained(SinkBox.make(sink)).toOpaque()
        lifetrace_set_global_gate(sink.hookGate?.table)
        lifetrace_set_global_box(box)
        lifetrace_activity_set_global(sink is NoOpSink ? 0 : 1)
    }

    /// Installs the sinks named by `LIFETRACE_SINKS` (and the filters of `LIFETRACE_HOOKS` and
    /// `LIFETRACE_CONTROLLERS`); leaves the system off when the variable is unset or empty.
    ///
    /// - Throws: ``ConfigurationError`` naming the variable and the bad part.
    public static func bootstrapFromEnvironment(
        _ environment: [String: String] = Environment.current,
        registry: SinkRegistry = .standard
    ) throws {
        if let sink = try SinkConfiguration(environment: environment, registry: registry)?.makeSink() {
            bootstrap(sink)
        }
    }

    /// The sink that receives events emitted from the current task now.
    public static var sink: any Sink {
        currentBox()?.sink ?? NoOpSink()
    }

    /// Runs `operation` with `sink` receiving the events emitted from this task (and the tasks it
    /// creates), instead of the global sink.
    public static func withSink<R>(_ sink: any Sink, operation: () throws -> R) rethrows -> R {
        lifetrace_activity_add(2)
        defer { lifetrace_activity_add(-2) }
        return try $scopedBox.withValue(SinkBox.make(sink), operation: operation)
    }

    /// Runs `operation` with `sink` receiving the events emitted from this task (and the tasks it
    /// creates), instead of the global sink.
    public static func withSink<R>(
        _ sink: any Sink,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        lifetrace_activity_add(2)
        defer { lifetrace_activity_add(-2) }
        return try await $scopedBox.withValue(SinkBox.make(sink), operation: operation, isolation: isolation)
    }

    /// Writes out whatever the current sink has buffered.
    public static func flush() {
        currentBox()?.sink.flush()
    }

    /// Flushes the current sink and every file or stream output of the process; returns a line for
    /// each output that lost events (a full disk, a closed pipe), for tools whose exit status says
    /// whether what they were asked to write was written. The library itself only reports losses.
    package static func flushReportingLosses() -> [String] {
        flush()
        return ExitFlusher.flushReportingLosses()
    }

    private static func currentBox() -> SinkBox? {
        withCurrentBox { $0 }
    }

    /// Runs `body` with the current sink's box (the task's, else the global one); `nil` when none.
    @inline(__always)
    private static func withCurrentBox<R>(_ body: (SinkBox) -> R) -> R? {
        let activity = lifetrace_activity_value()
        if activity >= 2, let scoped = scopedBox {
            return body(scoped)
        }
        return activity & 1 != 0 ? withGlobalBox(body) : nil
    }

    /// Runs `body` with the global sink's box, without taking a reference (a box is never
    /// released); `nil` when none is installed.
    @inlinable
    static func withGlobalBox<R>(_ body: (SinkBox) -> R) -> R? {
        guard let raw = UnsafeRawPointer(lifetrace_global_box_value()) else { return nil }
        return Unmanaged<SinkBox>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` as an interval of `hook` about `subject`: its `begin` before, its `end` (with
    /// the same details) after, even when it throws. The caller has checked ``wantsInterval(_:)``.
    @inlinable
    static func withInterval<R>(
        _ hook: Hook,
        _ subject: borrowing Subject,
        _ details: borrowing Details,
        _ body: () throws -> R
    ) rethrows -> R {
        let hook = hook.resolved
        let begin = emit(hook, .begin, subject, details)
        defer {
            if begin != 0 && isEnabled { _ = emit(hook, .end, subject, details, since: begin) }
        }
        return try body()
    }

    /// Emits one event to the current sink; returns its timestamp (``untimed`` when a
    /// ``TracerSink`` took it), or 0 when nothing received it (and, for a `begin`, nothing will want
    /// its `end`). An `end` is measured from `begin` when that is a timestamp.
    ///
    /// The common case, a global sink, is inlined into the hook: a tracer's direct path then costs
    /// no call before the tracer's own.
    @inlinable
    static func emit(
        _ hook: Hook,
        _ phase: Phase,
        _ subject: Subject,
        _ details: Details,
        since begin: UInt64 = 0
    ) -> UInt64 {
        // Events carry codes: a literal hook is looked up here, once a sink wants it.
        let hook = hook.resolved
        if lifetrace_activity_value() == 1,
            let timestamp = withGlobalBox({ $0.deliver(hook, phase, subject, details, since: begin) })
        {
            return timestamp
        }
        return emitToCurrentBox(hook, phase, subject, details, since: begin)
    }

    /// ``emit(_:_:_:_:since:)`` with a task-scoped sink, or none.
    @usableFromInline
    static func emitToCurrentBox(
        _ hook: Hook,
        _ phase: Phase,
        _ subject: Subject,
        _ details: Details,
        since begin: UInt64
    ) -> UInt64 {
        withCurrentBox { $0.deliver(hook, phase, subject, details, since: begin) } ?? 0
    }

    /// The next number of the process counter (taken under the emission lock, so in delivery order).
    static func nextSequenceNumber() -> UInt64 {
        UInt64(lifetrace_process_seq())
    }

    /// A sequence number unique in the process and increasing on this thread, without an atomic
    /// operation per event: threads take numbers in blocks from the process counter.
    @inlinable
    static func nextThreadSequenceNumber() -> UInt64 {
        UInt64(lifetrace_thread_seq())
    }

    /// Emits one event to a sink that takes ``Event``s, in `seq` order. (Out of line, so the direct
    /// path of ``emit(_:_:_:_:since:)`` keeps a small frame.)
    @inline(never)
    static func emit(
        to sink: any Sink,
        _ hook: Hook,
        _ phase: Phase,
        _ subject: Subject,
        _ details: Details,
        since begin: UInt64
    ) -> UInt64 {
        guard sink.wants(hook, phase) else {
            // An interval whose end the sink wants still needs its start time.
            return phase == .begin && sink.wants(hook, .end) ? MonotonicClock.now() : 0
        }
        let thread = ThreadID.current
        return emission.withLock { _ in
            let seq = nextSequenceNumber()
            let now = MonotonicClock.now()
            sink.emit(
                Event(
                    seq: seq,
                    timestamp: now,
                    hook: hook,
                    phase: phase,
                    subject: subject,
                    details: details,
                    duration: phase == .end && begin > untimed ? now &- begin : nil,
                    thread: thread
                )
            )
            return now
        }
    }
}
