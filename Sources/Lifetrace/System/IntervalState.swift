/// What ``Probe/beginInterval(_:_:)`` hands back and ``Probe/endInterval(_:count:)`` takes: the
/// open interval's hook, details and start, in the spirit of `OSSignpostIntervalState`.
///
/// The state does not hold the subject: the probe (or controller) that ends the interval names it,
/// as an `OSSignposter` does, so end an interval with the probe that began it. When
/// instrumentation was off at the beginning, the state is inactive and ending it does nothing.
/// The `end` record goes to the sink that is current when the interval ends (which differs from
/// the `begin`'s only if the system was bootstrapped again in between).
public struct IntervalState: Sendable {
    // Kept small on purpose (no subject; ``Details`` of two words): a larger state is moved
    // through memory and copied and destroyed through its value witness table on every
    // begin/end pair, even with no sink (guarded by HookCost's no-sink thresholds and HookProbe's
    // `probe-no-sink` instruction count).
    @usableFromInline
    struct Open: Sendable {
        @usableFromInline let hook: Hook
        @usableFromInline let start: Dispatch.Start
        @usableFromInline let details: Details

        @inlinable
        init(hook: Hook, start: Dispatch.Start, details: Details) {
            self.hook = hook
            self.start = start
            self.details = details
        }
    }

    @usableFromInline
    let open: Open?

    @inlinable
    init(open: Open?) { self.open = open }

    /// The state of an interval that was not recorded.
    @inlinable
    public static var inactive: IntervalState { IntervalState(open: nil) }

    /// Whether a `begin` record was emitted for this interval (or a sink waits for its `end`).
    @inlinable
    public var isActive: Bool { open != nil }

    /// Emits the `begin` record of an interval; inactive when no sink received it.
    @inlinable
    static func begin(_ hook: Hook, _ subject: Subject, _ details: Details) -> IntervalState {
        let hook = hook.resolved
        let start = Dispatch.begin(hook, subject, details)
        guard start != .unrecorded else { return .inactive }
        return IntervalState(open: Open(hook: hook, start: start, details: details))
    }

    /// Emits the `end` record about `subject`, with the details of the `begin` and, if given, a count.
    @inlinable
    func end(_ subject: Subject, count: Int?) {
        guard let open else { return }
        var details = open.details
        if let count { details.count = count }
        Dispatch.end(open.hook, subject, details, after: open.start)
    }

    /// Emits the `end` record about `subject`, with the details of the `begin` and the frame that
    /// `frame` makes, only once a sink wants the record.
    @inlinable
    func end(_ subject: Subject, frame: () -> Details.Frame?) {
        guard let open else { return }
        Dispatch.end(open.hook, subject, open.details, after: open.start, frame: frame)
    }

    /// Emits the `end` record about `subject` with details of its own instead of the begin's.
    @inlinable
    func end(_ subject: Subject, details: Details) {
        guard let open else { return }
        Dispatch.end(open.hook, subject, details, after: open.start)
    }
}
