/// One thing `lifetrace port` did to a file or could not do, at a line and column of the input.
public struct PortDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of report it is.
    public enum Severity: String, Sendable, Hashable {
        /// A rewrite that was made.
        case change
        /// Something a rewrite dropped or assumed, worth a look.
        case note
        /// Code left as it was (it needs a hand), or rewritten on an assumption to check.
        case warning
    }

    /// The kind of report.
    public let severity: Severity
    /// The line in the input, from 1.
    public let line: Int
    /// The column in the input (in UTF-8 bytes), from 1.
    public let column: Int
    /// What changed, or why not.
    public let message: String

    /// A report of these parts.
    public init(severity: Severity, line: Int, column: Int, message: String) {
        self.severity = severity
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE:COLUMN: message`, with `warning: ` or `note: ` before the message when it is one.
    public var description: String {
        switch severity {
        case .change: "\(line):\(column): \(message)"
        case .note: "\(line):\(column): note: \(message)"
        case .warning: "\(line):\(column): warning: \(message)"
        }
    }

    /// The report as a compiler prints it: `FILE:LINE:COLUMN: …`.
    public func formatted(file: String) -> String { "\(file):\(description)" }
}
