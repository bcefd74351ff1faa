import Lifetrace
import LifetraceTracepoints

/// A sink that fires LTTng-UST tracepoints of the `lifetrace` provider, so `lttng` sessions,
/// `babeltrace2` and Trace Compass see every hook.
///
/// One tracepoint per hook and phase (`lifetrace:view_will_appear_entry`, `…_exit`, and the bare
/// `lifetrace:view_will_appear` for instants; `lifetrace:event*` for hooks of other runtimes),
/// with the fields of the JSON lines (`seq`, `controller`, `id`, `target`, `target_id`,
/// `animated`, `index`, `text`, `count`; a view's frame as `x`, `y`, `width`, `height`, `offset_x`,
/// `offset_y` and `superview_id` on the `_exit` of `layoutSubviews` and on `frameChange`; LTTng adds
/// the timestamp and, with `lttng add-context -u -t vtid`, the thread). swift-log records (the `log` hook) fire `lifetrace:log_trace` … `lifetrace:log_critical`,
/// each with its LTTng log level, and spans `lifetrace:span_entry`, `lifetrace:span_exit` and
/// `lifetrace:span` (`LifetraceLogging` and `LifetraceTracing` tell their fields and the log levels).
/// Install it and attach a session at any time:
/// `lttng create; lttng enable-event -u 'lifetrace:*'; lttng start`.
///
/// The sink tells the system which tracepoints are enabled (``wants(_:_:)``), so with no session
/// a hook costs a load and a branch per tracepoint state, and no string is converted. With no
/// session daemon, tracepoints simply stay disabled.
///
/// Programs do not link liblttng-ust: the first sink made loads it (``loadTracer()``), so a
/// program that never records with LTTng does not pay its start-up.
public struct LTTngSink: TracerSink, GatedSink {
    /// Creates the sink, loading LTTng-UST's tracer the first time (``loadTracer()``). Without
    /// liblttng-ust the sink records nothing, and says so once on standard error.
    public init() {
        Self.unavailableWarning
    }

    /// Loads LTTng-UST's tracer (liblttng-ust) into the process and registers the `lifetrace`
    /// provider with it, the first time: until then no session can enable its tracepoints.
    /// liblttng-ust then registers with the session daemon, waiting for it up to
    /// `LTTNG_UST_REGISTER_TIMEOUT` milliseconds (3000 by default), so tracepoints that sessions
    /// already enable record from the first event. ``init()`` calls it; code that fires the
    /// provider's tracepoints without a sink must call it first.
    ///
    /// - Returns: `nil` once the tracer is loaded, or why it cannot be (liblttng-ust missing).
    @discardableResult
    public static func loadTracer() -> String? { loadFailure }

    private static let loadFailure: String? = lifetrace_provider_load().map { String(cString: $0) }

    private static let unavailableWarning: Void = {
        if let loadFailure { StandardError.writeLine("lifetrace: the lttng sink records nothing: \(loadFailure)") }
    }()

    /// Whether a session enables the tracepoint of this hook and phase (for the `log` hook: the
    /// tracepoint of some level; its gate cannot tell, and lets every log record through to
    /// ``record(_:_:_:_:seq:)``, which checks the record's level).
    @inlinable
    public func wants(_ hook: Hook, _ phase: Phase) -> Bool {
        if hook.code == Self.logCode { return phase == .instant && lifetrace_tp_log_any_enabled() != 0 }
        return lifetrace_tp_enabled(Self.slot(hook, phase)) != 0
    }

    @usableFromInline
    static var logCode: UInt32 { Hook.log.code }

    /// The provider's state table: with this sink installed alone, a hook whose tracepoints no
    /// session enables costs two loads and a branch, and no event is built; and the log levels'
    /// states, so a log handler reports the lowest level a session records.
    package var hookGate: HookGate { Self.gate }

    /// The provider's C function: the system's tracer path calls it directly for the common shape.
    package var flatRecord: FlatRecord? { lifetrace_tp_fire }

    private static let gate = HookGate(
        states: UnsafeRawPointer(lifetrace_tp_state_table()!).assumingMemoryBound(to: UnsafePointer<Int32>.self),
        slotCount: Int(LIFETRACE_TP_SLOT_COUNT),
        customBase: Int(LIFETRACE_TP_CUSTOM_SLOT),
        logLevelStates: UnsafeRawPointer(lifetrace_tp_log_states()!).assumingMemoryBound(to: UnsafePointer<Int32>.self))

    /// Fires the tracepoint of the event's hook and phase, if enabled (the path of a sink combined
    /// with others; installed alone, the sink takes ``record(_:_:_:_:seq:)`` directly).
    public func emit(_ event: Event) {
        guard wants(event.hook, event.phase) else { return }
        if let frame = event.frame {
            record(event.hook, event.phase, event.subject, event.details, frame: frame, seq: event.seq)
        } else {
            record(event.hook, event.phase, event.subject, event.details, seq: event.seq)
        }
    }

