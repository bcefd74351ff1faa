import ArgumentParser
import Lifetrace
import LifetraceAnalysis

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `lifetrace watch URL`: a per-hook table refreshed while a program runs under a live session.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Follow a live LTTng session: a per-hook table (count, p50, p99, max, events/s), refreshed.",
        discussion: """
            URL names a live session served by lttng-relayd: net://HOST[:PORT]/host/HOSTNAME/SESSION \\
            (`lttng create SESSION --live`; `babeltrace2 -i lttng-live net://HOST` lists them). On a \\
            terminal the table is redrawn in place; otherwise each refresh is printed after the last. \\
            The watch ends when the session is destroyed (and its data read), after --duration, or \\
            on Ctrl-C (SIGINT) or SIGTERM, printing the final table; it ends so whatever the relay \\
            does (silent, frozen, lost), within a second.

            Exit status: 0 when the watch ended; 1 when the relay or the session cannot be reached, \\
            the relay never answered, or it was lost before the session ended.

            Several URLs are followed together (a fleet's hosts, each with its session on one relay): \
            their events merge in timestamp order, each host's intervals paired apart; the watch \
            ends when every session has ended.

            Example: lifetrace watch net://localhost/host/$(hostname)/mysession
            """)

    @Argument(help: "The live sessions: net://HOST[:PORT]/host/HOSTNAME/SESSION, one or more.")
    var urls: [String]

    /// The sessions, as one text for messages.
    private var url: String { urls.joined(separator: " ") }

    @Option(help: "Seconds between refreshes.")
    var interval: Double = 1

    @Option(help: "Stop after this many seconds (default: when the session ends).")
    var duration: Double?

    @Flag(help: "Wait for the session to be created instead of failing when it does not exist.")
    var wait = false

    func validate() throws {
        guard !urls.isEmpty else { throw ValidationError("expected a live session's URL") }
        guard interval > 0 else { throw ValidationError("--interval must be positive") }
        if let duration, duration <= 0 { throw ValidationError("--duration must be positive") }
    }

    func run() throws {
        Interruption.install()
        let follow = try LiveFollow(
            urls: urls, missingSession: wait ? .wait : .fail, accumulator: TraceStatistics.Accumulator(listing: 0))
        let redraws = isatty(STDOUT_FILENO) == 1
        let output = try TraceOutput("-")
        var table = WatchTable()
        let clock = ContinuousClock()
        let started = clock.now
        var lastRefresh = started
        var unwritten = false
        func draw() {
            let now = clock.now
            let statistics = follow.withProgress { $0.accumulator.statistics(source: url) }
            let text = table.refresh(statistics, interval: (now - lastRefresh).inSeconds)
            output.buffer.appendUTF8((redraws ? "\u{1B}[H\u{1B}[2J" : "") + text + (redraws ? "" : "\n"))
            do { try output.flush() } catch { unwritten = true }
            lastRefresh = now
        }
        // The reading thread waits on the relay; this one only on the clock, so a relay that stays
        // silent, freezes or dies cannot keep the watch from ending.
        let ending = follow.wait(until: duration.map { started + .milliseconds(Int64($0 * 1000)) }) {
            if clock.now - lastRefresh >= .milliseconds(Int64(interval * 1000)) { draw() }
            return !unwritten  // standard output failed (said once): nothing more to show
        }
        if case .unreachable(let issue) = ending {
            // The relay or the session cannot be reached: nothing to show.
            StandardError.writeLine("lifetrace: \(issue)")
            throw follow.finish(status: 1)
        }
        if !unwritten { draw() }
        if let explanation = follow.explanation(of: ending) { StandardError.writeLine(explanation) }
        TraceInput.report(follow.withProgress { $0.summary }, source: url)
        switch ending {
        case .ended, .requested: throw follow.finish(status: unwritten ? 1 : 0)
        case .unanswered, .lost, .unreachable: throw follow.finish(status: 1)
        }
    }
}
