/// The sinks a configuration can name, each with a factory.
///
/// ``standard`` knows `text`, `jsonl` and `none`; other modules add theirs
/// (`SinkRegistry.standard.adding(.lttng)` in `LifetraceLTTng`), and so can any runtime.
public struct SinkRegistry: Sendable {
    /// Makes a sink from its specification, or throws an error naming the problem.
    public typealias Factory = @Sendable (SinkRegistry.Specification) throws -> any Sink

    /// A named factory, with a one-line summary for help texts.
    public struct Entry: Sendable {
        /// The name used in configurations.
        public let name: String
        /// One line for help texts.
        public let summary: String
        /// Makes the sink.
        public let factory: Factory

        /// Creates an entry.
        public init(name: String, summary: String, factory: @escaping Factory) {
            self.name = name
            self.summary = summary
            self.factory = factory
        }
    }

    private var entries: [String: Entry] = [:]

    /// An empty registry.
    public init() {}

    /// A registry with `entry` added (replacing one of the same name).
    public func adding(_ entry: Entry) -> SinkRegistry {
        var copy = self
        copy.entries[entry.name] = entry
        return copy
    }

    /// The names this registry knows, sorted.
    public var names: [String] { entries.keys.sorted() }

    /// The entries, sorted by name.
    public var allEntries: [Entry] { names.compactMap { entries[$0] } }

    /// Makes the sink a specification names.
    ///
    /// - Throws: An error naming the specification's origin for an unknown name (listing the known
    ///   ones), or the factory's error, its description prefixed with that origin when the factory did
    ///   not name it.
    public func makeSink(_ specification: SinkRegistry.Specification) throws -> any Sink {
        guard let entry = entries[specification.name] else {
            throw ConfigurationError(
                "\(specification.origin): unknown sink \"\(specification.name)\"; expected one of: \(names.joined(separator: ", "))"
            )
        }
        do {
            return try entry.factory(specification)
        } catch let error as ConfigurationError where error.message.hasPrefix(specification.origin) {
            throw error
        } catch {
            // A destination that cannot be opened, a factory's own error: say which item of which
            // variable named it.
            throw ConfigurationError("\(specification.origin): \(error)")
        }
    }

    /// `text`, `jsonl` and `none`.
    public static let standard = SinkRegistry()
        .adding(.text)
        .adding(.jsonLines)
        .adding(.none)
}

extension SinkRegistry.Entry {
    /// `text[:ends][:time][=DEST]`: NSLog-like lines (default standard output).
    public static let text = SinkRegistry.Entry(
        name: "text",
        summary: "NSLog-like lines; options :ends (durations), :time (timestamps); default stdout"
    ) { specification in
        try specification.checkOptions(allowed: ["ends", "time"])
        return try TextSink(
            to: specification.destination ?? .standardOutput,
            format: TextSink.Format(
                showsEnds: specification.options.contains("ends"),
                showsTimestamps: specification.options.contains("time")))
    }

    /// `jsonl[=DEST]`: JSON lines (default standard output).
    public static let jsonLines = SinkRegistry.Entry(
        name: "jsonl",
        summary: "one JSON object per event and line, for jq; default stdout"
    ) { specification in
        try specification.checkOptions(allowed: [])
        return try JSONLinesSink(to: specification.destination ?? .standardOutput)
    }

    /// `none`: instrumentation off.
    public static let none = SinkRegistry.Entry(name: "none", summary: "instrumentation off") { specification in
        try specification.checkOptions(allowed: [])
        if let destination = specification.destination {
            throw ConfigurationError("\(specification.origin): sink \"none\" takes no destination, got \"\(destination)\"")
        }
        return NoOpSink()
    }
}
