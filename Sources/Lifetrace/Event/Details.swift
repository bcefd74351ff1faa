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
    // A view's frame (`Event.frame`) is kept there too, so that it costs the events of every other
    // hook nothing (as an inline optional of the event, every event had to clear it); so is the host
    // of an event read from a trace of several machines (`Event.host`), which no emitted event has.
    //
    // Invariants: `strings` is `nil` when the
    // target, the text, the fields, the frame and the host are all absent, and never holds an empty `fields`
    // list; it is immutable and shared by copies (setting a member makes a new one), so equality is
    // field by field. The one exception: the system's emission path, under its lock, reuses the
    // storage of the last framed event for the next one while nothing else holds it
    // (``attachFrame(_:reusing:)``), so a layout pass's records allocate nothing.
    /// The hook's `animated` flag, where it has one.
    public var animated: Bool?
    /// An ordinal, such as the index of a scenario step.
    public var index: Int?
    /// A count, such as the number of views a layout pass laid out.
    public var count: Int?
    @usableFromInline var strings: Strings?

    /// The target, text, fields and frame, out of line (see the layout note above). Only the
    /// emission path changes `frame`, and only while it holds the one reference (see the
    /// invariants above): so sharing it between threads is safe.
    @usableFromInline
    final class Strings: @unchecked Sendable, Hashable {
        @usableFromInline let target: Subject?
        @usableFromInline let text: String?
        @usableFromInline let fields: [Field]?
        @usableFromInline var frame: Details.Frame?
        @usableFromInline let host: String?

        @inlinable
        init(target: Subject?, text: String?, fields: [Field]?, frame: Details.Frame? = nil, host: String? = nil) {
            self.target = target
            self.text = text
            self.fields = fields
            self.frame = frame
            self.host = host
        }

        @usableFromInline
        static func == (a: Strings, b: Strings) -> Bool {
            a.target == b.target && a.text == b.text && a.fields == b.fields && a.frame == b.frame && a.host == b.host
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(target)
            hasher.combine(text)
            hasher.combine(fields)
            hasher.combine(frame)
            hasher.combine(host)
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
        set {
            strings = Self.strings(
                target: newValue, text: strings?.text, fields: strings?.fields, frame: strings?.frame, host: strings?.host)
        }
    }

    /// A short free text, such as a scenario step's line or a transition's size.
    @inlinable
    public var text: String? {
        get { strings?.text }
        set {
            strings = Self.strings(
                target: strings?.target, text: newValue, fields: strings?.fields, frame: strings?.frame, host: strings?.host)
        }
    }

    /// Named values beyond these details, in order (a log record's level and metadata, a span's
    /// ids and attributes); `nil` for the hooks of controllers. An empty list counts as absent.
    @inlinable
    public var fields: [Field]? {
        get { strings?.fields }
        set {
            strings = Self.strings(
                target: strings?.target, text: strings?.text, fields: newValue, frame: strings?.frame, host: strings?.host)
        }
    }

    /// A view's frame (``Event/frame``).
    var frame: Details.Frame? {
        get { strings?.frame }
        set {
            strings = Self.strings(
                target: strings?.target, text: strings?.text, fields: strings?.fields, frame: newValue, host: strings?.host)
        }
    }

    /// The host of an event read from a trace (``Event/host``); an interval's, in the analysis.
    package var host: String? {
        get { strings?.host }
        set {
            strings = Self.strings(
                target: strings?.target, text: strings?.text, fields: strings?.fields, frame: strings?.frame, host: newValue)
        }
    }

    /// The out-of-line storage that the details of one host's events share when they have nothing
    /// else out of line (``init(target:animated:index:text:count:fields:frame:host:sharing:)``).
    package struct SharedHost {
        fileprivate var strings: Strings?

        package init() {}
    }

    /// Details read from a trace, their out-of-line parts made at once (setting them one by one makes
    /// a storage for each): details with nothing out of line but the host (most events read from a
    /// trace of several machines) share `shared`'s storage while the host stays the same. Sharing is
    /// safe: that storage is never changed in place (only the emission path changes a frame in
    /// place, and not in details that hold a host).
    package init(
        target: Subject?, animated: Bool?, index: Int?, text: String?, count: Int?, fields: [Field]?, frame: Details.Frame?,
        host: String?, sharing shared: inout SharedHost
    ) {
        self.animated = animated
        self.index = index
        self.count = count
        guard let host, target == nil, text == nil, fields?.isEmpty ?? true, frame == nil else {
            strings = Self.strings(target: target, text: text, fields: fields, frame: frame, host: host)
            return
        }
        if let made = shared.strings, made.host == host {
            strings = made
            return
        }
        let made = Strings(target: nil, text: nil, fields: nil, host: host)
        shared.strings = made
        strings = made
    }

    /// Sets the frame, in the storage of `spare` (the last framed event's) when nothing else holds
    /// it, or in a new one that becomes the spare. Only the emission path calls it, under its lock.
    mutating func attachFrame(_ frame: Details.Frame, reusing spare: inout Strings?) {
        guard strings == nil else {
            // A target, a text or fields as well: storage of its own (no hook of the runtime's).
            self.frame = frame
            return
        }
        if spare != nil, isKnownUniquelyReferenced(&spare!) {
            spare!.frame = frame
        } else {
            spare = Strings(target: nil, text: nil, fields: nil, frame: frame)
        }
        strings = spare
    }

    @inlinable
    static func strings(target: Subject?, text: String?, fields: [Field]?, frame: Details.Frame? = nil, host: String? = nil)
        -> Strings?
    {
        let fields = fields?.isEmpty == true ? nil : fields
        return target == nil && text == nil && fields == nil && frame == nil && host == nil
            ? nil : Strings(target: target, text: text, fields: fields, frame: frame, host: host)
    }

    /// No details.
    @inlinable
    public static var none: Details { Details() }
}
