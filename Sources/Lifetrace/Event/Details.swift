/// The optional fields of an event: what a hook says beyond its subject.
///
/// Every field is optional; sinks write only those that are set.
public struct Details: Sendable, Hashable {
    // Layout, kept compact on purpose. A value this size is passed and copied in registers, its
    // copies and destruction inline; a few words more and the compiler moves it through memory and
    // copies and destroys it through its value witness table — which more than doubled the cost of
    // a begin/end pair with no sink once `fields` were added (46 → 103 instructions, HookProbe).
    //
    // Invariants: `_animated` holds 0 (absent), 1 (false) or 2 (true); `strings` is `nil` when the
    // target, the text and the fields are all absent (most hooks' details then copy and destroy as
    // plain bits), and never holds an empty `fields` list, so equality is field by field.
    /// An ordinal, such as the index of a scenario step.
    public var index: Int?
    /// A count, such as the number of views a layout pass laid out.
    public var count: Int?
    @usableFromInline var _animated: UInt8
    @usableFromInline var strings: Strings?

    @usableFromInline
    struct Strings: Sendable, Hashable {
        @usableFromInline var target: Subject?
        @usableFromInline var text: String?
        @usableFromInline var fields: [Field]?

        @inlinable
        init(target: Subject?, text: String?, fields: [Field]?) {
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
        self.index = index
        self.count = count
        _animated = Self.encode(animated)
        strings = Self.strings(target: target, text: text, fields: fields)
    }

    /// The hook's `animated` flag, where it has one.
    @inlinable
    public var animated: Bool? {
        get { _animated == 0 ? nil : _animated == 2 }
        set { _animated = Self.encode(newValue) }
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
    static func encode(_ animated: Bool?) -> UInt8 {
        switch animated {
        case nil: 0
        case false?: 1
        case true?: 2
        }
    }

    @inlinable
    static func strings(target: Subject?, text: String?, fields: [Field]?) -> Strings? {
        let fields = fields?.isEmpty == true ? nil : fields
        return target == nil && text == nil && fields == nil ? nil : Strings(target: target, text: text, fields: fields)
    }

    /// No details.
    @inlinable
    public static var none: Details { Details() }
}
