/// The optional fields of an event: what a hook says beyond its subject.
///
/// Every field is optional; sinks write only those that are set.
public struct Details: Sendable, Hashable {
    // Layout, kept to six words on purpose: a value this small is passed and copied in registers,
    // its copies and destruction inline. Held inline (eleven words), the target, text and fields
    // made the compiler move details through memory and copy and destroy them through their value
    // witness table on every hook, with or without a sink. What guards it: the HookCost benchmarks'
    // thresholds (Benchmarks/Thresholds: no sink, no-op sink, JSON lines, LTTng against its C
    // floor) and HookProbe's instruction counts (`tools/bench --instructions`); the history is in
    // CHANGELOG.md. The price: details that have a target, a text or fields allocate their
    // `Strings` once, when a sink wants the event; most hooks' details (an `animated` flag, an
    // index, a count) have none.
    //
    // Invariants: `strings` is `nil` when the
    // target, the text and the fields are all absent, and never holds an empty `fields` list; it is
    // immutable and shared by copies (setting a member makes a new one), so equality is field by field.
    /// The hook's `animated` flag, where it has one.
    public var animated: Bool?
    /// An ordinal, such as the index of a scenario step.
    public var index: Int?
    /// A count, such as the number of views a layout pass laid out.
    public var count: Int?
    @usableFromInline var strings: Strings?

    /// The target, text and fields, out of line (see the layout note above).
    @usableFromInline
    final class Strings: Sendable, Hashable {
        @usableFromInline let target: Subject?
        @usableFromInline let text: String?
        @usableFromInline let fields: [Field]?

        @inlinable
        init(target: Subject?, text: String?, fields: [Field]?) {
            self.target = target
            self.text = text
            self.fields = fields
        }

        @usableFromInline
        static func == (a: Strings, b: Strings) -> Bool {
            a.target == b.target && a.text == b.text && a.fields == b.fields
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(target)
            hasher.combine(text)
            hasher.combine(fields)
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
        self.animated = animated
        strings = Self.strings(target: target, text: text, fields: fields)
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
    @inlinable
    public static var none: Details { Details() }
}
