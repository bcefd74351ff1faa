import CLifetraceCTF
import Lifetrace
import LifetraceAnalysis

#if canImport(Glibc)
import Glibc
#endif

/// What the C reader's record callbacks change, in one value: the events of the last steps, the
/// open intervals they pair with, and the summary. ``ReaderState`` holds it, so a record costs one
/// exclusive access to the class's storage, not one per field it touches.
struct RecordDecoding {
    var pending = EventQueue()
    var summary = TraceReadSummary()
    private var pairing = IntervalPairing()
    /// The storage one host's events share for their host label (`Details`' initializer with
    /// `sharing:`).
    private var sharedHost = Details.SharedHost()
    private var warnedAboutThreads = false
    private var warnedAboutJSON = false
    private var names = NameCache()
    /// The host name of the last record that named one (``host(_:)``).
    private var lastHost: String?
    /// Makes the event of a record (of this reading's share: the decoder delivers no other), pairs
    /// it and queues it. The record's members are read in place (`pointee.member`): it is large, and
    /// a copy costs a call to memcpy.
    mutating func receive(_ record: UnsafePointer<lifetrace_ctf_record>) {
        let hook: Hook
        if record.pointee.hook >= 0, Int(record.pointee.hook) < Hook.wellKnown.count {
            hook = Hook.wellKnown[Int(record.pointee.hook)]
        } else if let name = record.pointee.hook_name {
            hook = names.hook(name)
        } else {
            return
        }
        let phase: Phase =
            switch record.pointee.phase {
            case Int32(LIFETRACE_CTF_PHASE_BEGIN.rawValue): .begin
            case Int32(LIFETRACE_CTF_PHASE_END.rawValue): .end
            default: .instant
            }
        if record.pointee.vtid < 0, !warnedAboutThreads {
            warnedAboutThreads = true
            summary.warnings.append(
                "the trace has no vtid context (lttng add-context -u -t vtid): ends are paired with begins by "
                    + "controller id and hook only, so durations of intervals overlapping on several threads may be wrong")
        }
        // The details' out-of-line parts are made at once; names and texts once per distinct text,
        // so the events of a host or a controller share one string and storage.
        let details = Details(
            target: record.pointee.target.flatMap {
                record.pointee.target_id != 0 ? Subject(name: names.string($0), id: UInt(record.pointee.target_id)) : nil
            },
            animated: record.pointee.animated >= 0 ? record.pointee.animated != 0 : nil,
            index: record.pointee.index >= 0 ? Int(record.pointee.index) : nil,
            text: record.pointee.text.map { names.string($0) },
            count: record.pointee.count >= 0 ? Int(record.pointee.count) : nil,
            fields: hook == .log || hook == .span ? fields(of: record, hook) : nil, frame: Self.frame(of: record),
            host: host(record.pointee.hostname), sharing: &sharedHost)
        var event = Event(
            seq: record.pointee.seq, timestamp: UInt64(max(record.pointee.timestamp, 0)), hook: hook, phase: phase,
            subject: Subject(name: record.pointee.controller.map { names.string($0) } ?? "", id: UInt(record.pointee.id)),
            details: details,
            thread: record.pointee.vtid >= 0 ? UInt32(truncatingIfNeeded: record.pointee.vtid) : 0,
            process: record.pointee.vpid >= 0 ? UInt32(truncatingIfNeeded: record.pointee.vpid) : nil)
        pairing.pair(&event)
        summary.events += 1
        pending.append(consume event)
    }

    /// The host name a record's text names: the last one again when the text is the same (a trace's
    /// records all name its host: a comparison instead of the name cache's hashing), else the
    /// cache's.
    private mutating func host(_ text: UnsafePointer<CChar>?) -> String? {
        guard let text else { return nil }
        if let lastHost, lastHost.withCString({ strcmp($0, text) }) == 0 { return lastHost }
        let name = names.string(text)
        lastHost = name
        return name
    }

    /// The view's frame of a FRAME-shaped record (`layoutSubviews`'s end, `frameChange`), else `nil`.
    private static func frame(of pointer: UnsafePointer<lifetrace_ctf_record>) -> Details.Frame? {
        guard pointer.pointee.has_frame != 0 else { return nil }
        let record = pointer.pointee
        return Details.Frame(
            x: record.x, y: record.y, width: record.width, height: record.height, offsetX: record.offset_x,
            offsetY: record.offset_y, superview: record.superview_id == 0 ? nil : UInt(record.superview_id))
    }

