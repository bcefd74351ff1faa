import Logging

/// The two least handlers that skip an `info` call by their level (`critical`), beside
/// `StatefulNoOpLogHandler`: what swift-log charges a handler for the state it keeps, with the
/// level logic taken out. `Logger` copies its handler out of its storage for each call; how much
/// that costs depends on the handler's type alone.
///
/// Keeps nothing but its level: trivially copyable, so the copy is a move of bytes. It cannot keep
/// metadata (setting it is dropped), which swift-log requires of a handler.
public struct PlainNoOpLogHandler: LogHandler {
    public var logLevel: Logger.Level = .critical

    public init() {}

    public var metadata: Logger.Metadata {
        get { [:] }
        set {}
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { nil }
        set {}
    }

    public func log(event: LogEvent) {}
}

/// Keeps its level and one reference, `nil` until metadata is set: the least a handler that keeps
/// metadata can hold. The reference makes the type not trivially copyable, so each copy goes
/// through its value witnesses (a retain and a release, of `nil` here).
public struct OneReferenceNoOpLogHandler: LogHandler {
    public var logLevel: Logger.Level = .critical
    private var storage: MetadataStorage?

    public init() {}

    public var metadata: Logger.Metadata {
        get { storage?.metadata ?? [:] }
        set { storage = newValue.isEmpty ? nil : MetadataStorage(newValue) }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {}

    private final class MetadataStorage: Sendable {
        let metadata: Logger.Metadata
        init(_ metadata: Logger.Metadata) { self.metadata = metadata }
    }
}
