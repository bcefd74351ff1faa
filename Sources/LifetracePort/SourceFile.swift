#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing the files `lifetrace port` rewrites, with the system's reason on failure.
public enum SourceFile {
    /// The UTF-8 text of the file at `path`.
    public static func read(_ path: String) throws(PortError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PortError(file: path, message: "cannot read: \(reason())") }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw PortError(file: path, message: "cannot read: it is a directory")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw PortError(file: path, message: "cannot read: \(reason())")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw PortError(file: path, message: "cannot read: not UTF-8 text")
        }
        return text
    }

    /// Writes `text` to `path` whole or not at all: beside it first (`PATH.partial`), then
    /// renamed over it. An existing file keeps its permissions; a symbolic link stays one (the
    /// file it names is replaced).
    public static func write(_ text: String, to path: String) throws(PortError) {
        var destination = path
        if let resolved = realpath(path, nil) {
            destination = String(cString: resolved)
            free(resolved)
        }
        var mode: mode_t = 0o644
        var status = stat()
        if stat(destination, &status) == 0 { mode = status.st_mode & 0o7777 }
        let partial = destination + ".partial"
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw PortError(file: path, message: "cannot write: \(reason())") }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = reason()
                close(descriptor)
                unlink(partial)
                throw PortError(file: path, message: "cannot write: \(failure)")
            }
            written += count
        }
        guard close(descriptor) == 0, rename(partial, destination) == 0 else {
            let failure = reason()
            unlink(partial)
            throw PortError(file: path, message: "cannot write: \(failure)")
        }
    }

    /// Makes the directory `path` and its parents, as `mkdir -p`.
    public static func makeDirectory(_ path: String) throws(PortError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw PortError(file: path, message: "cannot create the directory: \(reason())")
            }
            prefix += "/"
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw PortError(file: path, message: "cannot create the directory: a file of that name exists")
        }
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