    /// A log record's or a span's fields from the tracepoint's, named and ordered as the JSON-lines
    /// sink writes them: a log record's `level`, `source`, `metadata`, `span_id`, `file`, `line` and
    /// `function` (LTTng does not record the `trace_id` of its span, nor its `error`); a span's
    /// `trace_id`, `span_id`, `parent_span_id` and `kind`, and on its end `attributes`, `status`,
    /// `errors` and `links`; a span's event's `trace_id`, `span_id` and `attributes` (LTTng does not
    /// record its span's parent). The JSON texts become values; a status its object.
    private mutating func fields(of pointer: UnsafePointer<lifetrace_ctf_record>, _ hook: Hook) -> [Field] {
        let record = pointer.pointee
        var fields: [Field] = []
        if hook == .log {
            let levels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
            if record.level >= 0, record.level < levels.count {
                fields.append(Field("level", .string(levels[Int(record.level)])))
            }
            if let source = record.source { fields.append(Field("source", .string(String(cString: source)))) }
            if let metadata = record.metadata { fields.append(Field("metadata", json(metadata, "metadata", record))) }
            if record.span_id != 0 { fields.append(Field("span_id", .string(Self.hex16(record.span_id)))) }
            if let file = record.file { fields.append(Field("file", .string(String(cString: file)))) }
            if record.line >= 0 { fields.append(Field("line", .integer(record.line))) }
            if let function = record.function { fields.append(Field("function", .string(String(cString: function)))) }
            return fields
        }
        if record.has_trace_id != 0 {
            fields.append(Field("trace_id", .string(Self.hex16(record.trace_id_high) + Self.hex16(record.trace_id_low))))
        }
        fields.append(Field("span_id", .string(Self.hex16(record.id))))
        if record.parent_id != 0 { fields.append(Field("parent_span_id", .string(Self.hex16(record.parent_id)))) }
        if record.phase != Int32(LIFETRACE_CTF_PHASE_INSTANT.rawValue), let kind = SpanKinds.name(of: record.kind) {
            fields.append(Field("kind", .string(kind)))
        }
        if let attributes = record.attributes { fields.append(Field("attributes", json(attributes, "attributes", record))) }
        if let status = record.status { fields.append(Field("status", Self.status(String(cString: status)))) }
        if let errors = record.errors { fields.append(Field("errors", json(errors, "errors", record))) }
        if let links = record.links { fields.append(Field("links", json(links, "links", record))) }
        return fields
    }

    /// The value of a member holding JSON text; the text itself when it is not JSON (a warning says
    /// so, once per trace).
    private mutating func json(_ text: UnsafePointer<CChar>, _ member: String, _ record: lifetrace_ctf_record) -> Field.Value {
        if let value = Field.Value(jsonText: text) { return value }
        if !warnedAboutJSON {
            warnedAboutJSON = true
            summary.warnings.append(
                "the \(member) of record \(record.seq) is not JSON a reader parses (malformed, or nested more than 64 deep): "
                    + "kept as its text, as is any other such field (without another warning)")
        }
        return .string(String(cString: text))
    }

    /// A span's status as the JSON-lines sink writes it, from the tracepoint's text: `ok` is
    /// `{"code":"ok"}`, `error: MESSAGE` is `{"code":"error","message":MESSAGE}`.
    static func status(_ text: String) -> Field.Value {
        guard let colon = text.firstRange(of: ": ") else { return .object([Field("code", .string(text))]) }
        return .object([
            Field("code", .string(String(text[..<colon.lowerBound]))),
            Field("message", .string(String(text[colon.upperBound...]))),
        ])
    }

    /// A W3C span id: 16 lowercase hexadecimal digits.
    private static func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }

    /// A remark of the C reader, once per text.
    mutating func warn(_ message: String) {
        if !summary.warnings.contains(message) { summary.warnings.append(message) }
    }

    mutating func lose(events: UInt64, packets: UInt64) {
        summary.discardedEvents = summary.discardedEvents.addingSaturating(events)
        summary.lostPackets = summary.lostPackets.addingSaturating(packets)
        // A lost begin or end would pair the records around it wrongly: start pairing afresh.
        pairing.removeAll()
    }
}
