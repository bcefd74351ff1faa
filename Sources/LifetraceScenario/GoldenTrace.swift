/// A golden lifecycle trace: a scenario and the callback order real iOS produced for it.
///
/// The file format (specified with the golden files):
///
/// ```
/// # free text (what the scenario is)
/// # source: where the order comes from
/// # compare: EVENT EVENT ...        event names that take part in the comparison
/// # from: STEP                      comparison starts at the first step whose text is exactly STEP
/// # controllers: NAME ...           optional: the controllers compared (default: those named below)
/// # match: exact|prefix|set         optional, default exact
/// SCENARIO LINES ...
/// ---
/// CONTROLLER EVENT [TARGET]         expected order, one event per line
/// ```
///
/// Header comments may stand anywhere above `---`; other comment lines are the description.
/// Below `---`, blank lines and `#` comments are ignored. ``GoldenComparison`` compares a
/// recorded trace with it.
public struct GoldenTrace: Sendable, Hashable {
    /// How the kept records are compared with the expected lines.
    public enum MatchMode: String, Sendable, Hashable, CaseIterable {
        /// The kept records, in order, are exactly the expected lines.
        case exact
        /// The kept records begin with the expected lines (layout may run again later).
        case prefix
        /// The kept records are the expected lines in any order (each line as often as expected).
        case set
    }

    /// One line of the expected section.
    public struct ExpectedLine: Sendable, Hashable {
        /// The line normalized to `CONTROLLER EVENT` or `CONTROLLER EVENT TARGET`.
        public var text: String
        /// The 1-based line of the golden file.
        public var line: Int
        /// The controller column.
        public var controller: String
        /// The event column.
        public var event: String
        /// The target column, if any.
        public var target: String?

        /// Creates an expected line; `text` is derived from the columns.
        public init(controller: String, event: String, target: String? = nil, line: Int) {
            self.controller = controller
            self.event = event
            self.target = target
            self.line = line
            self.text = [controller, event, target].compactMap { $0 }.joined(separator: " ")
        }
    }

    /// The golden file's path (or a label), as used in errors and reports.
    public var source: String
    /// The free-text comment lines above `---` that are not headers, without their `#`.
    public var notes: [String]
    /// The `# source:` header: where the expected order comes from, if given.
    public var origin: String?
    /// The `# compare:` header: the event names that take part in the comparison.
    public var compare: Set<String>
    /// The `# from:` header: comparison starts after the first step with this text.
    public var from: String
    /// The `# controllers:` header, if given (otherwise the controllers named in the expected lines).
    public var controllers: [String]?
    /// The `# match:` header (default ``MatchMode/exact``).
    public var match: MatchMode
    /// The scenario: every line above `---`, with the file's own line numbers.
    public var scenario: Scenario
    /// The expected section, in order.
    public var expected: [ExpectedLine]
    /// The 1-based line of the `---` separator.
    public var separatorLine: Int

    /// The expected section as normalized lines (`CONTROLLER EVENT [TARGET]`).
    public var expectedLines: [String] { expected.map(\.text) }

    /// The controllers whose records are compared: the `controllers:` header, or else every name
    /// in the expected section's controller column.
    public var comparedControllers: Set<String> {
        Set(controllers ?? expected.map(\.controller))
    }

    /// The step that `from:` names (the first step with that text).
    public var fromStep: Step? {
        scenario.steps.first { $0.text == from }
    }

    /// Reads and parses a golden file.
    ///
    /// - Throws: ``ScenarioError`` when the file is missing or unreadable (line 0), or malformed.
    public static func load(path: String) throws(ScenarioError) -> GoldenTrace {
        try GoldenTrace(parsing: try ScenarioParser.readText(atPath: path, kind: "golden file"), source: path)
    }

