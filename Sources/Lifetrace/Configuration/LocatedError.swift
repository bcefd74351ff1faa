/// A problem located in a file, like a compiler diagnostic: a scenario step that cannot run, a
/// golden file that does not parse, a malformed or truncated trace line, a file or session that
/// cannot be read. The modules that read files name it after what they read
/// (`LifetraceScenario.ScenarioError`, `LifetraceAnalysis.TraceIssue`): one type, so a tool that
/// reads both reports both the same way.
///
/// Its description reads `FILE:LINE:COLUMN: error: MESSAGE`, so editors and CI logs can jump to the
/// offending word, and the message says what was expected: `back.scenario:4:19: error: expected
/// "animated=true" or "animated=false", got "animated=yes"`. Without a column it reads
/// `FILE:LINE: error: MESSAGE`; a problem with the whole file (it cannot be read) has line 0 and
/// reads `FILE: error: MESSAGE`.
public struct LocatedError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The file, directory or live URL (or a label, such as `demo` or `<stdin>`) the problem is in.
    public var source: String
    /// The 1-based line, or 0 for a problem with the whole file.
    public var line: Int
    /// The 1-based column of the offending word or value, or 0 when it concerns the whole line.
    public var column: Int
    /// What is wrong and what was expected, without the location.
    public var message: String

    /// Creates a problem at a position of a file.
    public init(source: String, line: Int, column: Int, message: String) {
        (self.source, self.line, self.column, self.message) = (source, line, column, message)
    }

    /// The diagnostic in compiler style.
    public var description: String {
        if line <= 0 { return "\(source): error: \(message)" }
        if column <= 0 { return "\(source):\(line): error: \(message)" }
        return "\(source):\(line):\(column): error: \(message)"
    }
}
