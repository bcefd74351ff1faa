#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines on standard error.
enum StandardErrorOutput {
    static func write(_ message: String) {
        var line = message + "\n"
        line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
