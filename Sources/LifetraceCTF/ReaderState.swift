import CLifetraceCTF
import Lifetrace
import LifetraceAnalysis

/// What the C reader's callbacks write into: the events of the last steps, the open intervals they
/// pair with, and the summary.
///
/// The C reader holds `self` unretained as its callbacks' context. That is safe because the only
/// owner, ``CTFTraceReader``, closes the C reader in its `deinit`, before its stored properties (and
/// so this object) are released, and callbacks run only inside its `step()`.
final class ReaderState {
    var pending = EventQueue()
    var summary = TraceReadSummary()
    private var pairing = IntervalPairing()
    /// The storage one host's events share for their host label (`Details.setHost(_:sharing:)`).
    private var sharedHost = Details.SharedHost()
    private var warnedAboutThreads = false
    private var warnedAboutJSON = false
    private var names = NameCache()

    var callbacks: lifetrace_ctf_callbacks {
        lifetrace_ctf_callbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            record: { context, record in
                guard let context, let record else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().receive(record.pointee)
            },
            discarded: { context, events, packets in
                guard let context else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().lose(events: events, packets: packets)
            },
            warning: { context, message in
                guard let context, let message else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().warn(String(cString: message))
            })
    }

    private func receive(_ record: lifetrace_ctf_record) {
        let hook: Hook
        if record.hook >= 0, Int(record.hook) < Hook.wellKnown.count {
            hook = Hook.wellKnown[Int(record.hook)]
        } else if let name = record.hook_name {
            hook = Hook(String(cString: name))
        } else {
            return
        }
        let phase: Phase =
            switch record.phase {
            case Int32(LIFETRACE_CTF_PHASE_BEGIN.rawValue): .begin
            case Int32(LIFETRACE_CTF_PHASE_END.rawValue): .end
            default: .instant
            }
        var details = Details()
        if let target = record.target, record.target_id != 0 {
            details.target = Subject(name: names.string(target), id: UInt(record.target_id))
        }
        if record.animated >= 0 { details.animated = record.animated != 0 }
        if record.index >= 0 { details.index = Int(record.index) }
        if let text = record.text { details.text = String(cString: text) }
        if record.count >= 0 { details.count = Int(record.count) }
        if hook == .log || hook == .span { details.fields = fields(of: record, hook) }
        if record.vtid < 0, !warnedAboutThreads {
            warnedAboutThreads = true
            summary.warnings.append(
                "the trace has no vtid context (lttng add-context -u -t vtid): ends are paired with begins by "
                    + "controller id and hook only, so durations of intervals overlapping on several threads may be wrong")
        }
        var event = Event(
            seq: record.seq, timestamp: UInt64(max(record.timestamp, 0)), hook: hook, phase: phase,
            subject: Subject(name: record.controller.map { names.string($0) } ?? "", id: UInt(record.id)),
            details: details, frame: Self.frame(of: record),
            thread: record.vtid >= 0 ? UInt32(truncatingIfNeeded: record.vtid) : 0,
            process: record.vpid >= 0 ? UInt32(truncatingIfNeeded: record.vpid) : nil)
        // The name is made once per distinct text, so the host's events share one string and storage.
        event.details.setHost(record.hostname.map { names.string($0) }, sharing: &sharedHost)
        pairing.pair(&event)
        summary.events += 1
        pending.append(event)
    }

    /// The view's frame of a FRAME-shaped record (`layoutSubviews`'s end, `frameChange`), else `nil`.
    private static func frame(of record: lifetrace_ctf_record) -> Details.Frame? {
        guard record.has_frame != 0 else { return nil }
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
    private func fields(of record: lifetrace_ctf_record, _ hook: Hook) -> [Field] {
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
    private func json(_ text: UnsafePointer<CChar>, _ member: String, _ record: lifetrace_ctf_record) -> Field.Value {
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

    /// The checker's callbacks (`lifetrace_ctf_check_trace`): its findings go to ``note(_:)``.
    var checkCallbacks: lifetrace_ctf_check_callbacks {
        lifetrace_ctf_check_callbacks(
            context: Unmanaged.passUnretained(self).toOpaque(),
            finding: { context, finding in
                guard let context, let finding else { return }
                Unmanaged<ReaderState>.fromOpaque(context).takeUnretainedValue().note(finding.pointee)
            })
    }

    /// The most damaged packets and files kept as issues; the rest are counted.
    static let keptIssues = 100

    /// Why the trace cannot be read at all (a cut or corrupt metadata file), when the checker said so.
    private(set) var fatal: TraceIssue?

    /// A finding of the packet checker: a packet dropped or a stream file unread is an issue and its
    /// packets are lost; a remark is a warning; a metadata file that cannot be read ends the reading.
    private func note(_ finding: lifetrace_ctf_finding) {
        let file = finding.file.map { String(cString: $0) } ?? ""
        let text = finding.message.map { String(cString: $0) } ?? ""
        let message = finding.has_offset != 0 ? "byte \(finding.offset): \(text)" : text
        switch finding.kind {
        case LIFETRACE_CTF_FINDING_LOST:
            summary.issueCount += 1
            if summary.issues.count < Self.keptIssues {
                summary.issues.append(TraceIssue(source: file, line: 0, column: 0, message: message))
            }
            summary.lostPackets = Self.adding(summary.lostPackets, finding.lost_packets)
        case LIFETRACE_CTF_FINDING_WARNING:
            summary.warnings.append("\(file): warning: \(message)")
        default:
            if fatal == nil { fatal = TraceIssue(source: file, line: 0, column: 0, message: message) }
        }
    }

    /// `a + b`, or the largest count when that does not fit (a live source's counters are not
    /// checked and may jump).
    private static func adding(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// A remark of the C reader, once per text.
    private func warn(_ message: String) {
        if !summary.warnings.contains(message) { summary.warnings.append(message) }
    }

    private func lose(events: UInt64, packets: UInt64) {
        summary.discardedEvents = Self.adding(summary.discardedEvents, events)
        summary.lostPackets = Self.adding(summary.lostPackets, packets)
        // A lost begin or end would pair the records around it wrongly: start pairing afresh.
        pairing.removeAll()
    }
}
