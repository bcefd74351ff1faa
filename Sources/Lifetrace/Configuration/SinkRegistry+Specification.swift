extension SinkRegistry {
    /// One sink named in a configuration: `NAME[:OPTION…][=DESTINATION]`, such as `jsonl=/tmp/run.jsonl`
    /// or `text:ends:time=stderr`.
    public struct Specification: Sendable, Hashable, CustomStringConvertible {
        /// The sink's name, such as `text`, `jsonl` or `lttng`.
        public var name: String
        /// Options after the name, each introduced by `:`.
        public var options: [String]
        /// Where the sink writes, when given after `=`.
        public var destination: ByteOutput.Destination?
        /// Where the specification came from, for error messages: `LIFETRACE_SINKS item 2 (column 6)`.
        public var origin: String

        /// Creates a specification.
        public init(name: String, options: [String] = [], destination: ByteOutput.Destination? = nil, origin: String = "sink") {
            self.name = name
            self.options = options
            self.destination = destination
            self.origin = origin
        }

        /// Parses `NAME[:OPTION…][=DESTINATION]`.
        ///
        /// - Throws: An error naming `origin` when the name, an option or the destination is missing.
        public init(parsing text: String, origin: String) throws {
            let (head, tail): (Substring, Substring?) = {
                guard let equals = text.firstIndex(of: "=") else { return (text[...], nil) }
                return (text[..<equals], text[text.index(after: equals)...])
            }()
            let parts = head.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard let name = parts.first, !name.isEmpty else {
                throw ConfigurationError("\(origin): \"\(text)\": expected a sink name before \":\" or \"=\"")
            }
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw ConfigurationError("\(origin): \"\(name)\" is not a sink name (letters, digits, - and _)")
            }
            let options = Array(parts.dropFirst())
            if options.contains("") {
                throw ConfigurationError("\(origin): \"\(text)\": empty option after \":\"")
            }
            var destination: ByteOutput.Destination?
            if let tail {
                guard let parsed = ByteOutput.Destination(parsing: String(tail)) else {
                    throw ConfigurationError(
                        "\(origin): \"\(text)\": expected a destination after \"=\" (a path, -, stdout, stderr or fd:N)")
                }
                destination = parsed
            }
            self.init(name: name, options: options, destination: destination, origin: origin)
        }

        /// Throws when an option is not among `allowed`, naming it and the allowed ones.
        public func checkOptions(allowed: [String]) throws {
            for option in options where !allowed.contains(option) {
                let expected = allowed.isEmpty ? "no options" : "one of: " + allowed.joined(separator: ", ")
                throw ConfigurationError("\(origin): sink \"\(name)\" has no option \"\(option)\"; expected \(expected)")
            }
        }

        /// The specification as written: `NAME[:OPTION…][=DESTINATION]`.
        public var description: String {
            var text = ([name] + options).joined(separator: ":")
            if let destination { text += "=\(destination)" }
            return text
        }
    }
}
