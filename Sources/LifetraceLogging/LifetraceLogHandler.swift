import Instrumentation
import Lifetrace
import LifetraceTracing
import Logging

/// A swift-log `LogHandler` that turns each record into a Lifetrace event: the instant of the `log`
/// hook, delivered to the installed sinks.
///
/// ```swift
/// LoggingSystem.bootstrap(LifetraceLogHandler.init)
/// LifetraceSystem.bootstrap(LTTngSink())   // or any sink: text, JSON lines, …
/// ```
///
/// The event's subject is the logger's label (`controller` in JSON lines), its `text` the message,
/// and its fields `level` (`trace` … `critical`), `source`, `metadata` (an object: the metadata
/// provider's, then the handler's, then the record's, later keys winning), `error` when the record
/// carries one, `trace_id` and `span_id` when it is logged inside a span of `LifetraceTracer` (or of
/// a context extracted from a `traceparent` header), and `file`, `line` and `function` when
/// ``includesSourceLocation`` is set. Through
/// the LTTng sink a record fires the tracepoint of its level, `lifetrace:log_warning` and so on,
/// each with its LTTng log level, so a session filters by level in the tracer:
/// `lttng enable-event -u 'lifetrace:log_*' --loglevel=TRACE_WARNING`.
///
/// Like every swift-log handler it is a value: ``logLevel`` and ``metadata`` set on one `Logger`
/// leave others alone, and it composes in a `MultiplexLogHandler`.
public struct LifetraceLogHandler: LogHandler {
    /// The logger's label: the subject of its events.
    public let label: String
    /// The lowest level logged (swift-log's default: `info`).
    ///
    /// It does not follow whether a sink takes records: `MultiplexLogHandler` reads its handlers'
    /// levels once, when it is made, so a level that read `critical` while no session ran would
    /// keep the records of a session started later out.
    public var logLevel: Logger.Level = .info
    /// Metadata added to every record of this handler.
    public var metadata: Logger.Metadata = [:]
    /// Metadata computed for every record (task-local values, say), before ``metadata``.
    public var metadataProvider: Logger.MetadataProvider?
    /// Whether records carry the file, line and function of the log call.
    public var includesSourceLocation: Bool

    /// Creates a handler for `label`, the signature `LoggingSystem.bootstrap` takes.
    public init(label: String) {
        self.init(label: label, metadataProvider: LoggingSystem.metadataProvider)
    }

    /// Creates a handler for `label` with a metadata provider; `includesSourceLocation` adds each
    /// record's file, line and function.
    public init(label: String, metadataProvider: Logger.MetadataProvider?, includesSourceLocation: Bool = false) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.includesSourceLocation = includesSourceLocation
    }

    /// Gets or sets one key of ``metadata``.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Emits the record as an instant of the `log` hook, if a sink wants it: with no sink, or a
    /// sink that wants no log record now (the LTTng sink with no session enabling a log level),
    /// nothing is built, and the metadata provider is not called.
    public func log(event: LogEvent) {
        guard LifetraceSystem.wantsInstant(.log), LifetraceSystem.sink.wants(.log, .instant) else { return }
        Probe(name: label).emitEvent(.log, details(of: event))
    }

    /// The event's details: the message as `text`, the rest as fields.
    func details(of event: LogEvent) -> Details {
        // Merged only when more than one has metadata (most records carry the record's alone).
        var merged = metadataProvider?.get() ?? [:]
        if merged.isEmpty { merged = metadata } else { merged.merge(metadata) { _, handler in handler } }
        if let record = event.metadata {
            if merged.isEmpty { merged = record } else { merged.merge(record) { _, record in record } }
        }
        var fields: [Field] = []
        fields.reserveCapacity(includesSourceLocation ? 9 : 6)
        fields.append(Field("level", .string(event.level.rawValue)))
        fields.append(Field("source", .string(event.source)))
        if !merged.isEmpty { fields.append(Field("metadata", MetadataFields.value(of: merged))) }
        if let error = event.error { fields.append(Field("error", .string(String(describing: error)))) }
        if let span = InstrumentationContext.current?.lifetraceTraceContext {
            fields.append(Field("trace_id", .string(SpanIdentifiers.hex(span.traceID))))
            fields.append(Field("span_id", .string(SpanIdentifiers.hex(span.spanID))))
        }
        if includesSourceLocation {
            fields.append(Field("file", .string(event.file)))
            fields.append(Field("line", .integer(Int64(clamping: event.line))))
            fields.append(Field("function", .string(event.function)))
        }
        return Details(text: event.message.description, fields: fields)
    }
}
