import Lifetrace
import LifetraceTracepoints

/// The records of the hooks with fields of their own: swift-log records (`log`) and spans (`span`).
///
/// A log record fires the tracepoint of its level, each with its LTTng log level, so
/// `lttng enable-event -u 'lifetrace:log_*' --loglevel=TRACE_WARNING` keeps warnings and worse in
/// the tracer itself:
///
/// | swift-log | tracepoint | LTTng log level |
/// |---|---|---|
/// | `trace` | `lifetrace:log_trace` | `TRACE_DEBUG` (14) |
/// | `debug` | `lifetrace:log_debug` | `TRACE_DEBUG_PROGRAM` (8) |
/// | `info` | `lifetrace:log_info` | `TRACE_INFO` (6) |
/// | `notice` | `lifetrace:log_notice` | `TRACE_NOTICE` (5) |
/// | `warning` | `lifetrace:log_warning` | `TRACE_WARNING` (4) |
/// | `error` | `lifetrace:log_error` | `TRACE_ERR` (3) |
/// | `critical` | `lifetrace:log_critical` | `TRACE_CRIT` (2) |
package enum LTTngStructuredRecords {
    /// swift-log's level names, in order: a record's `level` field gives its tracepoint.
    package static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    /// Whether a session enables the log tracepoint of a swift-log level name.
    package static func wantsLog(level: String) -> Bool {
        guard let index = logLevels.firstIndex(of: level) else { return false }
        return lifetrace_tp_log_enabled(UInt32(index)) != 0
    }

    /// Fires the log tracepoint of the record's level, if a session enables it.
    static func fireLog(_ seq: UInt64, _ subject: Subject, _ details: Details) {
        let fields = details.fields ?? []
        guard let levelName = fields["level"]?.string, let level = logLevels.firstIndex(of: levelName),
            lifetrace_tp_log_enabled(UInt32(level)) != 0
        else { return }
        let line: Int64
        if case .integer(let number) = fields["line"] { line = number } else { line = -1 }
        let spanID = fields["span_id"]?.string.flatMap { UInt64($0, radix: 16) } ?? 0
        withOptionalCString(subject.name) { label in
            withOptionalCString(details.text) { message in
                withOptionalCString(fields["metadata"]?.json) { metadata in
                    withOptionalCString(fields["source"]?.string) { source in
                        withOptionalCString(fields["file"]?.string) { file in
                            withOptionalCString(fields["function"]?.string) { function in
                                lifetrace_tp_log(
                                    UInt32(level), seq, label, message, metadata, source, file, line, function, spanID)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Fires a span's begin (phase 0), end (1) or event (2).
    static func fireSpan(_ phase: UInt32, _ seq: UInt64, _ subject: Subject, _ details: Details) {
        let fields = details.fields ?? []
        let parent = fields["parent_span_id"]?.string.flatMap { UInt64($0, radix: 16) } ?? 0
        let traceID = traceWords(fields["trace_id"]?.string)
        // A span renamed after it began (Hummingbird names a request's span by its route once the
        // router has run) ends under its final name.
        let name = phase == 1 ? fields["name"]?.string ?? subject.name : subject.name
        let kind = SpanKinds.number(of: fields["kind"]?.string ?? "")
        name.withCString { name in
            withOptionalCString(fields["attributes"]?.json) { attributes in
                guard phase != 2 else {
                    return withOptionalCString(details.text) { text in
                        lifetrace_tp_span_event(seq, name, UInt64(subject.id), traceID.high, traceID.low, text, attributes)
                    }
                }
                withOptionalCString(status(fields["status"])) { status in
                    withOptionalCString(fields["errors"]?.json) { errors in
                        withOptionalCString(fields["links"]?.json) { links in
                            LTTngSink.fire(
                                SpanRecordParts(
                                    phase: phase == 0 ? .begin : .end, name: name, spanID: UInt64(subject.id),
                                    parentID: parent, traceID: traceID, kind: kind, attributes: attributes, status: status,
                                    errors: errors, links: links),
                                seq: seq)
                        }
                    }
                }
            }
        }
    }

    /// The trace id's two words from its 32 hexadecimal digits; zeros when it is not that.
    static func traceWords(_ hex: String?) -> (high: UInt64, low: UInt64) {
        guard let hex, hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16),
            let low = UInt64(hex.suffix(16), radix: 16)
        else { return (0, 0) }
        return (high, low)
    }

    /// `ok`, `error` or `error: MESSAGE` for a span's status field (an object of `code` and `message`).
    private static func status(_ value: Field.Value?) -> String? {
        guard case .object(let status) = value, let code = status["code"]?.string else { return nil }
        guard let message = status["message"]?.string else { return code }
        return "\(code): \(message)"
    }
}

/// swift-log records straight from `LifetraceLogHandler` into the tracepoint of their level: no
/// `Details`, no fields looked up by name, no JSON made twice.
extension LTTngSink: LogRecordTracer {
    /// Whether a session enables the log tracepoint of the record's level (0 `trace` … 6
    /// `critical`); firing the tracepoint of the record's level (LTTng checks its state again).
    package var logRecorder: LogRecorder {
        LogRecorder(
            wants: { level in lifetrace_tp_log_enabled(UInt32(truncatingIfNeeded: level)) != 0 },
            record: { parts, seq in
                let record = parts.assumingMemoryBound(to: LogRecordParts.self).pointee
                lifetrace_tp_log(
                    UInt32(truncatingIfNeeded: record.level), seq, record.label, record.message, record.metadata,
                    record.source, record.file, record.line, record.function, record.spanID)
            })
    }
}

/// Spans' begin and end records straight from `LifetraceSpan` into `lifetrace:span_entry` and
/// `lifetrace:span_exit`.
extension LTTngSink: SpanRecordTracer {
    /// Whether a session enables the span tracepoint of the phase; firing it.
    package var spanRecorder: SpanRecorder {
        SpanRecorder(
            wants: { phase in LTTngSink().wants(.span, Phase(rawValue: UInt8(truncatingIfNeeded: phase)) ?? .instant) },
            record: { parts, seq in LTTngSink.fire(parts.assumingMemoryBound(to: SpanRecordParts.self).pointee, seq: seq) })
    }

    /// Fires `lifetrace:span_entry` or `lifetrace:span_exit` (LTTng checks their states again).
    static func fire(_ record: SpanRecordParts, seq: UInt64) {
        guard record.phase == .end else {
            return lifetrace_tp_span_begin(
                seq, record.name, record.spanID, record.traceID.high, record.traceID.low, record.parentID, record.kind)
        }
        var end = lifetrace_span_end(
            seq: seq, name: record.name, span_id: record.spanID, trace_high: record.traceID.high,
            trace_low: record.traceID.low, parent_id: record.parentID, kind: record.kind, attributes: record.attributes,
            status: record.status, errors: record.errors, links: record.links)
        lifetrace_tp_span_end(&end)
    }
}
