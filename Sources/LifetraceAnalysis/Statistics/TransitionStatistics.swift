/// One view-controller transition (a `transition` `end` record): push, pop, present, dismiss, tab
/// switch, with its duration.
public struct TransitionStatistics: Sendable, Hashable, Codable {
    /// The `seq` of the transition's end record.
    public var seq: UInt64
    /// The controller that ran it (the navigation, tab bar or presenting controller).
    public var controller: String
    /// The incoming controller (`target`), when the record names one.
    public var target: String?
    /// The kind, from the record's `text`: `push`, `pop`, `present`, …; `nil` when absent.
    public var kind: String?
    /// Whether it was animated, when the record says.
    public var animated: Bool?
    /// Its duration in nanoseconds.
    public var duration: UInt64

    /// Creates the statistics of a transition.
    public init(
        seq: UInt64, controller: String, target: String? = nil, kind: String? = nil, animated: Bool? = nil, duration: UInt64
    ) {
        self.seq = seq
        self.controller = controller
        self.target = target
        self.kind = kind
        self.animated = animated
        self.duration = duration
    }
}
