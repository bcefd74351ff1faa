#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The table `lifetrace watch` refreshes while a live session runs: per hook the count, p50, p99
/// and maximum of its durations so far, and its events per second since the last refresh.
public struct WatchTable: Sendable {
    private var previousCounts: [String: Int] = [:]

    /// A table with no refresh yet (the first rates count from the start).
    public init() {}

    /// The table of `statistics`, `interval` seconds after the last refresh; remembers the counts
    /// for the next rates.
    public mutating func refresh(_ statistics: TraceStatistics, interval: Double) -> String {
        var rows: [[String]] = [["hook", "count", "p50", "p99", "max", "events/s"]]
        var counts: [String: Int] = [:]
        for hook in statistics.hooks {
            let events = hook.durations.count + hook.instants
            counts[hook.hook] = events
            let rate = interval > 0 ? Double(events - (previousCounts[hook.hook] ?? 0)) / interval : 0
            let times =
                hook.durations.count > 0
                ? [hook.durations.p50, hook.durations.p99, hook.durations.max].map(DurationText.format) : ["-", "-", "-"]
            rows.append([hook.hook, "\(events)"] + times + [DurationText.fixed(rate, decimals: 0)])
        }
        previousCounts = counts
        var out = "\(statistics.source): \(statistics.events) events\n"
        out += statistics.hooks.isEmpty ? "  no hooks yet\n" : TextTable.render(rows, leftAligned: 1)
        return out
    }
}
