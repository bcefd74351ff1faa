#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered lines on standard error, for reports that must neither wait for a sink's buffer
/// nor be lost with it: a sink's failure, a runtime's console message, a command's error.
package enum StandardError {
    /// Writes `message` and a newline at once, ignoring failure (there is nowhere else to report it).
    package static func writeLine(_ message: String) {
        var line = message
        line.append("\n")
        line.withUTF8 { bytes in
            _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count)
        }
    }

    /// Writes a sink's report (a failure, the events it dropped) as one line, waiting at most the
    /// sinks' write budget for room and dropping it past that: standard error may be the very
    /// terminal or pipe whose reader stopped reading, which a sink must not hang on. (A terminal is
    /// written through a non-blocking descriptor of its own; a pipe that polls writable takes a
    /// short line whole.)
    static func report(_ message: String) {
        var ready = pollfd(fd: STDERR_FILENO, events: Int16(POLLOUT), revents: 0)
        guard poll(&ready, 1, ByteOutput.writeTimeoutMilliseconds) > 0 else { return }
        guard isatty(STDERR_FILENO) == 1, let terminal = ByteOutput.nonBlockingTerminal(STDERR_FILENO) else {
            writeLine(message)
            return
        }
        defer { close(terminal) }
        var line = message
        line.append("\n")
        line.withUTF8 { bytes in
            _ = write(terminal, bytes.baseAddress, bytes.count)
        }
    }
}
