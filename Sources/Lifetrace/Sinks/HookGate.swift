import CLifetrace

/// Which hooks a sink wants right now, as a table the hot path reads without calling the sink:
/// one state per hook and phase (non-zero: wanted), such as an LTTng provider's tracepoint states.
///
/// With a gate, a hook whose tracepoints no session enables costs two loads and a branch, and no
/// event is built. Slot of a hook: `code * 3 + phase` (begin 0, end 1, instant 2) for the
/// well-known hooks, `customBase + phase` for the others.
public struct HookGate: @unchecked Sendable {
    @usableFromInline
    let table: UnsafePointer<lifetrace_gate>

    /// Creates a gate over `slotCount` state pointers (which must live as long as the process).
    ///
    /// `logLevelStates`, when given, points to seven more: one per swift-log level, `trace` …
    /// `critical`, for a sink that takes a `log` record only at the levels a session enables (the
    /// LTTng sink's `lifetrace:log_*`). A log handler then reports the lowest level a record would
    /// be taken at (``LifetraceSystem/logLevelFloor(_:)``), and swift-log builds no record below it.
    public init(
        states: UnsafePointer<UnsafePointer<Int32>>, slotCount: Int, customBase: Int,
        logLevelStates: UnsafePointer<UnsafePointer<Int32>>? = nil
    ) {
        let table = UnsafeMutablePointer<lifetrace_gate>.allocate(capacity: 1)
        table.initialize(
            to: lifetrace_gate(
                states: UnsafeRawPointer(states).assumingMemoryBound(to: UnsafePointer<Int32>?.self),
                slot_count: UInt32(slotCount),
                hook_count: HookNames.wellKnownCount,
                custom_base: UInt32(customBase),
                log_states: logLevelStates.map { UnsafeRawPointer($0).assumingMemoryBound(to: UnsafePointer<Int32>?.self) }))
        self.table = UnsafePointer(table)
    }

    /// Whether the gate lets the hook's `phase` through now.
    @inlinable
    public func allows(_ hook: Hook, _ phase: Phase) -> Bool {
        lifetrace_gate_allows(table, lifetrace_gate_base(table, hook.code) &+ UInt32(phase.rawValue)) != 0
    }
}
