import CLifetrace

/// A ``TracerSink`` that also takes swift-log records as C strings, straight from the log handler:
/// no ``Details``, no fields, no ``Event`` (the LTTng sink's `lifetrace:log_*` tracepoints).
///
/// Installed alone as the process-wide sink, its ``logRecorder`` is what
/// ``LifetraceSystem/logRecorder`` returns, and `LifetraceLogHandler` hands it each record's parts
/// (its metadata rendered once as JSON); any other arrangement (several sinks, a task's own sink)
/// takes the ordinary path of ``Sink/emit(_:)`` or ``TracerSink/record(_:_:_:_:seq:)`` with the
/// record as a `log` instant.
package protocol LogRecordTracer: TracerSink {
    /// Its C entry points for log records.
    var logRecorder: LogRecorder { get }
}

/// A tracer's C entry points for one kind of structured record (``LogRecordParts``,
/// ``SpanRecordParts``), kept in the installed sink's box and called directly: two function
/// pointers, copied for free (the tracer's existential, copied out of the box as an optional, went
/// through generic value witnesses on every record; ObservabilityCost's thresholds guard it).
@usableFromInline
package struct Recorder<Parts>: Sendable {
    /// Whether it records a record of this kind now: given swift-log's level (0 `trace` … 6
    /// `critical`) for a log record, the ``Phase``'s raw value for a span's.
    @usableFromInline let wantsRecord: @convention(c) (Int) -> Bool
    /// Records one: the `Parts` it is given the address of, and the sequence number.
    @usableFromInline let recordParts: @convention(c) (UnsafeRawPointer, UInt64) -> Void

    package init(
        wants: @escaping @convention(c) (Int) -> Bool, record: @escaping @convention(c) (UnsafeRawPointer, UInt64) -> Void
    ) {
        wantsRecord = wants
        recordParts = record
    }

    /// Records one (the caller has checked that it is wanted) with the next sequence number of
    /// this thread.
    @inlinable
    package func record(_ parts: Parts) {
        withUnsafePointer(to: parts) { recordParts(UnsafeRawPointer($0), UInt64(lifetrace_thread_seq())) }
    }
}

/// A tracer's C entry points for swift-log records.
@usableFromInline
package typealias LogRecorder = Recorder<LogRecordParts>

extension Recorder where Parts == LogRecordParts {
    /// Whether it records a record at swift-log's `level` (0 `trace` … 6 `critical`) now.
    @inlinable
    package func wants(level: Int) -> Bool { wantsRecord(level) }
}

/// One swift-log record's parts as C strings, valid only during the call they are passed to (keep
/// none); `nil`: absent.
@usableFromInline
package struct LogRecordParts {
    /// swift-log's level, 0 (`trace`) … 6 (`critical`).
    @usableFromInline package let level: Int
    /// The logger's label.
    @usableFromInline package let label: UnsafePointer<CChar>
    /// The message.
    @usableFromInline package let message: UnsafePointer<CChar>
    /// The merged metadata as a JSON object's text, keys sorted; `nil` when there is none.
    @usableFromInline package let metadata: UnsafePointer<CChar>?
    /// The record's source (swift-log's module of the call).
    @usableFromInline package let source: UnsafePointer<CChar>
    /// The file, line and function of the call, when the handler includes them (else `nil`, -1).
    @usableFromInline package let file: UnsafePointer<CChar>?
    @usableFromInline package let line: Int64
    @usableFromInline package let function: UnsafePointer<CChar>?
    /// The span the record was logged in, as its 8 bytes read big-endian; 0 when none.
    @usableFromInline package let spanID: UInt64

    /// Gathers a record's parts.
    @usableFromInline package init(
        level: Int, label: UnsafePointer<CChar>, message: UnsafePointer<CChar>, metadata: UnsafePointer<CChar>?,
        source: UnsafePointer<CChar>, file: UnsafePointer<CChar>?, line: Int64, function: UnsafePointer<CChar>?,
        spanID: UInt64
    ) {
        self.level = level
        self.label = label
        self.message = message
        self.metadata = metadata
        self.source = source
        self.file = file
        self.line = line
        self.function = function
        self.spanID = spanID
    }
}

