import Lifetrace
import LifetraceUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parses the scenario language into a ``Scenario``.
///
/// One step per line; `#` starts a comment anywhere on a line; blank lines are ignored; names are
/// identifiers (a letter or `_` first, then letters, digits or `_`). Options (`animated=…`,
/// `style=…`) come after a step's words, in any order, each at most once. `animated` defaults to
/// `true`; `style` defaults to `fullScreen`. The full table is in `Scenarios/README.md` and the
/// golden-file specification.
///
/// Each ``Step`` keeps its line and its ``Step/text``: the line without comment, trimmed, with
/// runs of blanks collapsed to one space (what a golden file's `from:` names). Errors are
/// ``ScenarioError``s that point at the offending word and say what was expected.
public enum ScenarioParser {
    /// The step keywords of the language, in the order the documentation lists them.
    public static let stepKeywords: [String] =
        [
            "nav", "tabs", "child", "launch", "push", "pop", "pop-to-root", "set-stack",
            "interactive-pop", "present", "dismiss", "segue", "select-tab", "add-child",
            "remove-child", "edit", "end-editing", "rotate", "resize", "memory-warning", "wait",
        ] + StepParser.transitionKeywords + LayoutStep.keywords + StoryboardStep.keywords
        + StepParser.adaptivityKeywords + ContainerStep.keywords + ListStep.keywords + UpdateStep.keywords
        + SceneStep.keywords

    /// Parses scenario text.
    ///
    /// - Parameters:
    ///   - text: The scenario, one step per line.
    ///   - source: Where the text came from (a path or a label), used in errors and kept in the result.
    /// - Throws: ``ScenarioError`` at the first malformed step.
    public static func parse(_ text: String, source: String) throws(ScenarioError) -> Scenario {
        try parse(lines: ScenarioLexer.lines(of: text), source: source)
    }

    /// Reads and parses a scenario file (UTF-8).
    ///
    /// - Parameter path: The file's path; it is also the scenario's ``Scenario/source``.
    /// - Throws: ``ScenarioError`` when the file is missing or unreadable (line 0), or malformed.
    public static func parse(contentsOfFile path: String) throws(ScenarioError) -> Scenario {
        try parse(try readText(atPath: path, kind: "scenario file"), source: path)
    }

    /// Parses already split lines, keeping their line numbers (a golden file's scenario part).
    static func parse(lines: [ScenarioLexer.Line], source: String) throws(ScenarioError) -> Scenario {
        var steps: [Step] = []
        for line in lines {
            let tokens = ScenarioLexer.tokens(of: line.content)
            guard !tokens.isEmpty else { continue }
            var parser = StepParser(source: source, line: line.number, tokens: tokens)
            let action = try parser.parse()
            steps.append(
                Step(
                    index: steps.count + 1,
                    line: line.number,
                    text: ScenarioLexer.normalized(tokens),
                    action: action,
                    columns: tokens.map(\.column)
                ))
        }
        return Scenario(source: source, steps: steps)
    }

    /// Reads a UTF-8 text file, turning every failure into a whole-file ``ScenarioError``.
    static func readText(atPath path: String, kind: String) throws(ScenarioError) -> String {
        func failure(_ message: String) -> ScenarioError {
            ScenarioError(source: path, line: 0, column: 0, message: message)
        }
        guard let found = FileKind(atPath: path) else {
            throw failure("no such \(kind)")
        }
        guard found != .directory else {
            throw failure("expected a \(kind), got a directory")
        }
        let data: Data
        switch contents(ofFile: path) {
        case .success(let bytes): data = bytes
        case .failure(let error): throw failure("cannot read the \(kind): \(SystemError.describe(error.code))")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            let (line, column) = firstInvalidUTF8(in: data)
            throw ScenarioError(
                source: path, line: line, column: column, message: "invalid UTF-8; the \(kind) must be UTF-8 text")
        }
        return text
    }

    /// The bytes of the file at `path`, or the `errno` that stopped reading them (the system's own
    /// reason: a missing permission, too many open files, an I/O error).
    static func contents(ofFile path: String) -> Result<Data, SystemErrorCode> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemErrorCode(errno)) }
        defer { close(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count == 0 { return .success(data) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemErrorCode(errno))
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// An `errno` value as an error.
    struct SystemErrorCode: Error {
        let code: Int32
        init(_ code: Int32) { self.code = code }
    }

    /// The line and column (1-based, counted as the lexer counts them, with `\n`, `\r\n` and
    /// `\r` ending lines) of the first byte sequence in `data` that is not UTF-8.
    static func firstInvalidUTF8(in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var afterCarriageReturn = false
        var bytes = data.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                if scalar == "\n", afterCarriageReturn {
                    afterCarriageReturn = false
                } else if scalar == "\n" || scalar == "\r" {
                    line += 1
                    column = 1
                    afterCarriageReturn = scalar == "\r"
                } else {
                    column += 1
                    afterCarriageReturn = false
                }
            case .emptyInput, .error:
                return (line, column)
            }
        }
    }

    /// The longest step keyword: a word longer by more than 2 is no misspelling of any.
    static let longestKeyword = stepKeywords.map(\.count).max() ?? 0

    /// A close keyword for a misspelt one, if any (edit distance at most 2). A word too long to be
    /// within 2 of any keyword is compared with none, so the cost is bounded whatever its length.
    static func suggestion(for word: String) -> String? {
        guard word.utf8.count <= 4 * (longestKeyword + 2), word.count <= longestKeyword + 2 else { return nil }
        var best: (keyword: String, distance: Int)?
        for keyword in stepKeywords {
            let distance = editDistance(Array(word), Array(keyword))
            if distance <= 2, distance < (best?.distance ?? Int.max) {
                best = (keyword, distance)
            }
        }
        return best?.keyword
    }

    /// Optimal-string-alignment distance (Levenshtein plus swaps of neighbours).
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
