/// What a finished process left behind.
public struct ProcessResult: Sendable, CustomStringConvertible {
    /// The exit status (or the number of the signal that ended it).
    public var status: Int32
    /// Everything it wrote to standard output.
    public var stdout: String
    /// Everything it wrote to standard error.
    public var stderr: String

    /// A result with these parts.
    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    /// The status and standard error, for a failure message.
    public var description: String { "exit \(status); stderr:\n\(stderr)" }
}