extension LifetraceSystem {
    /// The entry points of the process-wide sink when it is a ``LogRecordTracer`` and no task has
    /// a sink of its own: where a log handler hands records' parts directly. `nil` otherwise (then
    /// the handler emits a `log` instant as any hook does).
    @inlinable
    package static var logRecorder: LogRecorder? {
        Dispatch.globalTracer { $0.logRecorder }
    }
}

/// A ``TracerSink`` that also takes swift-distributed-tracing spans' begin and end records as C
/// strings, straight from the span (the LTTng sink's `lifetrace:span_entry` and `_exit`): no
/// ``Details`` and no fields. Like ``LogRecordTracer``, used only while it is the process-wide sink
/// alone (``LifetraceSystem/spanRecorder``).
package protocol SpanRecordTracer: TracerSink {
    /// Its C entry points for span records.
    var spanRecorder: SpanRecorder { get }
}

/// A tracer's C entry points for spans' records.
@usableFromInline
package typealias SpanRecorder = Recorder<SpanRecordParts>

extension Recorder where Parts == SpanRecordParts {
    /// Whether it records a span's begin (``Phase/begin``) or end (``Phase/end``) now.
    @inlinable
    package func wants(_ phase: Phase) -> Bool { wantsRecord(Int(phase.rawValue)) }
}

/// One span record's parts, valid only during the call they are passed to; `nil`: absent.
@usableFromInline
package struct SpanRecordParts {
    /// ``Phase/begin`` or ``Phase/end``.
    @usableFromInline package let phase: Phase
    /// The operation's name (at the end: its final name).
    @usableFromInline package let name: UnsafePointer<CChar>
    /// The span id and its parent's (0: a root span), their 8 bytes read big-endian.
    @usableFromInline package let spanID: UInt64
    @usableFromInline package let parentID: UInt64
    /// The trace id's 16 bytes as two big-endian words: the first 8, then the last.
    @usableFromInline package let traceID: (high: UInt64, low: UInt64)
    /// The span's kind: its index in ``SpanKinds/names`` (OpenTelemetry's number).
    @usableFromInline package let kind: Int8
    /// The end's attributes, errors and links as JSON, and its status (`ok`, `error: MESSAGE`).
    @usableFromInline package let attributes: UnsafePointer<CChar>?
    @usableFromInline package let status: UnsafePointer<CChar>?
    @usableFromInline package let errors: UnsafePointer<CChar>?
    @usableFromInline package let links: UnsafePointer<CChar>?

    /// Gathers a span record's parts.
    @usableFromInline package init(
        phase: Phase, name: UnsafePointer<CChar>, spanID: UInt64, parentID: UInt64, traceID: (high: UInt64, low: UInt64),
        kind: Int8, attributes: UnsafePointer<CChar>? = nil, status: UnsafePointer<CChar>? = nil,
        errors: UnsafePointer<CChar>? = nil, links: UnsafePointer<CChar>? = nil
    ) {
        self.phase = phase
        self.name = name
        self.spanID = spanID
        self.parentID = parentID
        self.traceID = traceID
        self.kind = kind
        self.attributes = attributes
        self.status = status
        self.errors = errors
        self.links = links
    }
}

extension LifetraceSystem {
    /// The entry points of the process-wide sink when it is a ``SpanRecordTracer`` and no task has
    /// a sink of its own; `nil` otherwise (spans are then intervals of the `span` hook, as any
    /// hook's).
    @inlinable
    package static var spanRecorder: SpanRecorder? {
        Dispatch.globalTracer { $0.spanRecorder }
    }
}
