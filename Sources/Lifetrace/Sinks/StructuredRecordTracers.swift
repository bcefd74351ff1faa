import CLifetrace

/// A ``TracerSink`` that also takes swift-log records as C strings, straight from the log handler:
/// no ``Details``, no fields, no ``Event`` (the LTTng sink's `lifetrace:log_*` tracepoints).
///
/// Installed alone as the process-wide sink, it is what ``LifetraceSystem/logRecordTracer``
/// returns, and `LifetraceLogHandler` hands it each record's parts (its metadata rendered once as
/// JSON); any other arrangement (several sinks, a task's own sink) takes the ordinary path of
/// ``Sink/emit(_:)`` or ``TracerSink/record(_:_:_:_:seq:)`` with the record as a `log` instant.
@usableFromInline
package protocol LogRecordTracer: TracerSink {
    /// Whether it records a record of swift-log's level `level` (0 `trace` … 6 `critical`) now.
    func wantsLogRecord(level: Int) -> Bool
    /// Records one log record (the caller has checked ``wantsLogRecord(level:)``).
    func recordLog(_ record: LogRecordParts, seq: UInt64)
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
    /// The process-wide sink when it is a ``LogRecordTracer`` and no task has a sink of its own:
    /// the one a log handler hands records' parts to directly. `nil` otherwise (then the handler
    /// emits a `log` instant as any hook does).
    @inlinable
    package static var logRecordTracer: (any LogRecordTracer)? {
        Dispatch.globalTracer { $0.logTracer }
    }

    /// Hands a record to `tracer` with the next sequence number of this thread.
    @inlinable
    package static func recordLog(_ record: LogRecordParts, to tracer: any LogRecordTracer) {
        tracer.recordLog(record, seq: UInt64(lifetrace_thread_seq()))
    }
}

/// A ``TracerSink`` that also takes swift-distributed-tracing spans' begin and end records as C
/// strings, straight from the span (the LTTng sink's `lifetrace:span_entry` and `_exit`): no
/// ``Details`` and no fields. Like ``LogRecordTracer``, used only while it is the process-wide sink
/// alone (``LifetraceSystem/spanRecordTracer``).
@usableFromInline
package protocol SpanRecordTracer: TracerSink {
    /// Whether it records a span's begin (``Phase/begin``) or end (``Phase/end``) now.
    func wantsSpanRecord(_ phase: Phase) -> Bool
    /// Records a span's begin or end (the caller has checked ``wantsSpanRecord(_:)``).
    func recordSpan(_ record: SpanRecordParts, seq: UInt64)
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
    /// The process-wide sink when it is a ``SpanRecordTracer`` and no task has a sink of its own;
    /// `nil` otherwise (spans are then intervals of the `span` hook, as any hook's).
    @inlinable
    package static var spanRecordTracer: (any SpanRecordTracer)? {
        Dispatch.globalTracer { $0.spanTracer }
    }

    /// Hands a span record to `tracer` with the next sequence number of this thread.
    @inlinable
    package static func recordSpan(_ record: SpanRecordParts, to tracer: any SpanRecordTracer) {
        tracer.recordSpan(record, seq: UInt64(lifetrace_thread_seq()))
    }
}
