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
    ///
    /// `logLevelStates`, when given, points to seven more: one per swift-log level, `trace` …
    /// `critical`, for a sink that takes a `log` record only at the levels a session enables (the
    /// LTTng sink's `lifetrace:log_*`). A log handler then reports the lowest level a record would
    /// be taken at (``LifetraceSystem/logLevelFloor(_:)``), and swift-log builds no record below it.
    package init(
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
    package func allows(_ hook: Hook, _ phase: Phase) -> Bool {
        lifetrace_gate_allows(table, lifetrace_gate_base(table, hook.code) &+ UInt32(phase.rawValue)) != 0
    }
}

/// A sink with a ``HookGate``: installed, its gate is read inline instead of asking
/// ``Sink/wants(_:_:)`` (the two must agree).
package protocol GatedSink: Sink {
    /// The table of what the sink wants now.
    var hookGate: HookGate { get }
    /// The tracer's C function for a flat record, which the tracer path calls directly (no
    /// existential, no witness) for a well-known hook whose details have no target, text or fields
    /// (most hooks: a controller, its flag, an index or a count); it must record exactly what
    /// ``TracerSink/record(_:_:_:_:seq:)`` records for such an event. `nil`: always `record`.
    var flatRecord: FlatRecord? { get }
}

/// A tracer's C entry point for one flattened event: the gate's slot (`code * 3 + phase` for a
/// well-known hook), the hook's name (`NULL` for a well-known hook), `seq`, the subject's name and
/// id, the target's name and id, `animated` (-1 absent, 0, 1), `index` and `count` (-1 absent),
/// the text; absent strings are `NULL`.
extension GatedSink {
    /// No flat records: the tracer path calls ``TracerSink/record(_:_:_:_:seq:)``.
    package var flatRecord: FlatRecord? { nil }
}

@usableFromInline
package typealias FlatRecord =
    @convention(c) (
        UInt32, UnsafePointer<CChar>?, UInt64, UnsafePointer<CChar>?, UInt64, UnsafePointer<CChar>?, UInt64, Int8, Int64,
        UnsafePointer<CChar>?, Int64
    ) -> Void

extension Details {
    /// The numbers of the details as flat records take them: `animated` 1, 0 or -1 when absent;
    /// `index` and `count` -1 when absent.
    @inlinable @inline(__always)
    package var flatScalars: (animated: Int8, index: Int64, count: Int64) {
        // Flat details keep their numbers in `scalars` (nothing is out of line): read from the bits.
        guard strings == nil else { return (animated.map { $0 ? 1 : 0 } ?? -1, Int64(index ?? -1), Int64(count ?? -1)) }
        return (
            scalars & 2 == 0 ? -1 : Int8(truncatingIfNeeded: scalars & 1),
            scalars >> 2 & 3 == 0 ? -1 : packedIndex,
            scalars >> 4 & 3 == 0 ? -1 : packedCount
        )
    }

    /// Whether the details have no target, text, fields or frame (their strings are then absent).
    @inlinable
    package var isFlat: Bool { strings == nil }
}
