/// What a finished process left behind.
public struct ProcessResult: Sendable, CustomStringConvertible {
    /// The exit status (or the number of the signal that ended it).
    public var status: Int32
    /// Everything it wrote to standard output.
    public var stdout: String
    /// Everything it wrote to standard error.
    public var stderr: String
    /// The signal that ended it (`status` is then that signal's number), or `nil` when it exited.
    public var signal: Int32?

    /// A result with these parts.
    public init(status: Int32, stdout: String, stderr: String, signal: Int32? = nil) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.signal = signal
    }

    /// The status (or signal) and standard error, for a failure message.
    public var description: String {
        (signal.map { "signal \($0)" } ?? "exit \(status)") + "; stderr:\n\(stderr)"
    }
}
