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
/// leave others alone, and it composes in a `MultiplexLogHandler` (set the multiplexer's level
/// after making it: ``logLevel``).
///
/// Like LTTng's agents for Java and Python logging, which attach only while a session enables
/// their events, it reports a level (``logLevel``) that follows what the sinks take: with no sink,
/// or the LTTng sink and no session enabling a `lifetrace:log_*` tracepoint, `critical`, so
/// `Logger` skips an `info` call after one comparison, as it does for swift-log's no-op handler.
public struct LifetraceLogHandler: LogHandler {
    /// The logger's label: the subject of its events.
    public let label: String
    /// The lowest level logged (swift-log's default: `info`), as set; ``logLevel`` reports it
    /// while a sink takes records.
    public var level: Logger.Level = .info
    /// Whether ``logLevel`` follows the sinks (the default): it reads ``level`` while a sink takes
    /// records at it, and `critical` while none takes any, so that `Logger` skips a record nobody
    /// records before building it, as for swift-log's no-op handler. `false`: it always reads ``level``.
    public var levelFollowsSinks = true

    /// The level swift-log compares a record's with: ``level`` while a sink would take a record at
    /// it, else the lowest level a sink takes (the LTTng sink: the lowest level whose
    /// `lifetrace:log_*` tracepoint a session enables), `critical` when none takes any. Read per
    /// record, in a few loads; setting it sets ``level``.
    ///
    /// `MultiplexLogHandler` reads its handlers' levels once, when it is made, as the level below
    /// which it skips records, so compose it and then set its `logLevel`
    /// (`var handler = MultiplexLogHandler([…]); handler.logLevel = .info`): that sets every
    /// handler's and its own, and the multiplexer still asks each handler per record. (Or set
    /// ``levelFollowsSinks`` to `false`.)
    public var logLevel: Logger.Level {
        get {
            guard levelFollowsSinks else { return level }
            return Self.level(at: LifetraceSystem.logLevelFloor(Self.index(of: level)))
        }
        set { level = newValue }
    }
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

    /// swift-log's level as 0 (`trace`) … 6 (`critical`).
    @inline(__always)
    static func index(of level: Logger.Level) -> Int {
        switch level {
        case .trace: 0
        case .debug: 1
        case .info: 2
        case .notice: 3
        case .warning: 4
        case .error: 5
        case .critical: 6
        }
    }

    /// The level of 0 (`trace`) … 6 (`critical`).
    @inline(__always)
    static func level(at index: Int) -> Logger.Level {
        switch index {
        case ...0: .trace
        case 1: .debug
        case 2: .info
        case 3: .notice
        case 4: .warning
        case 5: .error
        default: .critical
        }
    }

    /// Emits the record as an instant of the `log` hook, if a sink wants it: with no sink, or a
    /// sink that wants no log record now (the LTTng sink with no session enabling a log level),
    /// nothing is built, and the metadata provider is not called.
    ///
    /// With the LTTng sink alone (a `LogRecordTracer`), the record goes straight into
    /// the tracepoint of its level as C strings, its metadata rendered once as JSON.
    public func log(event: LogEvent) {
        if let recorder = LifetraceSystem.logRecorder {
            let level = Self.index(of: event.level)
            guard recorder.wants(level: level) else { return }
            return record(event, level: level, to: recorder)
        }
        guard LifetraceSystem.wantsInstant(.log), LifetraceSystem.sink.wants(.log, .instant) else { return }
        Probe(name: label).emitEvent(.log, details(of: event))
    }

    /// The provider's metadata, then the handler's, then the record's, later keys winning; merged
    /// only when more than one has some (most records carry the record's alone).
    func mergedMetadata(of event: LogEvent) -> Logger.Metadata {
        var merged = metadataProvider?.get() ?? [:]
        if merged.isEmpty { merged = metadata } else { merged.merge(metadata) { _, handler in handler } }
        if let record = event.metadata {
            if merged.isEmpty { merged = record } else { merged.merge(record) { _, record in record } }
        }
        return merged
    }

    /// The event's details: the message as `text`, the rest as fields.
    func details(of event: LogEvent) -> Details {
        let merged = mergedMetadata(of: event)
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
