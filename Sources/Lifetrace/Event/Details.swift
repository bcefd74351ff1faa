/// The optional fields of an event: what a hook says beyond its subject.
///
/// Every field is optional; sinks write only those that are set.
public struct Details: Sendable, Hashable {
    // Layout, kept to two words on purpose: the numbers in one (`scalars`), the strings out of line.
    // A value of at most three scalar parts is copied and destroyed inline (a retain and a release
    // of `strings`); at four or more (the three optional numbers held apart took five) the compiler
    // copies and destroys it through its value witnesses, and the optional `strings` through
    // Optional's generic ones: about a hundred instructions a copy once `strings` is set. Held
    // inline (eleven words), the target, text and fields moved details through memory on every
    // hook, with or without a sink. What guards it: the HookCost benchmarks' thresholds
    // (Benchmarks/Thresholds: no sink, no-op sink, JSON lines, LTTng against its C floor) and
    // HookProbe's instruction counts (`tools/bench --instructions`); the history is in
    // CHANGELOG.md. The price: details that have a target, a text or fields allocate their
    // `Strings` once, when a sink wants the event; most hooks' details (an `animated` flag, an
    // index, a count) have none.
    //
    // `scalars`: bits 0-1 `animated` (0 absent, 2 false, 3 true); bits 2-3 and 4-5 whether `index`
    // and `count` are absent (0), in `scalars` (1) or out of line (2); bits 6-34 `index` and 35-63
    // `count`, 29-bit two's complement. A number outside ±2^28 (rare: indexes and counts of views,
    // rows, steps) is kept out of line, so every value has one representation and equality is
    // field by field.
    //
    // A view's frame (`Event.frame`) is kept out of line too, so that it costs the events of every
    // other hook nothing (as an inline optional of the event, every event had to clear it); so is
    // the host of an event read from a trace of several machines (`Event.host`), which no emitted
    // event has.
    //
    // Invariants: `strings` is `nil` when the target, the text, the fields, the frame, the host and
    // the out-of-line numbers are all absent, and never holds an empty `fields` list; it is
    // immutable and shared by copies (setting a member makes a new one), so equality is field by
    // field. The one exception: the system's emission path, under its lock, reuses the storage of
    // the last framed event for the next one while nothing else holds it
    // (``attachFrame(_:reusing:)``), so a layout pass's records allocate nothing.
    @usableFromInline var scalars: UInt64
    @usableFromInline var strings: Strings?

    /// The hook's `animated` flag, where it has one.
    @inlinable
    public var animated: Bool? {
        get { scalars & 2 == 0 ? nil : scalars & 1 != 0 }
        set { scalars = scalars & ~3 | Self.animatedBits(newValue) }
    }

    /// An ordinal, such as the index of a scenario step.
    @inlinable
    public var index: Int? {
        get {
            switch scalars >> 2 & 3 {
            case 1: Int(truncatingIfNeeded: packedIndex)
            case 2: strings?.index
            default: nil
            }
        }
        set { setNumber(newValue, isIndex: true) }
    }

    /// A count, such as the number of views a layout pass laid out.
    @inlinable
    public var count: Int? {
        get {
            switch scalars >> 4 & 3 {
            case 1: Int(truncatingIfNeeded: packedCount)
            case 2: strings?.count
            default: nil
            }
        }
        set { setNumber(newValue, isIndex: false) }
    }

    /// The index and the count as held in `scalars` (meaningful when their state there is 1).
    @inlinable
    var packedIndex: Int64 { Int64(bitPattern: scalars << 29) >> 35 }
    @inlinable
    var packedCount: Int64 { Int64(bitPattern: scalars) >> 35 }

    /// The bits of an `animated` flag in ``scalars``.
    @inlinable
    static func animatedBits(_ animated: Bool?) -> UInt64 {
        animated.map { $0 ? 3 : 2 } ?? 0
    }

    /// The mask of a number's 29 bits, before its shift.
    @inlinable
    static var numberMask: UInt64 { 1 << 29 - 1 }

    /// Puts `number`, the index or the count, into `scalars` when it fits; returns it when it must
    /// be kept out of line instead.
    @inlinable
    static func pack(_ number: Int?, isIndex: Bool, into scalars: inout UInt64) -> Int? {
        let stateShift: UInt64 = isIndex ? 2 : 4
        let valueShift: UInt64 = isIndex ? 6 : 35
        scalars &= ~(3 << stateShift | numberMask << valueShift)
        guard let number else { return nil }
        guard number >= -(1 << 28), number < 1 << 28 else {
            scalars |= 2 << stateShift
            return number
        }
        scalars |= 1 << stateShift | (UInt64(bitPattern: Int64(number)) & numberMask) << valueShift
        return nil
    }

