/// An error located in a file, like a compiler diagnostic: the shape the modules that read files
/// share (a scenario step that cannot run, a malformed trace line), each with its own public type
/// (`ScenarioError`, `TraceIssue`).
///
/// Its ``diagnostic`` reads `FILE:LINE:COLUMN: error: MESSAGE`, so editors and CI logs can jump to
/// the offending word, and the message says what was expected (`expected "animated=true" or
/// "animated=false", got "animated=yes"`). Without a column it reads `FILE:LINE: error: MESSAGE`;
/// an error about the whole file (it cannot be read) has line 0 and reads `FILE: error: MESSAGE`.
package protocol LocatedDiagnostic: Error, CustomStringConvertible {
    /// The file (or a label, such as `demo` or `<stdin>`) the error is in.
    var source: String { get }
    /// The 1-based line, or 0 for an error about the whole file.
    var line: Int { get }
    /// The 1-based column of the offending word, or 0 when it concerns the whole line.
    var column: Int { get }
    /// What is wrong and what was expected, without the location.
    var message: String { get }
}

extension LocatedDiagnostic {
    /// The diagnostic in compiler style.
    package var diagnostic: String {
        if line <= 0 { return "\(source): error: \(message)" }
        if column <= 0 { return "\(source):\(line): error: \(message)" }
        return "\(source):\(line):\(column): error: \(message)"
    }
}
