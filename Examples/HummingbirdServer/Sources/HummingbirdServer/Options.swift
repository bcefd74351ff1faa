/// The command line: `[--port N] [--requests N] [--manifest FILE] [--timeout SECONDS] [--backend B]`.
struct Options {
    static let usage =
        "usage: HummingbirdServer [--port N] [--requests N] [--manifest FILE] [--timeout SECONDS] [--backend lifetrace|stream|none]"

    /// Where swift-log's records and swift-distributed-tracing's spans go.
    enum Backend: String {
        /// Lifetrace's handler and tracer, to the sinks of `LIFETRACE_SINKS`.
        case lifetrace
        /// swift-log's `StreamLogHandler` on standard error (what swift-log does unbootstrapped)
        /// and no tracer: what a server does by default.
        case stream
        /// swift-log's no-op handler and no tracer: the server untraced.
        case none
    }

    /// The port to listen on, 0 for one the kernel picks.
    var port = 0
    /// How many requests the server's own client sends before it shuts down; 0: serve until a signal.
    var requests = 0
    /// Where the client writes one JSON line per request; nil: standard output.
    var manifest: String?
    /// How long a run with `--requests` may take before it gives up (exit status 3).
    var timeout = 120
    /// Where logs and spans go.
    var backend = Backend.lifetrace

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    init<Arguments: Collection<String>>(_ arguments: Arguments) throws {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw Invalid(description: "\(option) needs a value") }
            switch option {
            case "--port":
                guard let port = Int(value), (0...65535).contains(port) else { throw Invalid(description: "bad port '\(value)'") }
                self.port = port
            case "--requests":
                guard let count = Int(value), count >= 0 else { throw Invalid(description: "bad request count '\(value)'") }
                requests = count
            case "--manifest":
                manifest = value
            case "--timeout":
                guard let seconds = Int(value), seconds > 0 else { throw Invalid(description: "bad timeout '\(value)'") }
                timeout = seconds
            case "--backend":
                guard let backend = Backend(rawValue: value) else {
                    throw Invalid(description: "bad backend '\(value)' (expected lifetrace, stream or none)")
                }
                self.backend = backend
            default:
                throw Invalid(description: "unknown option '\(option)'")
            }
        }
    }
}
