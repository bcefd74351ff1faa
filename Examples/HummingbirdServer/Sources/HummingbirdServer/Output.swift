#if canImport(Glibc)
import Glibc
#endif

/// Lines on standard output and error, written at once (a reader waiting for the port sees it
/// without stdio's buffering).
enum Output {
    static func line(_ text: String, terminated: Bool = true) { write(terminated ? text + "\n" : text, to: 1) }
    static func error(_ text: String) { write(text + "\n", to: 2) }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
