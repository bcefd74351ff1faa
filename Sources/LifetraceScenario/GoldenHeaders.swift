/// The headers of a golden file, read comment by comment (internal to ``GoldenTrace``).
struct GoldenHeaders {
    /// A header value with where it was written.
    struct Located<Value> {
        var value: Value
        var line: Int
        var column: Int
    }

    /// The file, for errors.
    let source: String
    /// Description comment lines.
    var notes: [String] = []
    /// `source:`.
    var origin: String?
    /// `compare:`.
    var compare: Located<Set<String>>?
    /// `from:`, normalized like a step's text.
    var from: Located<String>?
    /// `controllers:`, as written and as a set.
    var controllers: (names: [String], value: Set<String>)?
    /// `match:`.
    var match: GoldenTrace.MatchMode?
    /// Where each header was first given, to report duplicates.
    private var seen: [String: Int] = [:]

    /// Creates an empty set of headers.
    init(source: String) { self.source = source }

    /// Reads one line above `---`: a header, a description comment, or neither.
    mutating func read(_ line: ScenarioLexer.Line) throws(ScenarioError) {
        let content = line.content
        let hashColumn = ScenarioLexer.firstNonBlankColumn(of: content)
        guard let hash = content.firstIndex(where: { !$0.isWhitespace }), content[hash] == "#" else { return }
        let comment = content[content.index(after: hash)...]
        let keyColumn = ScenarioLexer.firstNonBlankColumn(of: comment, startingAtColumn: hashColumn + 1)
        let body = comment.trimmingBlanks()
        let keys = ["source", "compare", "from", "controllers", "match"]
        guard let colon = body.firstIndex(of: ":"), keys.contains(String(body[..<colon])) else {
            notes.append(String(body))
            return
        }
        let key = String(body[..<colon])
        let rest = body[body.index(after: colon)...]
        let valueColumn = ScenarioLexer.firstNonBlankColumn(
            of: rest, startingAtColumn: keyColumn + key.count + 1)
        let value = rest.trimmingBlanks()
        let tokens = ScenarioLexer.tokens(of: Substring(value), startingAtColumn: valueColumn)
        func failure(_ message: String, column: Int) -> ScenarioError {
            ScenarioError(source: source, line: line.number, column: column, message: message)
        }
        if let first = seen[key] {
            throw failure("duplicate \"\(key):\" header (first given on line \(first))", column: keyColumn)
        }
        seen[key] = line.number
        switch key {
        case "source":
            origin = String(value)
        case "compare":
            guard !tokens.isEmpty else {
                throw failure("compare: needs at least one event name", column: valueColumn)
            }
            compare = Located(value: Set(tokens.map(\.text)), line: line.number, column: valueColumn)
        case "from":
            guard !tokens.isEmpty else {
                throw failure("from: needs the text of a step, such as \"push Second\"", column: valueColumn)
            }
            from = Located(value: ScenarioLexer.normalized(tokens), line: line.number, column: valueColumn)
        case "controllers":
            guard !tokens.isEmpty else {
                throw failure("controllers: needs at least one controller name", column: valueColumn)
            }
            for token in tokens where !ScenarioLexer.isSubjectName(token.text) {
                throw failure("expected a name (an identifier, or NAME.view), got \"\(token.text)\"", column: token.column)
            }
            controllers = (tokens.map(\.text), Set(tokens.map(\.text)))
        default:
            let modes = GoldenTrace.MatchMode.allCases.map(\.rawValue)
            guard tokens.count == 1, let mode = GoldenTrace.MatchMode(rawValue: tokens[0].text) else {
                throw failure(
                    "expected match: \(modes.joined(separator: ", ")), got \"\(value)\"",
                    column: valueColumn)
            }
            match = mode
        }
    }
}