    /// The `scalars` of a flag, an index and a count, and the numbers to keep out of line.
    @inlinable
    static func packed(animated: Bool?, index: Int?, count: Int?) -> (scalars: UInt64, index: Int?, count: Int?) {
        var scalars = animatedBits(animated)
        let outOfLineIndex = pack(index, isIndex: true, into: &scalars)
        let outOfLineCount = pack(count, isIndex: false, into: &scalars)
        return (scalars, outOfLineIndex, outOfLineCount)
    }

    /// Sets the index or the count.
    @inlinable
    mutating func setNumber(_ number: Int?, isIndex: Bool) {
        let wasOutOfLine = scalars >> (isIndex ? 2 : 4) & 3 == 2
        let outOfLine = Self.pack(number, isIndex: isIndex, into: &scalars)
        guard outOfLine != nil || wasOutOfLine else { return }
        strings = Self.strings(
            target: strings?.target, text: strings?.text, fields: strings?.fields, frame: strings?.frame, host: strings?.host,
            index: isIndex ? outOfLine : strings?.index, count: isIndex ? strings?.count : outOfLine)
    }

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
        /// The index and the count when they do not fit in `scalars`.
        @usableFromInline let index: Int?
        @usableFromInline let count: Int?

        @inlinable
        init(
            target: Subject?, text: String?, fields: [Field]?, frame: Details.Frame? = nil, host: String? = nil,
            index: Int? = nil, count: Int? = nil
        ) {
            self.target = target
            self.text = text
            self.fields = fields
            self.frame = frame
            self.host = host
            self.index = index
            self.count = count
        }

        @usableFromInline
        static func == (a: Strings, b: Strings) -> Bool {
            a.target == b.target && a.text == b.text && a.fields == b.fields && a.frame == b.frame && a.host == b.host
                && a.index == b.index && a.count == b.count
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(target)
            hasher.combine(text)
            hasher.combine(fields)
            hasher.combine(frame)
            hasher.combine(host)
            hasher.combine(index)
            hasher.combine(count)
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
        let (scalars, outOfLineIndex, outOfLineCount) = Self.packed(animated: animated, index: index, count: count)
        self.scalars = scalars
        strings = Self.strings(target: target, text: text, fields: fields, index: outOfLineIndex, count: outOfLineCount)
    }

    /// The other controller the hook concerns (the shown one, the segue destination).
    @inlinable
    public var target: Subject? {
        get { strings?.target }
        set {
            strings = Self.strings(
                target: newValue, text: strings?.text, fields: strings?.fields, frame: strings?.frame, host: strings?.host,
                index: strings?.index, count: strings?.count)
        }
    }

    /// A short free text, such as a scenario step's line or a transition's size.
    @inlinable
    public var text: String? {
        get { strings?.text }
        set {
            strings = Self.strings(
                target: strings?.target, text: newValue, fields: strings?.fields, frame: strings?.frame, host: strings?.host,
                index: strings?.index, count: strings?.count)
        }
    }

    /// Named values beyond these details, in order (a log record's level and metadata, a span's
    /// ids and attributes); `nil` for the hooks of controllers. An empty list counts as absent.
    @inlinable
    public var fields: [Field]? {
        get { strings?.fields }
        set {
            strings = Self.strings(
                target: strings?.target, text: strings?.text, fields: newValue, frame: strings?.frame, host: strings?.host,
                index: strings?.index, count: strings?.count)
        }
    }

    /// A view's frame (``Event/frame``).
    var frame: Details.Frame? {
        get { strings?.frame }
        set {
            strings = Self.strings(
                target: strings?.target, text: strings?.text, fields: strings?.fields, frame: newValue, host: strings?.host,
                index: strings?.index, count: strings?.count)
        }
    }

    /// The host of an event read from a trace (``Event/host``); an interval's, in the analysis.
    package var host: String? {
        get { strings?.host }
        set {
            strings = Self.strings(
                target: strings?.target, text: strings?.text, fields: strings?.fields, frame: strings?.frame, host: newValue,
                index: strings?.index, count: strings?.count)
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
        let (scalars, outOfLineIndex, outOfLineCount) = Self.packed(animated: animated, index: index, count: count)
        self.scalars = scalars
        guard let host, target == nil, text == nil, fields?.isEmpty ?? true, frame == nil, outOfLineIndex == nil,
            outOfLineCount == nil
        else {
            strings = Self.strings(
                target: target, text: text, fields: fields, frame: frame, host: host, index: outOfLineIndex,
                count: outOfLineCount)
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
    static func strings(
        target: Subject?, text: String?, fields: [Field]?, frame: Details.Frame? = nil, host: String? = nil, index: Int? = nil,
        count: Int? = nil
    ) -> Strings? {
        let fields = fields?.isEmpty == true ? nil : fields
        return target == nil && text == nil && fields == nil && frame == nil && host == nil && index == nil && count == nil
            ? nil
            : Strings(target: target, text: text, fields: fields, frame: frame, host: host, index: index, count: count)
    }

    /// No details.
    @inlinable
    public static var none: Details { Details() }
}
