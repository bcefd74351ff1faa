#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Flushes every ``ByteOutput`` when the process is asked to stop (SIGTERM, SIGINT, SIGHUP), then
/// lets the signal do what it would have done: the process ends as if untouched, but with every
/// event written so far in its files.
///
/// A signal handler may only call async-signal-safe functions, and flushing takes locks. So the
/// handler does one thing, `write(2)` of the signal's number to a pipe; a dedicated thread waiting
/// on the pipe stops emission first (it takes the emission lock and keeps it: threads that emit
/// wait, so every sink ends at the same event and nothing is emitted into a closed output), writes
/// out and closes every output, restores the signal's default action and sends the signal again.
/// An `emit` under way is waited for at most the outputs' write budget and a second (every write
/// that waits for a reader gives up within the budget).
/// Signals whose disposition the host already chose are left alone. Opt-in, for programs that
/// want it (the `lifetrace` command line installs it); a library never takes signals by itself.
package enum TerminationFlusher {
    /// The pipe's ends: the handler writes, the flusher thread reads (set once, before any handler
    /// is installed and before the thread starts).
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32 = -1

    private static let installation: Bool = {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        writeEnd = ends[1]
        readEnd = ends[0]
        // A POSIX thread of its own (no Foundation: the core loads none), detached.
        var thread = pthread_t()
        guard
            pthread_create(
                &thread, nil,
                { _ in
                    TerminationFlusher.waitAndFlush()
                    return nil
                }, nil) == 0
        else {
            return false
        }
        _ = pthread_detach(thread)
        for number in [SIGTERM, SIGINT, SIGHUP] {
            var current = sigaction()
            guard sigaction(number, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(TerminationFlusher.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        return true
    }()

    /// The flusher thread: waits for a signal's number on the pipe, flushes every output, then
    /// sends the signal again with its default action.
    private static func waitAndFlush() {
        var number: UInt8 = 0
        while true {
            let count = read(readEnd, &number, 1)
            if count == 1 { break }
            if count < 0 && errno == EINTR { continue }
            return
        }
        if !Dispatch.stopForever(waitingAtMost: UInt32(ByteOutput.writeTimeoutMilliseconds) + 1_000) {
            StandardError.writeLine(
                "lifetrace: an event was still being written after the write budget; closing the outputs anyway")
        }
        ExitFlusher.closeAll(reason: "closed: the process is ending on signal \(number)")
        signal(Int32(number), SIG_DFL)
        kill(getpid(), Int32(number))
        // Process 1 (a container's init) ignores a signal it sends itself with the default action:
        // end as the signal would have, rather than run on with every output closed.
        if getpid() == 1 { _exit(128 + Int32(number)) }
    }

    /// Installs the handlers once; later calls do nothing.
    package static func install() {
        _ = installation
    }
}
