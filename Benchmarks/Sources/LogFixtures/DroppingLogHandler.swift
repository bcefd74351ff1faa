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

/// A swift-log handler with the state every real handler keeps (a label, metadata, a metadata
/// provider) whose level reads `critical`: the floor of a handler that skips an `info` call by its
/// level. `Logger` keeps its handler in a class and copies it out for each call; swift-log's no-op
/// handler is an empty struct, free to copy, while a handler too large for an existential's inline
/// buffer is copied by retaining its box.
public struct StatefulNoOpLogHandler: LogHandler {
    public let label: String
    public var logLevel: Logger.Level = .critical
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    public init(label: String) {
        self.label = label
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {}
}
