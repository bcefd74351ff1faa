import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered, thread-safe byte stream to a file descriptor that never crashes or hangs its host.
///
/// Records are appended to one reused buffer and written in large writes (per line when the
/// descriptor is a terminal, so people watching see events as they happen). When a write fails
/// (a closed pipe, a full disk), the output reports once on standard error, stops writing, and
/// counts every record it drops; ``statistics`` tells how many. `SIGPIPE` is ignored while its
/// disposition is the default, so a closed pipe is an error code rather than death.
public final class ByteOutput: Sendable {
    /// What an output has written and dropped.
    public struct Statistics: Sendable, Hashable {
        /// Records handed to the output.
        public var records: Int
        /// Records that were never written (the output had failed).
        public var dropped: Int
        /// Bytes written to the descriptor.
        public var bytes: Int
        /// The failure that stopped the output, if any.
        public var failure: String?
    }

    /// What the descriptor is, which decides how a write avoids blocking the host for ever.
    enum Kind {
        /// A pipe or FIFO: wait (up to the budget) for room, then write at most `PIPE_BUF`, which
        /// a pipe that polls writable always takes whole.
        case pipe
        /// A socket: sent without blocking (`MSG_DONTWAIT`); when its buffer is full, wait up to
        /// the budget for room.
        case socket
        /// A terminal: wait (up to the budget) for room, then write a small chunk, through a
        /// non-blocking descriptor of its own on the same terminal (a blocking write, even of a
        /// small chunk, waits for good on a terminal nobody reads).
        case terminal
        /// A regular file (whose last partial line a failed write takes back) or a device.
        case file
        case device

        init(of fd: Int32) {
            var information = stat()
            guard fstat(fd, &information) == 0 else {
                self = .device
                return
            }
            switch information.st_mode & S_IFMT {
            case S_IFIFO: self = .pipe
            case S_IFSOCK: self = .socket
            case S_IFREG: self = .file
            default: self = isatty(fd) == 1 ? .terminal : .device
            }
        }
    }

    private struct State: ~Copyable {
        /// The descriptor written to: the one given, or for a terminal a non-blocking one of its own.
        var fd: Int32
        /// The descriptor given (closed with the output when `closesDescriptor`).
        let givenFD: Int32
        /// Writes to a pipe, a socket or a terminal wait (up to the timeout) for room and are cut
        /// to what fits, so a reader that stops reading without closing makes the output give up
        /// instead of blocking the host (and the lock the signal flusher needs).
        var kind: Kind
        var buffer: LineBuffer
        /// Where each record in `buffer` ends, so a failed write drops only the records it did not write.
        var pendingRecordEnds: [Int] = []
        var statistics = Statistics(records: 0, dropped: 0, bytes: 0, failure: nil)
    }

    /// Flushes when the buffer reaches this size.
    static let bufferLimit = 64 * 1024
    /// The most written to a terminal at once, after it polls writable (the line discipline wakes
    /// writers when fewer than 256 bytes wait).
    static let terminalChunk = 256
    /// How long a write may wait for a non-blocking descriptor before the output gives up.
    static let writeTimeoutMilliseconds: Int32 = 2_000

    private let state: Mutex<State>
    private let closesDescriptor: Bool
    private let flushesEachRecord: Bool
    /// A short name used in reports, such as `jsonl sink (stdout)`.
    public let label: String

    /// Creates an output on an open descriptor.
    ///
    /// - Parameters:
    ///   - fd: the open descriptor to write to.
    ///   - label: a short name used in reports, such as `jsonl sink (stdout)`.
    ///   - closesDescriptor: whether to close it when the output is released.
    ///   - flushesEachRecord: `nil` flushes per record only when the descriptor is a terminal.
    public init(fileDescriptor fd: Int32, label: String, closesDescriptor: Bool = false, flushesEachRecord: Bool? = nil) {
        let buffer = LineBuffer(capacity: Self.bufferLimit + 4096)
        var pendingRecordEnds: [Int] = []
        pendingRecordEnds.reserveCapacity(1024)
        let kind = Kind(of: fd)
        let writingFD = kind == .terminal ? Self.nonBlockingTerminal(fd) ?? fd : fd
        self.state = Mutex(State(fd: writingFD, givenFD: fd, kind: kind, buffer: buffer, pendingRecordEnds: pendingRecordEnds))
        self.label = label
        self.closesDescriptor = closesDescriptor
        self.flushesEachRecord = flushesEachRecord ?? (isatty(fd) == 1)
        Self.ignoreBrokenPipeSignal
        ExitFlusher.register(self)
    }

