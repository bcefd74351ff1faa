/// The optional fields of an event: what a hook says beyond its subject.
///
/// Every field is optional; sinks write only those that are set.
public struct Details: Sendable, Hashable {
    /// The other controller the hook concerns (the shown one, the segue destination).
    public var target: Subject?
    /// The hook's `animated` flag, where it has one.
    public var animated: Bool?
    /// An ordinal, such as the index of a scenario step.
    public var index: Int?
    /// A short free text, such as a scenario step's line or a transition's size.
    public var text: String?
    /// A count, such as the number of views a layout pass laid out.
    public var count: Int?

    /// Creates details; every field defaults to absent.
    @inlinable
    public init(
        target: Subject? = nil,
        animated: Bool? = nil,
        index: Int? = nil,
        text: String? = nil,
        count: Int? = nil
    ) {
        self.target = target
        self.animated = animated
        self.index = index
        self.text = text
        self.count = count
    }

    /// No details.
    public static let none = Details()
}
