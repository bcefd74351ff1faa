/// What ``Probe/beginInterval(_:_:)`` hands back and ``Probe/endInterval(_:count:)`` takes: the
/// open interval's hook, subject, details and start time, in the spirit of `OSSignpostIntervalState`.
///
/// When instrumentation was off at the beginning, the state is inactive and ending it does nothing.
/// The `end` record goes to the sink that is current when the interval ends (which differs from
/// the `begin`'s only if the system was bootstrapped again in between).
public struct IntervalState: Sendable {
    @usableFromInline
    struct Open: Sendable {
        @usableFromInline let hook: Hook
        @usableFromInline let subject: Subject
        @usableFromInline let details: Details
        @usableFromInline let beginTimestamp: UInt64

        @inlinable
        init(hook: Hook, subject: Subject, details: Details, beginTimestamp: UInt64) {
            self.hook = hook
            self.subject = subject
            self.details = details
            self.beginTimestamp = beginTimestamp
        }
    }

    @usableFromInline
    let open: Open?

    @inlinable
    init(open: Open?) { self.open = open }

    /// The state of an interval that was not recorded.
    @inlinable
    public static var inactive: IntervalState { IntervalState(open: nil) }

    /// Whether a `begin` record was emitted for this interval.
    @inlinable
    public var isActive: Bool { open != nil }

    /// Emits the `begin` record of an interval; inactive when no sink received it.
    @inlinable
    static func begin(_ hook: Hook, _ subject: Subject, _ details: Details) -> IntervalState {
        let hook = hook.resolved
        let timestamp = LifetraceSystem.emit(hook, .begin, subject, details)
        guard timestamp != 0 else { return .inactive }
        return IntervalState(open: Open(hook: hook, subject: subject, details: details, beginTimestamp: timestamp))
    }

    /// Emits the `end` record, with the details of the `begin` and, if given, a count.
    @inlinable
    func end(count: Int?) {
        guard let open, LifetraceSystem.isEnabled else { return }
        var details = open.details
        if let count { details.count = count }
        _ = LifetraceSystem.emit(open.hook, .end, open.subject, details, since: open.beginTimestamp)
    }

    /// Emits the `end` record with details of its own instead of the begin's.
    @inlinable
    func end(details: Details) {
        guard let open, LifetraceSystem.isEnabled else { return }
        _ = LifetraceSystem.emit(open.hook, .end, open.subject, details, since: open.beginTimestamp)
    }
}
