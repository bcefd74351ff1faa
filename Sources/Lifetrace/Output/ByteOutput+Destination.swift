extension ByteOutput {
    /// Where a writing sink sends its bytes.
    public enum Destination: Sendable, Hashable, CustomStringConvertible {
        /// Standard output.
        case standardOutput
        /// Standard error.
        case standardError
        /// An open file descriptor, which the sink does not close.
        case fileDescriptor(Int32)
        /// A file, created or truncated when the sink is made.
        case file(String)

        /// Parses the destination part of a sink specification: `-` or `stdout`, `stderr`, `fd:N`, or a path.
        ///
        /// - Returns: `nil` when the text names no destination (empty, or `fd:` without a number).
        public init?(parsing text: String) {
            switch text {
            case "", "fd:": return nil
            case "-", "stdout": self = .standardOutput
            case "stderr": self = .standardError
            default:
                if text.hasPrefix("fd:") {
                    guard let fd = Int32(text.dropFirst(3)), fd >= 0 else { return nil }
                    self = .fileDescriptor(fd)
                } else {
                    self = .file(text)
                }
            }
        }

        /// How the destination is written in a specification and in reports.
        public var description: String {
            switch self {
            case .standardOutput: "stdout"
            case .standardError: "stderr"
            case .fileDescriptor(let fd): "fd:\(fd)"
            case .file(let path): path
            }
        }
    }
}
