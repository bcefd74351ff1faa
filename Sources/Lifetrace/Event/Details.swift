/// The optional fields of an event: what a hook says beyond its subject.
///
/// Every field is optional; sinks write only those that are set.
public struct Details: Sendable, Hashable {
    /// The hook's `animated` flag, where it has one.
    public var animated: Bool?
    /// An ordinal, such as the index of a scenario step.
    public var index: Int?
    /// A count, such as the number of views a layout pass laid out.
    public var count: Int?

    /// The fields that hold strings, kept together and absent when both are: details without a
    /// target or a text (most hooks' details) then copy and destroy as plain bits, with no
    /// reference count to check. Never holds two absent fields, so equality is field by field.
    @usableFromInline
    var strings: Strings?

    @usableFromInline
    struct Strings: Sendable, Hashable {
        @usableFromInline var target: Subject?
        @usableFromInline var text: String?

        @inlinable
        init(target: Subject?, text: String?) {
            self.target = target
            self.text = text
        }
    }

    /// Creates details; every field defaults to absent.
    @inlinable
    public init(
        target: Subject? = nil,
        animated: Bool? = nil,
        index: Int? = nil,
        text: String? = nil,
        count: Int? = nil
    ) {
        self.animated = animated
        self.index = index
        self.count = count
        self.strings = target == nil && text == nil ? nil : Strings(target: target, text: text)
    }

    /// The other controller the hook concerns (the shown one, the segue destination).
    @inlinable
    public var target: Subject? {
        get { strings?.target }
        set { strings = Self.strings(target: newValue, text: strings?.text) }
    }

    /// A short free text, such as a scenario step's line or a transition's size.
    @inlinable
    public var text: String? {
        get { strings?.text }
        set { strings = Self.strings(target: strings?.target, text: newValue) }
    }

    @inlinable
    static func strings(target: Subject?, text: String?) -> Strings? {
        target == nil && text == nil ? nil : Strings(target: target, text: text)
    }

    /// No details.
    public static let none = Details()
}
