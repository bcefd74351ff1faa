/// Whether an event opens an interval, closes one, or stands alone.
public enum Phase: UInt8, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The start of an interval (before the hook's body runs).
    case begin
    /// The end of an interval; the event carries the interval's duration.
    case end
    /// A point in time with no duration.
    case instant

    /// The phase's name in traces: `begin`, `end` or `instant`.
    public var description: String {
        switch self {
        case .begin: "begin"
        case .end: "end"
        case .instant: "instant"
        }
    }
}
