/// The sinks and filters a program runs with, parsed from text: the value of `LIFETRACE_SINKS`
/// (`text,jsonl=/tmp/run.jsonl`), `LIFETRACE_HOOKS` (`viewWill*,viewDid*`) and
/// `LIFETRACE_CONTROLLERS` (`Feed*`), or a command line's options.
public struct SinkConfiguration: Sendable {
    /// The environment variable that names the sinks.
    public static let sinksVariable = "LIFETRACE_SINKS"
    /// The environment variable with hook patterns to keep.
    public static let hooksVariable = "LIFETRACE_HOOKS"
    /// The environment variable with controller-name patterns to keep.
    public static let controllersVariable = "LIFETRACE_CONTROLLERS"

    /// The sinks, in order.
    public var sinks: [SinkSpecification]
    /// Which events reach the sinks.
    public var filter: EventFilter
    /// Makes the sinks.
    public var registry: SinkRegistry

    /// Creates a configuration.
    public init(sinks: [SinkSpecification], filter: EventFilter = EventFilter(), registry: SinkRegistry = .standard) {
        self.sinks = sinks
        self.filter = filter
        self.registry = registry
    }

    /// Parses a comma-separated list of sink specifications.
    ///
    /// - Throws: ``ConfigurationError`` naming `source`, the item and its column.
    public init(parsing text: String, source: String = sinksVariable, registry: SinkRegistry = .standard) throws {
        var sinks: [SinkSpecification] = []
        var column = 1
        for (index, item) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let origin = "\(source) item \(index + 1) (column \(column))"
            let trimmed = item.trimmingSpaces()
            guard !trimmed.isEmpty else {
                throw ConfigurationError("\(origin): empty sink specification; expected NAME[:OPTION…][=DESTINATION]")
            }
            sinks.append(try SinkSpecification(parsing: trimmed, origin: origin))
            column += item.count + 1
        }
        self.init(sinks: sinks, registry: registry)
    }

    /// Reads `LIFETRACE_SINKS`, `LIFETRACE_HOOKS` and `LIFETRACE_CONTROLLERS`; `nil` when no sink is named.
    /// A variable set to nothing (`LIFETRACE_HOOKS=`) counts as unset, as shells use it to clear one.
    ///
    /// - Throws: ``ConfigurationError`` naming the variable and the bad part.
    public init?(environment: [String: String], registry: SinkRegistry = .standard) throws {
        guard let value = environment[Self.sinksVariable], !value.trimmingSpaces().isEmpty else { return nil }
        try self.init(parsing: value, registry: registry)
        func patterns(_ variable: String) throws -> [String]? {
            guard let value = environment[variable], !value.trimmingSpaces().isEmpty else { return nil }
            return try Self.parsePatterns(value, source: variable)
        }
        filter = EventFilter(hooks: try patterns(Self.hooksVariable), controllers: try patterns(Self.controllersVariable))
    }

    /// Parses a comma-separated list of shell-style patterns.
    ///
    /// - Throws: ``ConfigurationError`` for an empty pattern, naming `source` and its position.
    public static func parsePatterns(_ text: String, source: String) throws -> [String] {
        try text.split(separator: ",", omittingEmptySubsequences: false).enumerated().map { index, item in
            let pattern = item.trimmingSpaces()
            guard !pattern.isEmpty else {
                throw ConfigurationError("\(source) item \(index + 1): empty pattern; expected a name or a pattern with * and ?")
            }
            return pattern
        }
    }

    /// Makes the configured sink: one sink, or a ``MultiplexSink``, behind a ``FilteredSink`` when filtering.
    ///
    /// - Throws: ``ConfigurationError`` from the first sink that cannot be made.
    public func makeSink() throws -> any Sink {
        let made = try sinks.map { try registry.makeSink($0) }
        let sink: any Sink = made.count == 1 ? made[0] : MultiplexSink(made)
        if filter.hooks == nil && filter.controllers == nil { return sink }
        return sink.filtered(by: filter)
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

extension String {
    func trimmingSpaces() -> String { self[...].trimmingSpaces() }
}
