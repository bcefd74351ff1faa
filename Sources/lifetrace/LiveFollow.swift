import ArgumentParser
import Lifetrace
import LifetraceAnalysis
import LifetraceCTF
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Follows a live session on a POSIX thread of its own, building statistics as events arrive, so
/// that the command's own thread stays free to end on SIGINT, SIGTERM or `--duration` whatever the
/// relay does.
///
/// babeltrace2's live source blocks in the relay's socket while it connects, attaches and reads: a
/// relay that accepts and stays silent, or one frozen by SIGSTOP, would hold a thread that reads it
/// for good. Here only the reading thread waits on the relay; the command's thread polls what it
/// has built (``withProgress(_:)``), and when the command ends while the reading thread is still
/// blocked, ``finish(status:)`` ends the process without waiting for it.
final class LiveFollow: Sendable {
    /// Where the reading stands.
    enum Phase: Sendable {
        /// Connecting to the relay (babeltrace2's live source connects and shakes hands in its first step).
        case connecting
        /// Connected: the session's events arrive (or, with `--wait`, the session is waited for).
        case reading
        /// The session ended and every event of it was read.
        case ended
        /// The relay could not be reached, refused the session, or was lost while reading.
        case failed(TraceIssue)
    }

    /// What the reading thread has built so far, read under the lock.
    struct Progress: Sendable {
        var phase = Phase.connecting
        var accumulator: TraceStatistics.Accumulator
        var summary = TraceReadSummary()
        /// Whether the relay ever answered (a failure after it is a lost relay).
        var connected = false
    }

    /// How following ended, as the command's thread sees it.
    enum Ending: Sendable {
        /// The session ended and was read whole.
        case ended
        /// A signal (``Interruption``), the command's deadline or the command itself asked it to stop.
        case requested
        /// The same, before the relay ever answered.
        case unanswered
        /// The relay was lost (killed, or the connection cut) after it answered.
        case lost(TraceIssue)
        /// The relay could not be reached, or refused the session.
        case unreachable(TraceIssue)
    }

    /// The sessions' URLs (one, or a fleet's hosts' sessions), as one text for messages.
    let url: String
    private let urls: [String]
    private let missingSession: CTFTraceReader.MissingSession
    private let progress: Mutex<Progress>
    /// Whether the reading thread has returned (it no longer touches babeltrace2).
    private let returned = Atomic<Bool>(false)

    /// Starts following the sessions at `urls` (merged in timestamp order) on a thread of its own,
    /// adding each event to `accumulator`.
    ///
    /// - Throws: `ExitCode.failure` after a message when no thread can be started.
    init(urls: [String], missingSession: CTFTraceReader.MissingSession, accumulator: TraceStatistics.Accumulator) throws {
        self.urls = urls
        self.url = urls.joined(separator: " ")
        self.missingSession = missingSession
        self.progress = Mutex(Progress(accumulator: accumulator))
        // Retained for the thread, which releases it when it returns.
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(
            &thread, nil,
            { context in
                let follow = Unmanaged<LiveFollow>.fromOpaque(context!).takeRetainedValue()
                follow.read()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<LiveFollow>.fromOpaque(context).release()
            StandardError.writeLine(
                "lifetrace: \(url): cannot start a thread to read the session: \(SystemError.describe(status))")
            throw ExitCode.failure
        }
        pthread_detach(thread)
    }

    /// Runs `body` with what has been read so far, under the lock the reading thread takes per batch.
    func withProgress<R>(_ body: (inout Progress) -> R) -> R {
        progress.withLock { body(&$0) }
    }

    /// The reading thread: opens the session, then steps babeltrace2's graph until the session
    /// ends or the relay fails, handing each batch to the accumulator.
    private func read() {
        defer { returned.store(true, ordering: .releasing) }
        let reader: CTFTraceReader
        do {
            reader = try CTFTraceReader(liveURLs: urls, missingSession: missingSession)
        } catch {
            progress.withLock { $0.phase = .failed(error) }
            return
        }
        while true {
            let result: CTFTraceReader.StepResult
            do {
                result = try reader.step()
            } catch {
                progress.withLock { progress in
                    reader.drain { progress.accumulator.add($0) }
                    progress.summary = reader.summary
                    progress.phase = .failed(error)
                }
                return
            }
            progress.withLock { progress in
                reader.drain { progress.accumulator.add($0) }
                progress.summary = reader.summary
                // The first step connects to the relay: once it returns, the relay has answered.
                progress.connected = true
                if case .end = result { progress.phase = .ended } else { progress.phase = .reading }
            }
            switch result {
            case .end: return
            case .again: usleep(20_000)  // a live session with no new data yet
            case .events: break
            }
        }
    }

    /// Waits until the session ends, the relay fails, a signal asks the command to stop
    /// (``Interruption``), `deadline` passes or `tick` returns `false`, checking every 20 ms; calls
    /// `tick` at each check once the relay has answered (where `watch` redraws its table when due).
    func wait(until deadline: ContinuousClock.Instant?, tick: () -> Bool = { true }) -> Ending {
        while true {
            let (phase, connected) = withProgress { ($0.phase, $0.connected) }
            switch phase {
            case .ended: return .ended
            case .failed(let issue): return connected ? .lost(issue) : .unreachable(issue)
            case .connecting, .reading: break
            }
            if Interruption.requested || deadline.map({ ContinuousClock.now >= $0 }) == true {
                return connected ? .requested : .unanswered
            }
            if connected, !tick() { return .requested }
            usleep(20_000)
        }
    }

    /// The line that says why following ended early, if it did.
    func explanation(of ending: Ending) -> String? {
        switch ending {
        case .ended, .requested: nil
        case .unanswered: "lifetrace: \(url): the relay has not answered (it accepted the connection); ended before it did"
        case .lost(let issue), .unreachable(let issue): "lifetrace: \(issue)"
        }
    }

    /// Ends the command with `status`: returns it as an exit code when the reading thread has
    /// returned; otherwise (it is blocked in the relay's socket) ends the process at once, as
    /// nothing is left to write: the command wrote its output and reports before calling this.
    func finish(status: Int32) -> ExitCode {
        guard returned.load(ordering: .acquiring) else { _exit(status) }
        return ExitCode(status)
    }
}
