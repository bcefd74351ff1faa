#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered lines on standard error, for reports that must neither wait for a sink's buffer
/// nor be lost with it: a sink's failure, a runtime's console message, a command's error.
@_spi(Internals)
public enum StandardError {
    /// Writes `message` and a newline at once, ignoring failure (there is nowhere else to report it).
    public static func writeLine(_ message: String) {
        var line = message
        line.append("\n")
        line.withUTF8 { bytes in
            _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count)
        }
    }
}
