import CLifetrace

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

    /// Whether any sink would receive an event emitted now. Hooks check this before doing anything.
    @inlinable
    public static var isEnabled: Bool {
        lifetrace_is_active() != 0
    }

    /// Whether a sink would take the begin or the end of an interval of `hook` now: one inlined
    /// load when no sink is installed, two more when the global sink keeps a table of its
    /// tracepoints' states (LTTng's).
    ///
    /// Built with `-DLIFETRACE_COMPILED_OUT` (every module), it is `false`: the hooks fold away, which
    /// is how tools/bench-layout-instructions measures what instrumentation costs when off.
    @inlinable
    public static func wantsInterval(_ hook: Hook) -> Bool {
        #if LIFETRACE_COMPILED_OUT
        return false
        #else
        // A literal is resolved only once a sink is installed (the branch folds away for built hooks).
        if hook.isLiteral { return lifetrace_is_active() != 0 && lifetrace_wants_interval(hook.code) != 0 }
        return lifetrace_wants_interval(hook.code) != 0
        #endif
    }

    /// Whether a sink would take an instant of `hook` now.
    @inlinable
    public static func wantsInstant(_ hook: Hook) -> Bool {
        #if LIFETRACE_COMPILED_OUT
        return false
        #else
        if hook.isLiteral { return lifetrace_is_active() != 0 && lifetrace_wants_instant(hook.code) != 0 }
        return lifetrace_wants_instant(hook.code) != 0
        #endif
    }

    /// The lowest swift-log level, 0 (`trace`) … 6 (`critical`), at or above `configured` at which a
    /// sink would take a record of the `log` hook now; 6 when none would. `configured` while any
    /// sink takes log records at every level (JSON lines, text, a task's own sink); with no sink,
    /// 6; with the LTTng sink alone, the lowest level whose `lifetrace:log_*` tracepoint a session
    /// enables. A few loads, no call: what `LifetraceLogHandler` reports as its `logLevel`.
    @inlinable
    package static func logLevelFloor(_ configured: Int) -> Int {
        #if LIFETRACE_COMPILED_OUT
        return 6
        #else
        return Int(lifetrace_log_level_floor(UInt32(truncatingIfNeeded: configured), Hook.log.code))
        #endif
    }

    /// Installs `sink` as the process-wide destination of events, replacing the previous one.
    ///
    /// Bootstrapping with ``NoOpSink`` turns instrumentation off again.
    public static func bootstrap(_ sink: any Sink) {
        let box = Unmanaged.passRetained(SinkBox.make(sink)).toOpaque()
        lifetrace_set_global_gate((sink as? any GatedSink)?.hookGate.table)
        lifetrace_set_global_box(box)
        lifetrace_activity_set_global(sink is NoOpSink ? 0 : 1)
    }

    /// Installs the sinks named by `LIFETRACE_SINKS` (and the filters of `LIFETRACE_HOOKS` and
    /// `LIFETRACE_CONTROLLERS`); leaves the system off when the variable is unset or empty.
    ///
    /// - Throws: An error naming the variable and the bad part.
    public static func bootstrapFromEnvironment(
        _ environment: [String: String] = ProcessEnvironment.current,
        registry: SinkRegistry = .standard
    ) throws {
        if let sink = try SinkConfiguration(environment: environment, registry: registry)?.makeSink() {
            bootstrap(sink)
        }
    }

    /// The sink that receives events emitted from the current task now.
    public static var sink: any Sink {
        Dispatch.currentBox()?.sink ?? NoOpSink()
    }

    /// Runs `operation` with `sink` receiving the events emitted from this task (and the tasks it
    /// creates), instead of the global sink.
    public static func withSink<R>(_ sink: any Sink, operation: () throws -> R) rethrows -> R {
        lifetrace_activity_add(2)
        defer { lifetrace_activity_add(-2) }
        return try Dispatch.$scopedBox.withValue(SinkBox.make(sink), operation: operation)
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
        return try await Dispatch.$scopedBox.withValue(SinkBox.make(sink), operation: operation, isolation: isolation)
    }

    /// Writes out whatever the current sink has buffered.
    public static func flush() {
        Dispatch.currentBox()?.sink.flush()
    }

    /// Flushes the current sink and every file or stream output of the process; returns a line for
    /// each output that lost events (a full disk, a closed pipe), for tools whose exit status says
    /// whether what they were asked to write was written. The library itself only reports losses.
    package static func flushReportingLosses() -> [String] {
        flush()
        return ExitFlusher.flushReportingLosses()
    }
}
