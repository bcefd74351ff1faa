import Lifetrace

/// An error in a scenario or golden file: where it is and what was expected, like a compiler
/// diagnostic.
///
/// Its description reads `FILE:LINE:COLUMN: error: MESSAGE`, so editors and CI logs can jump to the
/// offending word: `back.scenario:4:19: error: expected "animated=true" or "animated=false", got
/// "animated=yes"`. Without a column it reads `FILE:LINE: error: MESSAGE`; an error about the whole
/// file (it cannot be read) has line 0 and reads `FILE: error: MESSAGE`.
public struct ScenarioError: LocatedDiagnostic, Sendable, Hashable {
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
        (self.source, self.line, self.column, self.message) = (source, line, column, message)
    }

    /// The diagnostic in compiler style.
    public var description: String { diagnostic }
}
