import Logging

/// A swift-log handler that takes records at `info` and drops them: what swift-log itself costs a
/// log call that a handler accepts by level (the record built: message, metadata, source), before
/// the handler does anything. swift-log's no-op handler reads `critical`, so `Logger` builds nothing.
/// One definition for the benchmark suite (time) and the callgrind probe (instructions), so both
/// measure the same handler.
public struct DroppingLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]

    public init() {}

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {}
}
