#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A descriptor that an output writes to, and the way to write to it without waiting for a reader
/// for longer than ``budgetMilliseconds``, whatever the descriptor is:
///
/// - a pipe or FIFO is polled for room (up to the budget), then written at most `PIPE_BUF` at a
///   time, which a pipe that polls writable always takes whole;
/// - a socket (a Unix or TCP connection) is sent to without blocking (`MSG_DONTWAIT`), waiting up
///   to the budget for room when its buffer is full;
/// - a terminal gets a descriptor of its own, opened non-blocking on the same terminal (a blocking
///   write to a terminal waits until all of it fits, however little room the reader left, and the
///   shared descriptor's flags belong to the shell too), and waits up to the budget for room;
/// - a regular file or another device is written plainly.
struct OutputChannel: Sendable {
    /// What the descriptor is, which decides how a write avoids blocking the host for ever.
    enum Kind: Sendable {
        case pipe
        case socket
        case terminal
        /// A regular file (whose last partial record a failed write takes back).
        case file
        case device
    }

    /// How long a write may wait for a reader before it gives up.
    static let budgetMilliseconds: Int32 = 2_000
    /// The most written at once to a terminal that could not be reopened non-blocking, after it
    /// polls writable (the line discipline wakes writers when fewer than 256 bytes wait).
    static let terminalChunk = 256

    /// The descriptor written to: the one given, or a terminal's own non-blocking one.
    let fd: Int32
    let kind: Kind
    /// Whether writes to `fd` return at once when it has no room (a terminal's own descriptor).
    private let nonBlocking: Bool

    /// The channel of `descriptor`; a terminal's is a new descriptor, which the caller closes when
    /// it differs from `descriptor`.
    init(_ descriptor: Int32) {
        var information = stat()
        var kind = Kind.device
        if fstat(descriptor, &information) == 0 {
            switch information.st_mode & S_IFMT {
            case S_IFIFO: kind = .pipe
            case S_IFSOCK: kind = .socket
            case S_IFREG: kind = .file
            default: kind = isatty(descriptor) == 1 ? .terminal : .device
            }
        }
        self.kind = kind
        let own = kind == .terminal ? Self.reopenNonBlocking(descriptor) : -1
        self.fd = own >= 0 ? own : descriptor
        self.nonBlocking = own >= 0
    }

    /// A second, non-blocking descriptor on the terminal `descriptor` names, or -1. (Not a
    /// pseudo-terminal's master side: opening `/dev/ptmx` again would make a new terminal.)
    private static func reopenNonBlocking(_ descriptor: Int32) -> Int32 {
        var name = [CChar](repeating: 0, count: 4096)
        guard ttyname_r(descriptor, &name, name.count) == 0 else { return -1 }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !path.hasSuffix("ptmx") else { return -1 }
        return open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    }

    /// Writes `bytes`; returns how many were written and, when it stopped short, why.
    func send(_ bytes: UnsafeRawBufferPointer) -> (written: Int, failure: String?) {
        guard let base = bytes.baseAddress else { return (0, nil) }
        var offset = 0
        // The budget runs from the last write that made progress: a reader that takes a byte now
        // and then keeps the output going; one that stopped for the budget ends it.
        var deadline = Self.deadline()
        while offset < bytes.count {
            var length = bytes.count - offset
            if kind == .pipe || (kind == .terminal && !nonBlocking) {
                // A pipe that polls writable has a free slot, which always holds PIPE_BUF bytes:
                // a write of at most that much cannot block. A terminal that polls writable takes
                // a small chunk.
                switch Self.waitForRoom(fd, until: deadline) {
                case .interrupted: continue
                case .timedOut: return (offset, Self.timedOut)
                case .ready: break
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
                ? Glibc.send(fd, base + offset, length, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                : Glibc.write(fd, base + offset, length)
            if written > 0 {
                offset += written
                deadline = Self.deadline()
                continue
            }
            guard written < 0 else { return (offset, "write failed: the descriptor took nothing") }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                switch Self.waitForRoom(fd, until: deadline) {
                case .interrupted, .ready: continue
                case .timedOut: return (offset, Self.timedOut)
                }
            }
            return (offset, "write failed: \(SystemError.describe(code)) (errno \(code))")
        }
        return (offset, nil)
    }

    private static let timedOut = "the reader has not read for \(budgetMilliseconds) ms"

    private enum Room { case ready, interrupted, timedOut }

    /// The end of the budget from now, in `CLOCK_MONOTONIC` nanoseconds.
    private static func deadline() -> UInt64 {
        MonotonicClock.now() &+ UInt64(budgetMilliseconds) * 1_000_000
    }

    /// Waits until `fd` has room, at most until `deadline`.
    private static func waitForRoom(_ fd: Int32, until deadline: UInt64) -> Room {
        let now = MonotonicClock.now()
        guard now < deadline else { return .timedOut }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&descriptor, 1, Int32((deadline - now + 999_999) / 1_000_000))
        if ready < 0 && errno == EINTR { return .interrupted }
        // An error or a hang-up polls ready too: the write that follows reports it.
        return ready > 0 ? .ready : .timedOut
    }
}
