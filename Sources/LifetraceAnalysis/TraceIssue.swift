/// A problem in a trace file, located like a compiler diagnostic: a malformed or truncated line, a
/// record that lacks a required key, or a file that cannot be read.
///
/// The description reads `FILE:LINE:COLUMN: error: MESSAGE`, and the message says what was expected,
/// for example `expected "," or "}" after a value, found the end of the line (truncated line?)`.
/// An issue about the whole file (it cannot be read) has line 0 and is described as
/// `FILE: error: MESSAGE`.
public struct TraceIssue: Error, CustomStringConvertible, Sendable, Hashable {
    /// The file (or label, such as `<stdin>`) the issue is in.
    public var source: String
    /// The 1-based line, or 0 for an issue about the whole file.
    public var line: Int
    /// The 1-based column (in bytes) where the problem was found, or 0 for the whole line or file.
    public var column: Int
    /// What is wrong and what was expected, without the location.
    public var message: String

    /// Creates an issue at a position of a file.
    public init(source: String, line: Int, column: Int, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    /// The diagnostic in compiler style: `FILE:LINE:COLUMN: error: MESSAGE` (`FILE:LINE: error:` when
    /// the column is unknown, `FILE: error: MESSAGE` for the whole file).
    public var description: String {
        if line <= 0 { return "\(source): error: \(message)" }
        if column <= 0 { return "\(source):\(line): error: \(message)" }
        return "\(source):\(line):\(column): error: \(message)"
    }
}
