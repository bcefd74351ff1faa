/// A configuration Lifetrace cannot use: an unknown sink, a malformed specification, a file that
/// cannot be opened. The message names the source (`LIFETRACE_SINKS`, a command-line option) and the bad part.
package struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the bad part.
    package let message: String

    /// Creates an error with a message that names the bad part.
    package init(_ message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}