    /// Opens a destination for writing (files are created or truncated, then appended to, so a
    /// `copytruncate` rotation leaves no hole of zeros before the next record).
    ///
    /// - Throws: An error when a file cannot be opened, naming the path and the reason.
    public static func open(_ destination: ByteOutput.Destination, label: String) throws -> ByteOutput {
        switch destination {
        case .standardOutput:
            return ByteOutput(fileDescriptor: STDOUT_FILENO, label: "\(label) (stdout)")
        case .standardError:
            return ByteOutput(fileDescriptor: STDERR_FILENO, label: "\(label) (stderr)", flushesEachRecord: true)
        case .fileDescriptor(let fd):
            guard fcntl(fd, F_GETFD) != -1 else {
                throw ConfigurationError("\(label): file descriptor \(fd) is not open")
            }
            return ByteOutput(fileDescriptor: fd, label: "\(label) (fd:\(fd))")
        case .file(let path):
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFIFO {
                return try openFIFO(path, label: label)
            }
            let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw ConfigurationError("\(label): cannot open \"\(path)\" for writing: \(String(cString: strerror(errno)))")
            }
            return ByteOutput(fileDescriptor: fd, label: "\(label) (\(path))", closesDescriptor: true, flushesEachRecord: false)
        }
    }

    /// Opens a named pipe without blocking: a FIFO nobody reads would hang `open(2)` for ever, so
    /// the output waits for a reader for at most the write budget (``writeTimeoutMilliseconds``),
    /// then fails as a configuration error naming the path.
    private static func openFIFO(_ path: String, label: String) throws -> ByteOutput {
        let deadline = MonotonicClock.now() &+ UInt64(writeTimeoutMilliseconds) * 1_000_000
        while true {
            let fd = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 {
                return ByteOutput(
                    fileDescriptor: fd, label: "\(label) (\(path))", closesDescriptor: true, flushesEachRecord: false)
            }
            guard errno == ENXIO || errno == EINTR else {
                throw ConfigurationError("\(label): cannot open \"\(path)\" for writing: \(String(cString: strerror(errno)))")
            }
            guard MonotonicClock.now() < deadline else {
                throw ConfigurationError(
                    "\(label): nobody reads the FIFO \"\(path)\" (waited \(writeTimeoutMilliseconds) ms); start its reader first")
            }
            usleep(10_000)
        }
    }

    deinit {
        ExitFlusher.unregister(self)
        let (writingFD, givenFD) = state.withLock { state in
            Self.drain(&state, label: label)
            return (state.fd, state.givenFD)
        }
        if writingFD != givenFD { close(writingFD) }
        if closesDescriptor { close(givenFD) }
    }

    /// A descriptor of its own, non-blocking, on the terminal `fd` is open on (a new open file
    /// description: `fd`'s own flags, shared with the shell, stay as they are), or `nil`.
    static func nonBlockingTerminal(_ fd: Int32) -> Int32? {
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(fd, &name, name.count) == 0 else { return nil }
        let own = Glibc.open(name, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        return own >= 0 ? own : nil
    }

    /// Appends one record, built by `body` directly into the shared buffer.
    public func write(_ body: (inout LineBuffer) -> Void) {
        state.withLock { state in
            state.statistics.records += 1
            guard state.statistics.failure == nil else {
                state.statistics.dropped += 1
                return
            }
            body(&state.buffer)
            state.pendingRecordEnds.append(state.buffer.count)
            if flushesEachRecord || state.buffer.count >= Self.bufferLimit {
                Self.drain(&state, label: label)
            }
        }
    }

    /// Writes out the buffer now.
    public func flush() {
        state.withLock { Self.drain(&$0, label: label) }
    }

    /// Writes out the buffer and takes no more records (they are dropped and counted), then runs
    /// `body` with the lock still held: what a signal that ends the process does to every output
    /// at once, so that no record lands in a buffer nobody will write and the outputs end at the
    /// same event (give or take the one each emitting thread is between two outputs with).
    package func closeAfterWriting(reason: String, thenWhileLocked body: () -> Void = {}) {
        state.withLock { state in
            Self.drain(&state, label: label)
            if state.statistics.failure == nil { state.statistics.failure = reason }
            body()
        }
    }

    /// What the output has written and dropped so far.
    public var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    private static func drain(_ state: inout State, label: String) {
        guard !state.buffer.isEmpty else { return }
        defer {
            state.buffer.removeAll()
            state.pendingRecordEnds.removeAll(keepingCapacity: true)
        }
        guard state.statistics.failure == nil else { return }
        let fd = state.fd
        let kind = state.kind
        var offset = 0
        let failure: String? = state.buffer.withBytes { bytes in
            while offset < bytes.count {
                var length = bytes.count - offset
                if kind == .pipe || kind == .terminal {
                    // A pipe that polls writable has a free slot, which always holds PIPE_BUF
                    // bytes: a write of at most that much cannot block. A terminal that polls
                    // writable takes a small chunk (and its descriptor does not block).
                    var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    let ready = poll(&pollfd, 1, writeTimeoutMilliseconds)
                    if ready < 0 && errno == EINTR { continue }
                    guard ready > 0 else {
                        return "the reader has not read for \(writeTimeoutMilliseconds) ms"
                    }
                    let chunk = kind == .pipe ? Int(PIPE_BUF) : Self.terminalChunk
                    if length > chunk {
                        // Whole lines: a write that ends at a line's end leaves no torn line if the
                        // process dies before the next one (unless a single line exceeds the chunk).
                        length = chunk
                        var end = offset + length
                        while end > offset, bytes[end - 1] != 0x0A { end -= 1 }
                        if end > offset { length = end - offset }
                    }
                }
                let written =
                    kind == .socket
                    ? Glibc.send(fd, bytes.baseAddress! + offset, length, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                    : Glibc.write(fd, bytes.baseAddress! + offset, length)
                if written >= 0 {
                    offset += written
                    continue
                }
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK {
                    var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    if poll(&pollfd, 1, writeTimeoutMilliseconds) > 0 { continue }
                    return "the reader has not read for \(writeTimeoutMilliseconds) ms"
                }
                return "write failed: \(String(cString: strerror(code))) (errno \(code))"
            }
            return nil
        }
        if failure != nil, kind == .file {
            // A full disk took part of a record: take it back, so the file ends at a line's end.
            // Only where this output's writes end the file (a descriptor shared with another
            // writer, or positioned inside the file, is left alone).
            let whole = state.pendingRecordEnds.last { $0 <= offset } ?? 0
            let position = lseek(fd, 0, SEEK_CUR)
            if offset > whole, position >= off_t(offset - whole), position == lseek(fd, 0, SEEK_END),
                ftruncate(fd, position - off_t(offset - whole)) == 0
            {
                _ = lseek(fd, position - off_t(offset - whole), SEEK_SET)
                offset = whole
            }
        }
        if let failure {
            state.statistics.failure = failure
            state.statistics.dropped += state.pendingRecordEnds.count { $0 > offset }
            state.statistics.bytes += offset
            StandardError.report("lifetrace: \(label): \(failure); dropping further events")
        } else {
            state.statistics.bytes += state.buffer.count
        }
    }

    /// Ignores `SIGPIPE` once, if nobody has chosen a disposition for it.
    private static let ignoreBrokenPipeSignal: Void = {
        var current = sigaction()
        if sigaction(SIGPIPE, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil {
            signal(SIGPIPE, SIG_IGN)
        }
    }()
}
