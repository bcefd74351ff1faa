/// An error located in a file, like a compiler diagnostic: a scenario step that cannot run, a
/// malformed trace line, a golden file without its `---`.
///
/// The description reads `FILE:LINE:COLUMN: error: MESSAGE`, so editors and CI logs can jump to
/// the offending word, and the message says what was expected (`expected "animated=true" or
/// "animated=false", got "animated=yes"`). Without a column it reads `FILE:LINE: error: MESSAGE`;
/// an error about the whole file (it cannot be read) has line 0 and reads `FILE: error: MESSAGE`.
public struct LocatedError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The file (or a label, such as `demo` or `<stdin>`) the error is in.
    public var source: String
    /// The 1-based line, or 0 for an error about the whole file.
    public var line: Int
    /// The 1-based column of the offending word, or 0 when it concerns the whole line.
    public var column: Int
    /// What is wrong and what was expected, without the location.
    public var message: String

    /// Creates an error at a position of a file.
    public init(source: String, line: Int, column: Int, message: String) {
        self.source = source
        self.line = line
        self.column = column
        self.message = message
    }

    /// The file the error is in (the same as ``source``).
    public var file: String { source }

    /// The diagnostic in compiler style.
    public var description: String {
        if line <= 0 { return "\(source): error: \(message)" }
        if column <= 0 { return "\(source):\(line): error: \(message)" }
        return "\(source):\(line):\(column): error: \(message)"
    }
}
