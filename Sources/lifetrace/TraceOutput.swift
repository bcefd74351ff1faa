import ArgumentParser
import Lifetrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the analysis commands write, in large blocking writes, whole or not at all: a file is
/// written beside its destination (`FILE.partial`) and renamed over it when complete, so a failed
/// command leaves no half-written file; standard output (`-`) is written as it comes. Any write
/// failure (a full disk, a closed pipe) is reported with the path and exits with status 1.
final class TraceOutput {
    /// The bytes waiting to be written; ``flushIfFull()`` writes them once they pass this size.
    static let blockSize = 1 << 16

    var buffer = LineBuffer(capacity: blockSize * 2)
    private let path: String
    private let partial: String?
    private let descriptor: Int32
    private var failed = false

    /// Opens `path` (`-`: standard output).
    init(_ path: String) throws {
        self.path = path
        // A closed pipe is a write error to report, not a signal that kills.
        signal(SIGPIPE, SIG_IGN)
        if path == "-" {
            partial = nil
            descriptor = STDOUT_FILENO
            return
        }
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            // A device, FIFO or socket (/dev/null, a named pipe) is written in place.
            let descriptor = Glibc.open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                StandardError.writeLine("lifetrace: cannot write \(path): \(SystemError.describe(errno))")
                throw ExitCode.failure
            }
            partial = nil
            self.descriptor = descriptor
            return
        }
        let partial = path + ".partial"
        let descriptor = Glibc.open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            StandardError.writeLine("lifetrace: cannot write \(path): \(SystemError.describe(errno))")
            throw ExitCode.failure
        }
        self.partial = partial
        self.descriptor = descriptor
    }

    deinit {
        if descriptor != STDOUT_FILENO { close(descriptor) }
        if let partial, failed || !finished { unlink(partial) }
    }

    private var finished = false

    /// Writes the buffer once it holds a block.
    func flushIfFull() throws {
        if buffer.count >= Self.blockSize { try flush() }
    }

    /// Writes everything buffered and, for a file, puts it in place.
    func finish() throws {
        try flush()
        guard let partial else {
            finished = true
            return
        }
        guard fsync(descriptor) == 0 || errno == EINVAL, rename(partial, path) == 0 else {
            failed = true
            StandardError.writeLine("lifetrace: cannot write \(path): \(SystemError.describe(errno))")
            throw ExitCode.failure
        }
        finished = true
    }

    /// Writes everything buffered now.
    func flush() throws {
        let error: Int32? = buffer.withBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll()
        if let error {
            failed = true
            StandardError.writeLine(
                "lifetrace: cannot write \(path == "-" ? "standard output" : path): \(SystemError.describe(error))")
            throw ExitCode.failure
        }
    }
}
