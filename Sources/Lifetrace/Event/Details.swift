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

    /// The fields that hold references, kept together and absent when all are: details without a
    /// target, a text or fields (most hooks' details) then copy and destroy as plain bits, with no
    /// reference count to check. Never holds only absent fields, so equality is field by field.
    @usableFromInline
    var strings: Strings?

    @usableFromInline
    struct Strings: Sendable, Hashable {
        @usableFromInline var target: Subject?
        @usableFromInline var text: String?
        @usableFromInline var fields: [Field]?

        @inlinable
        init(target: Subject?, text: String?, fields: [Field]? = nil) {
            self.target = target
            self.text = text
            self.fields = fields
        }
    }

    /// Creates details; every field defaults to absent.
    @inlinable
    public init(
        target: Subject? = nil,
        animated: Bool? = nil,
        index: Int? = nil,
        text: String? = nil,
        count: Int? = nil,
        fields: [Field]? = nil
    ) {
        self.animated = animated
        self.index = index
        self.count = count
        self.strings = Self.strings(target: target, text: text, fields: fields)
    }

    /// The other controller the hook concerns (the shown one, the segue destination).
    @inlinable
    public var target: Subject? {
        get { strings?.target }
        set { strings = Self.strings(target: newValue, text: strings?.text, fields: strings?.fields) }
    }

    /// A short free text, such as a scenario step's line or a transition's size.
    @inlinable
    public var text: String? {
        get { strings?.text }
        set { strings = Self.strings(target: strings?.target, text: newValue, fields: strings?.fields) }
    }

    /// Named values beyond these details, in order (a log record's level and metadata, a span's
    /// ids and attributes); `nil` for the hooks of controllers. An empty list counts as absent.
    @inlinable
    public var fields: [Field]? {
        get { strings?.fields }
        set { strings = Self.strings(target: strings?.target, text: strings?.text, fields: newValue) }
    }

    @inlinable
    static func strings(target: Subject?, text: String?, fields: [Field]?) -> Strings? {
        let fields = fields?.isEmpty == true ? nil : fields
        return target == nil && text == nil && fields == nil ? nil : Strings(target: target, text: text, fields: fields)
    }

    /// No details.
    public static let none = Details()
}
