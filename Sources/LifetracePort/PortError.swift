/// Why a file could not be ported: it cannot be read, or it does not parse (the first syntax
/// error, with its place).
public struct PortError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as it was named.
    public let file: String
    /// The line of the error, from 1; `nil` when the error is the file's as a whole.
    public let line: Int?
    /// The column of the error (in UTF-8 bytes), from 1; `nil` with ``line``.
    public let column: Int?
    /// What is wrong.
    public let message: String

    /// An error at a place in `file`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// An error of `file` as a whole (it cannot be read or written).
    public init(file: String, message: String) {
        self.file = file
        self.line = nil
        self.column = nil
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: message` (`FILE: error: message` without a place).
    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): error: \(message)" }
        return "\(file): error: \(message)"
    }
}
