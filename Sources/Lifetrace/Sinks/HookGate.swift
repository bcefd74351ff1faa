import CLifetrace

/// Which hooks a sink wants right now, as a table the hot path reads without calling the sink:
/// one state per hook and phase (non-zero: wanted), such as an LTTng provider's tracepoint states.
///
/// With a gate, a hook whose tracepoints no session enables costs two loads and a branch, and no
/// event is built. Slot of a hook: `code * 3 + phase` (begin 0, end 1, instant 2) for the
/// well-known hooks, `customBase + phase` for the others.
///
/// Only LTTng's sink has one today, so the gate is a package detail of the two modules, not API: a
/// sink offers it by conforming to ``GatedSink``.
@usableFromInline
package struct HookGate: @unchecked Sendable {
    @usableFromInline
    let table: UnsafePointer<lifetrace_gate>

    /// Creates a gate over `slotCount` state pointers (which must live as long as the process).
    package init(states: UnsafePointer<UnsafePointer<Int32>>, slotCount: Int, customBase: Int) {
        let table = UnsafeMutablePointer<lifetrace_gate>.allocate(capacity: 1)
        table.initialize(
            to: lifetrace_gate(
                states: UnsafeRawPointer(states).assumingMemoryBound(to: UnsafePointer<Int32>?.self),
                slot_count: UInt32(slotCount),
                hook_count: HookNames.wellKnownCount,
                custom_base: UInt32(customBase)))
        self.table = UnsafePointer(table)
    }

    /// Whether the gate lets the hook's `phase` through now.
    @inlinable
    package func allows(_ hook: Hook, _ phase: Phase) -> Bool {
        lifetrace_gate_allows(table, lifetrace_gate_base(table, hook.code) &+ UInt32(phase.rawValue)) != 0
    }
}

/// A sink with a ``HookGate``: installed, its gate is read inline instead of asking
/// ``Sink/wants(_:_:)`` (the two must agree).
package protocol GatedSink: Sink {
    /// The table of what the sink wants now.
    var hookGate: HookGate { get }
}
