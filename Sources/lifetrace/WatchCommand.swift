#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Internals) import Lifetrace
import LifetraceAnalysis
import LifetraceCTF

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
            on Ctrl-C, printing the final table.

            Exit status: 0 when the watch ended; 1 when the relay or the session cannot be reached.

            Example: lifetrace watch net://localhost/host/$(hostname)/mysession
            """)

    @Argument(help: "The live session: net://HOST[:PORT]/host/HOSTNAME/SESSION.")
    var url: String

    @Option(help: "Seconds between refreshes.")
    var interval: Double = 1

    @Option(help: "Stop after this many seconds (default: when the session ends).")
    var duration: Double?

    @Flag(help: "Wait for the session to be created instead of failing when it does not exist.")
    var wait = false

    func validate() throws {
        guard interval > 0 else { throw ValidationError("--interval must be positive") }
        if let duration, duration <= 0 { throw ValidationError("--duration must be positive") }
    }

    func run() throws {
        let reader = try TraceInput.follow(url, waiting: wait)
        Interruption.install()
        let redraws = isatty(STDOUT_FILENO) == 1
        let output = try TraceOutput("-")
        var accumulator = TraceStatistics.Accumulator(listing: 0)
        var table = WatchTable()
        let clock = ContinuousClock()
        let started = clock.now
        var lastRefresh = started
        var ended = false
        while !ended && !Interruption.requested {
            let result = try TraceInput.exiting { () throws(TraceIssue) in try reader.step() }
            reader.drain { accumulator.add($0) }
            switch result {
            case .end: ended = true
            case .again: usleep(20_000)
            case .events: break
            }
            let now = clock.now
            if let duration, now - started >= .milliseconds(Int64(duration * 1000)) { ended = true }
            if ended || Interruption.requested || now - lastRefresh >= .milliseconds(Int64(interval * 1000)) {
                let text = table.refresh(accumulator.statistics(source: url), interval: (now - lastRefresh).inSeconds)
                output.buffer.appendUTF8((redraws ? "\u{1B}[H\u{1B}[2J" : "") + text + (redraws ? "" : "\n"))
                try output.flush()
                lastRefresh = now
            }
        }
        TraceInput.report(reader)
    }
}
