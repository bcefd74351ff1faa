import Lifetrace

/// A problem in a trace: a malformed or truncated line, a record that lacks a required key, or a
/// file or session that cannot be read, located like a compiler diagnostic.
///
/// Its description reads `FILE:LINE:COLUMN: error: MESSAGE`: `run.jsonl:41:38: error: expected ","
/// or "}" after a value, found the end of the line (truncated line?)`. Without a column it reads
/// `FILE:LINE: error: MESSAGE`; a problem with the whole trace (it cannot be read) has line 0 and
/// reads `FILE: error: MESSAGE`.
public struct TraceIssue: LocatedDiagnostic, Sendable, Hashable {
    /// The file, directory or live URL (or a label such as `<stdin>`) the problem is in.
    public var source: String
    /// The 1-based line, or 0 for a problem with the whole trace.
    public var line: Int
    /// The 1-based column of the offending value, or 0 when it concerns the whole line.
    public var column: Int
    /// What is wrong and what was expected, without the location.
    public var message: String

    /// Creates a problem at a position of a trace.
    public init(source: String, line: Int, column: Int, message: String) {
        (self.source, self.line, self.column, self.message) = (source, line, column, message)
    }

    /// The diagnostic in compiler style.
    public var description: String { diagnostic }
}