    /// Fires the tracepoint of a hook and phase with a view's frame: the FRAME shape's `_exit` and
    /// instant tracepoints record it (x, y, width, height, offset_x, offset_y, superview_id); any
    /// other tracepoint has no place for it and records the event without it.
    public func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, frame: Details.Frame, seq: UInt64) {
        let slot = Self.slot(hook, phase)
        var parts = lifetrace_frame(
            x: frame.x, y: frame.y, width: frame.width, height: frame.height, offset_x: frame.offsetX,
            offset_y: frame.offsetY, superview_id: UInt64(frame.superview ?? 0))
        let fired =
            hook.isWellKnown
            && subject.name.withCString { controller in
                lifetrace_tp_fire_frame(slot, seq, controller, UInt64(subject.id), &parts) != 0
            }
        if !fired { record(hook, phase, subject, details, seq: seq) }
    }

    /// Fires the tracepoint of a hook and phase (the system has checked ``wants(_:_:)``; LTTng checks
    /// again, so a session stopped meanwhile records nothing). LTTng timestamps the record and notes
    /// the thread (`vtid` context); `_exit` records carry no duration, which is the difference of
    /// the `_exit` and `_entry` timestamps.
    @inline(__always)
    public func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, seq: UInt64) {
        let slot = Self.slot(hook, phase)
        if details.isFlat && hook.isWellKnown {
            Self.fireCommonShape(slot, seq, subject, details)
        } else {
            Self.fireInFull(slot, seq, hook, subject, details)
        }
    }

    /// The common shape (a controller, its flag, perhaps an index or a count): one string. (The
    /// installed sink's tracer path calls the same C function itself: ``flatRecord``.)
    @inline(__always)
    private static func fireCommonShape(_ slot: UInt32, _ seq: UInt64, _ subject: Subject, _ details: Details) {
        let id = UInt64(subject.id)
        let (animated, index, count) = details.flatScalars
        subject.name.withCString { controller in
            lifetrace_tp_fire(slot, nil, seq, controller, id, nil, 0, animated, index, nil, count)
        }
    }

    @inline(never)
    private static func fireInFull(_ slot: UInt32, _ seq: UInt64, _ hook: Hook, _ subject: Subject, _ details: Details) {
        if hook == .log {
            return LTTngStructuredRecords.fireLog(seq, subject, details)
        }
        if hook == .span {
            return LTTngStructuredRecords.fireSpan(slot % 3, seq, subject, details)
        }
        let id = UInt64(subject.id)
        let (animated, index, count) = details.flatScalars
        let targetID = UInt64(details.target?.id ?? 0)
        let hookName = hook.isWellKnown ? nil : hook.name
        // Absent strings go as NULL, which LTTng records as "(null)": babeltrace2 2.0 misreads
        // empty strings (it repeats the previous event's value).
        withOptionalCString(hookName) { hookName in
            subject.name.withCString { controller in
                withOptionalCString(details.target?.name) { target in
                    withOptionalCString(details.text) { text in
                        lifetrace_tp_fire(
                            slot, hookName, seq, controller, id, target, targetID, animated, index, text, count)
                    }
                }
            }
        }
    }

    /// The slot of the provider's state table for a hook and phase.
    @inlinable
    static func slot(_ hook: Hook, _ phase: Phase) -> UInt32 {
        let base = hook.isWellKnown ? hook.code &* 3 : UInt32(LIFETRACE_TP_CUSTOM_SLOT)
        return base &+ UInt32(phase.rawValue)
    }

    /// The well-known hook names of the provider, in code order (to check that the provider and
    /// `Hook.wellKnown` agree).
    public static var providerHookNames: [String] {
        (0..<UInt32(LIFETRACE_TP_HOOK_COUNT)).map { String(cString: lifetrace_tp_hook_name($0)) }
    }
}

extension SinkRegistry.Entry {
    /// `lttng`: LTTng-UST tracepoints of the `lifetrace` provider.
    public static let lttng = SinkRegistry.Entry(
        name: "lttng",
        summary: "LTTng-UST tracepoints (provider lifetrace); attach with lttng enable-event -u 'lifetrace:*'"
    ) { specification in
        try specification.checkOptions(allowed: [])
        if let destination = specification.destination {
            throw ConfigurationError(
                "\(specification.origin): sink \"lttng\" takes no destination (sessions decide where traces go), got \"\(destination)\""
            )
        }
        if let failure = LTTngSink.loadTracer() {
            throw ConfigurationError("\(specification.origin): sink \"lttng\": \(failure)")
        }
        return LTTngSink()
    }
}

extension SinkRegistry {
    /// `SinkRegistry.standard` plus `lttng`.
    public static let withLTTng = SinkRegistry.standard.adding(.lttng)
}