    /// Parses the text of a golden file.
    ///
    /// - Parameters:
    ///   - text: The file's contents.
    ///   - source: The file's path or a label, used in errors and reports.
    /// - Throws: ``ScenarioError`` for a missing `---`, `compare:` or `from:`, a `from:` that names
    ///   no step, an unknown `match:`, a malformed scenario step or expected line.
    public init(parsing text: String, source: String) throws(ScenarioError) {
        let lines = ScenarioLexer.lines(of: text)
        guard let separator = lines.firstIndex(where: { $0.content.trimmingBlanks() == "---" }) else {
            throw ScenarioError(
                source: source, line: max(lines.count, 1), column: 1,
                message: "missing the \"---\" line that separates the scenario from the expected events")
        }
        var headers = GoldenHeaders(source: source)
        for line in lines[..<separator] {
            try headers.read(line)
        }
        let scenario = try ScenarioParser.parse(lines: Array(lines[..<separator]), source: source)
        let separatorLine = lines[separator].number

        guard let compare = headers.compare else {
            throw ScenarioError(
                source: source, line: 1, column: 1,
                message: "missing the \"# compare: EVENT ...\" header naming the events to compare")
        }
        guard let from = headers.from else {
            throw ScenarioError(
                source: source, line: 1, column: 1,
                message: "missing the \"# from: STEP\" header naming the step the comparison starts after")
        }
        let stepTexts = scenario.steps.map(\.text)
        guard stepTexts.contains(from.value) else {
            let known = stepTexts.map { "\"\($0)\"" }.joined(separator: ", ")
            throw ScenarioError(
                source: source, line: from.line, column: from.column,
                message: "from: \"\(from.value)\" is not a step of the scenario; expected one of: "
                    + (known.isEmpty ? "(no steps)" : known))
        }

        var expected: [ExpectedLine] = []
        for line in lines[(separator + 1)...] {
            let tokens = ScenarioLexer.tokens(of: line.content)
            guard !tokens.isEmpty else { continue }
            expected.append(
                try Self.expectedLine(
                    tokens, line: line.number, source: source,
                    compare: compare.value, controllers: headers.controllers?.value))
        }
        if expected.isEmpty, headers.controllers == nil {
            throw ScenarioError(
                source: source, line: separatorLine, column: 1,
                message: "the expected section is empty; to expect no events, name the controllers "
                    + "with \"# controllers: NAME ...\"")
        }

        self.source = source
        self.notes = headers.notes
        self.origin = headers.origin
        self.compare = compare.value
        self.from = from.value
        self.controllers = headers.controllers?.names
        self.match = headers.match ?? .exact
        self.scenario = scenario
        self.expected = expected
        self.separatorLine = separatorLine
    }

    /// Parses one line of the expected section.
    private static func expectedLine(
        _ tokens: [ScenarioLexer.Token], line: Int, source: String,
        compare: Set<String>, controllers: Set<String>?
    ) throws(ScenarioError) -> ExpectedLine {
        func failure(_ message: String, at token: ScenarioLexer.Token) -> ScenarioError {
            ScenarioError(source: source, line: line, column: token.column, message: message)
        }
        let usage = "expected \"CONTROLLER EVENT [TARGET]\""
        guard tokens.count >= 2 else {
            throw failure("\(usage), got \"\(tokens[0].text)\"", at: tokens[0])
        }
        guard tokens.count <= 3 else {
            throw failure(
                "unexpected \"\(tokens[3].text)\" after \"\(ScenarioLexer.normalized(Array(tokens.prefix(3))))\"; \(usage)",
                at: tokens[3])
        }
        let controller = tokens[0]
        let event = tokens[1]
        let target = tokens.count == 3 ? tokens[2] : nil
        guard ScenarioLexer.isSubjectName(controller.text) else {
            throw failure(
                "expected a controller name (an identifier, or NAME.view for a root view), got \"\(controller.text)\"",
                at: controller)
        }
        if let target, !ScenarioLexer.isIdentifier(target.text) {
            throw failure("expected a target controller name (an identifier), got \"\(target.text)\"", at: target)
        }
        guard compare.contains(event.text) else {
            throw failure(
                "event \"\(event.text)\" is not in the compare: header, so it can never match",
                at: event)
        }
        if let controllers, !controllers.contains(controller.text) {
            throw failure(
                "controller \"\(controller.text)\" is not in the controllers: header, so it can never match",
                at: controller)
        }
        return ExpectedLine(controller: controller.text, event: event.text, target: target?.text, line: line)
    }
}
