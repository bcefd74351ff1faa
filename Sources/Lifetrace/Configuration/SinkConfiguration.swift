#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// The sinks and filters a program runs with, parsed from text: the value of `LIFETRACE_SINKS`
/// (`text,jsonl=/tmp/run.jsonl`), `LIFETRACE_HOOKS` (`viewWill*,viewDid*`) and
/// `LIFETRACE_CONTROLLERS` (`Feed*`), or a command line's options.
package struct SinkConfiguration: Sendable {
    /// The environment variable that names the sinks.
    package static let sinksVariable = "LIFETRACE_SINKS"
    /// The environment variable with hook patterns to keep.
    package static let hooksVariable = "LIFETRACE_HOOKS"
    /// The environment variable with controller-name patterns to keep.
    package static let controllersVariable = "LIFETRACE_CONTROLLERS"

    /// The sinks, in order.
    package var sinks: [SinkRegistry.Specification]
    /// Which events reach the sinks.
    package var filter: Event.Filter
    /// Makes the sinks.
    package var registry: SinkRegistry

    /// Creates a configuration.
    package init(sinks: [SinkRegistry.Specification], filter: Event.Filter = Event.Filter(), registry: SinkRegistry = .standard) {
        self.sinks = sinks
        self.filter = filter
        self.registry = registry
    }

    /// Parses a comma-separated list of sink specifications.
    ///
    /// - Throws: ``ConfigurationError`` naming `source`, the item and its column.
    package init(parsing text: String, source: String = sinksVariable, registry: SinkRegistry = .standard) throws {
        var sinks: [SinkRegistry.Specification] = []
        var column = 1
        for (index, item) in text.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let origin = "\(source) item \(index + 1) (column \(column))"
            let trimmed = item.trimmingSpaces()
            guard !trimmed.isEmpty else {
                throw ConfigurationError("\(origin): empty sink specification; expected NAME[:OPTION…][=DESTINATION]")
            }
            sinks.append(try SinkRegistry.Specification(parsing: trimmed, origin: origin))
            column += item.count + 1
        }
        self.init(sinks: sinks, registry: registry)
    }

    /// Reads `LIFETRACE_SINKS`, `LIFETRACE_HOOKS` and `LIFETRACE_CONTROLLERS`; `nil` when no sink is named.
    /// A variable set to nothing (`LIFETRACE_HOOKS=`) counts as unset, as shells use it to clear one.
    ///
    /// - Throws: ``ConfigurationError`` naming the variable and the bad part.
    package init?(environment: [String: String], registry: SinkRegistry = .standard) throws {
        guard let value = environment[Self.sinksVariable], !value.trimmingSpaces().isEmpty else { return nil }
        try self.init(parsing: value, registry: registry)
        func patterns(_ variable: String) throws -> [String]? {
            guard let value = environment[variable], !value.trimmingSpaces().isEmpty else { return nil }
            return try Self.parsePatterns(value, source: variable)
        }
        filter = Event.Filter(hooks: try patterns(Self.hooksVariable), controllers: try patterns(Self.controllersVariable))
        if let hooks = filter.hooks { Self.warnAboutUnknownHooks(hooks, source: Self.hooksVariable) }
    }

    /// Warns on standard error about each hook pattern that matches no well-known hook: a typo
    /// (`viewDidLaod`) would otherwise silently drop every event. Hooks of other runtimes are
    /// still kept when their names match.
    package static func warnAboutUnknownHooks(_ patterns: [String], source: String) {
        for pattern in patterns where !Hook.wellKnown.contains(where: { Event.Filter.matches(pattern, $0.name) }) {
            StandardError.writeLine(
                "lifetrace: warning: \(source) pattern \"\(pattern)\" matches no known hook (only hooks of other runtimes with that name will pass)"
            )
        }
    }

    /// Parses a comma-separated list of shell-style patterns.
    ///
    /// - Throws: ``ConfigurationError`` for an empty pattern, naming `source` and its position.
    package static func parsePatterns(_ text: String, source: String) throws -> [String] {
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
    package func makeSink() throws -> any Sink {
        try checkDistinctFiles()
        let made = try sinks.map { try registry.makeSink($0) }
        let sink: any Sink = made.count == 1 ? made[0] : MultiplexSink(made)
        if filter.hooks == nil && filter.controllers == nil { return sink }
        return sink.filtered(by: filter)
    }
}

extension SinkConfiguration {
    /// Two sinks writing one file would overwrite each other's bytes: a configuration error.
    /// Devices and FIFOs (`/dev/null`) may be shared.
    func checkDistinctFiles() throws {
        var seen: [String: SinkRegistry.Specification] = [:]
        for specification in sinks {
            guard case .file(let path)? = specification.destination else { continue }
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG { continue }
            let key = Self.canonicalPath(path)
            if let first = seen[key] {
                throw ConfigurationError(
                    "\(specification.origin): writes to \"\(path)\", as \(first.origin) does; two sinks on one file overwrite each other (give each its own file)"
                )
            }
            seen[key] = specification
        }
    }

    /// The absolute path with symbolic links resolved (of its folder, when the file does not exist yet).
    private static func canonicalPath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(folder.isEmpty ? "/" : folder, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + name
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
