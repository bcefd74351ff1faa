#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLifetrace
import Synchronization

/// A buffered, thread-safe byte stream to a file descriptor that never crashes or hangs its host.
///
/// Records are appended to a buffer under one lock and written in large writes under another
/// (per line when the descriptor is a terminal, so people watching see events as they happen), so
/// no write ever holds the lock appending takes: an event emitted through ``LifetraceSystem`` is
/// written after its thread has left the emission lock, and the signal flusher, which stops
/// emission before it writes every output out, never waits on a write to take that lock.
///
/// No write waits for a reader for longer than 2 s (the write budget): pipes, sockets and
/// terminals are written without blocking, waiting up to that budget for room. When a write fails
/// (a closed pipe, a full disk, a reader that stopped reading), the output reports once on
/// standard error, stops writing, and counts every record it drops; ``statistics`` tells how many.
/// A regular file is written in whole records: a record a full disk cut short is taken back.
/// `SIGPIPE` is ignored while its disposition is the default, so a closed pipe is an error code
/// rather than death.
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

    /// The records appended and not yet taken by a write, under ``appending``.
    private struct Appended: ~Copyable {
        var buffer: LineBuffer
        /// Where each record in `buffer` ends, so a failed write drops only the records it did not write.
        var recordEnds: [Int]
        var statistics = Statistics(records: 0, dropped: 0, bytes: 0, failure: nil)
    }

    /// The descriptor and the records being written, under ``writing``: one write at a time, each
    /// taking every record appended before it, so records reach the descriptor in order.
    private struct Writing: ~Copyable {
        let channel: OutputChannel
        var chunk: LineBuffer
        var chunkEnds: [Int]
    }

    /// Flushes when the buffer reaches this size.
    static let bufferLimit = 64 * 1024
    /// How long a write may wait for a reader before the output gives up.
    static let writeTimeoutMilliseconds: Int32 = OutputChannel.budgetMilliseconds

    private let appending: Mutex<Appended>
    private let writing: Mutex<Writing>
    private let descriptor: Int32
    /// A descriptor of the output's own to close with it (a terminal's non-blocking one), or -1.
    private let ownDescriptor: Int32
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
        let channel = OutputChannel(fd)
        // Two arrays of their own (not one shared, which the first append would copy).
        var recordEnds: [Int] = [], chunkEnds: [Int] = []
        recordEnds.reserveCapacity(1024)
        chunkEnds.reserveCapacity(1024)
        self.appending = Mutex(Appended(buffer: LineBuffer(capacity: Self.bufferLimit + 4096), recordEnds: recordEnds))
        self.writing = Mutex(Writing(channel: channel, chunk: LineBuffer(capacity: Self.bufferLimit + 4096), chunkEnds: chunkEnds))
        self.descriptor = fd
        self.ownDescriptor = channel.fd == fd ? -1 : channel.fd
        self.label = label
        self.closesDescriptor = closesDescriptor
        self.flushesEachRecord = flushesEachRecord ?? (isatty(fd) == 1)
        Self.ignoreBrokenPipeSignal
        ExitFlusher.register(self)
    }

    /// Opens a destination for writing (files are created or truncated, then appended to, so a
    /// `copytruncate` rotation leaves no hole of zeros before the next record).
    ///
    /// - Throws: ``ConfigurationError`` when a file cannot be opened, naming the path and the reason.
    public static func open(_ destination: Destination, label: String) throws -> ByteOutput {
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
                throw ConfigurationError("\(label): cannot open \"\(path)\" for writing: \(SystemError.describe(errno))")
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
                return ByteOutput(fileDescriptor: fd, label: "\(label) (\(path))", closesDescriptor: true, flushesEachRecord: false)
            }
            guard errno == ENXIO || errno == EINTR else {
                throw ConfigurationError("\(label): cannot open \"\(path)\" for writing: \(SystemError.describe(errno))")
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
        writing.withLock { writeOut(&$0, atLeast: 1) }
        if ownDescriptor >= 0 { close(ownDescriptor) }
        if closesDescriptor { close(descriptor) }
    }

    /// Appends one record, built by `body` directly into the shared buffer.
    ///
    /// When the buffer is full (or the output writes each record), the record is written at once;
    /// from inside ``LifetraceSystem``'s emission, after the emitting thread has left its lock.
    public func write(_ body: (inout LineBuffer) -> Void) {
        let full = appending.withLock { appended in
            appended.statistics.records += 1
            guard appended.statistics.failure == nil else {
                appended.statistics.dropped += 1
                return false
            }
            body(&appended.buffer)
            appended.recordEnds.append(appended.buffer.count)
            return flushesEachRecord || appended.buffer.count >= Self.bufferLimit
        }
        guard full else { return }
        // Retained for the emitting thread, which releases it after the write (`writeDeferred`).
        let retained = Unmanaged.passRetained(self).toOpaque()
        switch lifetrace_defer_write(retained) {
        case 1: return
        case 2:
            Unmanaged<ByteOutput>.fromOpaque(retained).release()  // already waiting for this thread's write
        default:
            Unmanaged<ByteOutput>.fromOpaque(retained).release()  // not inside emission, or too many outputs
            writeDue()
        }
    }

    /// Writes what is due: every record appended, once the buffer is full or the output writes each record.
    func writeDue() {
        writing.withLock { writeOut(&$0, atLeast: flushesEachRecord ? 1 : Self.bufferLimit) }
    }

    /// Writes the outputs whose buffers filled while the calling thread emitted an event (called by
    /// ``Dispatch`` once the thread has left the emission lock).
    static func writeDeferred() {
        while let next = lifetrace_next_deferred_write() {
            Unmanaged<ByteOutput>.fromOpaque(next).takeRetainedValue().writeDue()
        }
    }

    /// Writes out the buffer now.
    public func flush() {
        writing.withLock { writeOut(&$0, atLeast: 1) }
    }

    /// Writes out the buffer and takes no more records (they are dropped and counted): what a signal
    /// that ends the process does to every output, once it has stopped emission. A write still under
    /// way (another thread's) is waited for until `deadline` (`CLOCK_MONOTONIC` nanoseconds; by
    /// default the write budget and a second from now); past it, the buffer is dropped and counted.
    ///
    /// - Returns: a report when the output lost events, for the caller to print.
    @_spi(Internals) @discardableResult
    public func closeAfterWriting(reason: String, deadline: UInt64? = nil) -> String? {
        let deadline = deadline ?? MonotonicClock.now() &+ UInt64(Self.writeTimeoutMilliseconds + 1_000) * 1_000_000
        while true {
            let written: Void? = writing.withLockIfAvailable { writing in
                writeOut(&writing, atLeast: 1)
                appending.withLock { appended in
                    if appended.statistics.failure == nil { appended.statistics.failure = reason }
                }
            }
            if written != nil { break }
            guard MonotonicClock.now() < deadline else {
                // A write is blocked beyond every budget (a file system that stopped answering):
                // what is buffered is dropped, and said.
                appending.withLock { appended in
                    if appended.statistics.failure == nil { appended.statistics.failure = reason }
                    appended.statistics.dropped += appended.recordEnds.count
                    appended.buffer.removeAll()
                    appended.recordEnds.removeAll(keepingCapacity: true)
                }
                break
            }
            usleep(1_000)
        }
        let statistics = self.statistics
        guard statistics.dropped > 0 else { return nil }
        return "lifetrace: \(label): \(statistics.dropped) of \(statistics.records) events dropped"
    }

    /// What the output has written and dropped so far.
    public var statistics: Statistics {
        appending.withLock { $0.statistics }
    }

    /// Takes every record appended (if they are at least `minimum` bytes) and writes them, holding
    /// the write lock only: records appended meanwhile wait for the next write.
    private func writeOut(_ writing: inout Writing, atLeast minimum: Int) {
        let taken = appending.withLock { appended in
            guard appended.statistics.failure == nil, appended.buffer.count >= max(minimum, 1) else { return false }
            swap(&appended.buffer, &writing.chunk)
            swap(&appended.recordEnds, &writing.chunkEnds)
            return true
        }
        guard taken else { return }
        defer {
            writing.chunk.removeAll()
            writing.chunkEnds.removeAll(keepingCapacity: true)
        }
        var (written, failure) = writing.chunk.withBytes { writing.channel.send($0) }
        if failure != nil, writing.channel.kind == .file {
            written = Self.takeBackPartialRecord(writing.channel.fd, written: written, recordEnds: writing.chunkEnds)
        }
        let report: String? = appending.withLock { appended in
            appended.statistics.bytes += written
            guard let failure else { return nil }
            let first = appended.statistics.failure == nil
            if first { appended.statistics.failure = failure }
            // The records this write did not finish, and those appended meanwhile: none will be written.
            appended.statistics.dropped += writing.chunkEnds.count { $0 > written } + appended.recordEnds.count
            appended.buffer.removeAll()
            appended.recordEnds.removeAll(keepingCapacity: true)
            return first ? "lifetrace: \(label): \(failure); dropping further events" : nil
        }
        if let report { StandardError.report(report) }
    }

    /// A full disk took part of a record: takes it back, so the file ends at a line's end. Only where
    /// this output's writes end the file (a descriptor shared with another writer, or positioned
    /// inside the file, is left alone). Returns the bytes of whole records written.
    private static func takeBackPartialRecord(_ fd: Int32, written: Int, recordEnds: [Int]) -> Int {
        let whole = recordEnds.last { $0 <= written } ?? 0
        guard written > whole else { return written }
        let position = lseek(fd, 0, SEEK_CUR)
        let partial = off_t(written - whole)
        guard position >= partial, position == lseek(fd, 0, SEEK_END), ftruncate(fd, position - partial) == 0 else {
            return written
        }
        _ = lseek(fd, position - partial, SEEK_SET)
        return whole
    }

    /// Ignores `SIGPIPE` once, if nobody has chosen a disposition for it.
    private static let ignoreBrokenPipeSignal: Void = {
        var current = sigaction()
        if sigaction(SIGPIPE, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil {
            signal(SIGPIPE, SIG_IGN)
        }
    }()
}
