import Lifetrace

/// A console message of the runtime: what UIKit would log (a warning) or raise (an error) when
/// it is misused, such as unbalanced appearance calls or pushing a controller twice.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious the misuse is.
    public enum Severity: String, Sendable, Hashable {
        /// UIKit logs a message and goes on.
        case warning
        /// UIKit raises an exception; the runtime refuses the operation and goes on.
        case error
    }

    /// How serious the misuse is.
    public var severity: Severity
    /// What happened, in UIKit's words where UIKit has them.
    public var message: String
    /// The object the message is about (a controller), whose name the `warning` event carries;
    /// `nil`: the event's subject is `UIKit`.
    public var subject: Subject?

    /// Creates a diagnostic, about `subject` when given.
    public init(_ severity: Severity, _ message: String, about subject: Subject? = nil) {
        self.severity = severity
        self.message = message
        self.subject = subject
    }

    /// `warning: MESSAGE` or `error: MESSAGE`.
    public var description: String { "\(severity.rawValue): \(message)" }
}
