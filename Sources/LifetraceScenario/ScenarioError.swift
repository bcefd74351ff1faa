/// An error in a scenario or golden file, located like a compiler diagnostic.
///
/// The description reads `FILE:LINE:COLUMN: error: MESSAGE`, so editors and CI logs can jump to
/// the offending word. Messages say what was expected, for example
/// `expected "animated=true" or "animated=false", got "animated=yes"`.
///
/// An error about the file as a whole (it cannot be read) has line 0 and column 0 and is described
/// as `FILE: error: MESSAGE`.
public struct ScenarioError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The file (or label, such as `demo`) the error is in.
    public var source: String
    /// The 1-based line of the error, or 0 for an error about the whole file.
    public var line: Int
    /// The 1-based column (in characters) of the offending word, or 0 for an error about the whole file.
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

    /// The diagnostic in compiler style: `FILE:LINE:COLUMN: error: MESSAGE`
    /// (`FILE: error: MESSAGE` when the error concerns the whole file).
    public var description: String {
        if line <= 0 {
            return "\(source): error: \(message)"
        }
        return "\(source):\(line):\(max(column, 1)): error: \(message)"
    }
}
