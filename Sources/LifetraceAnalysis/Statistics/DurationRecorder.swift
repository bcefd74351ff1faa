import Histogram

/// Durations recorded one at a time, in memory that stops growing: exact up to ``exactLimit``
/// values, then a high-dynamic-range histogram with three significant digits.
///
/// Below the limit ``summary`` is exact (nearest-rank percentiles, as ``DurationSummary`` defines
/// them). Past it, percentiles come from the histogram: each is within 0.1 % of a duration at that
/// rank (HdrHistogram's three significant digits), never above the recorded maximum; count, total
/// and maximum stay exact. The histogram holds about 2 048 counters per power of two of range (a
/// few hundred kilobytes at most), whatever the number of durations.
public struct DurationRecorder: Sendable {
    /// The number of durations kept exactly before the recorder switches to a histogram.
    public static let exactLimit = 16_384

    private var exact: [UInt64] = []
    private var histogram: Histogram<UInt64>?
    /// Whether `histogram` is set, read without touching it: the histogram is a large value of a
    /// generic type of another module, whose every read of the optional (even a test for `nil`) is a
    /// copy through its value witnesses.
    private var usesHistogram = false
    /// How many durations.
    public private(set) var count = 0
    /// Their sum in nanoseconds (saturating at `UInt64.max`).
    public private(set) var total: UInt64 = 0
    /// The longest.
    public private(set) var max: UInt64 = 0

    /// An empty recorder.
    public init() {}

    /// Whether percentiles are exact (no more than ``exactLimit`` durations so far).
    public var isExact: Bool { !usesHistogram }

    /// Records one duration in nanoseconds.
    public mutating func record(_ duration: UInt64) {
        count += 1
        total = total.addingSaturating(duration)
        if duration > max { max = duration }
        if !usesHistogram {
            if exact.count < Self.exactLimit {
                exact.append(duration)
                return
            }
            switchToHistogram()
        }
        recordInHistogram(duration)
    }

    /// Adds `other`'s durations, as if each had been recorded here: exact while both together are
    /// no more than ``exactLimit``, else one histogram of all (the same histogram one recorder of
    /// every duration would hold).
    public mutating func merge(_ other: DurationRecorder) {
        count += other.count
        total = total.addingSaturating(other.total)
        max = Swift.max(max, other.max)
        if !usesHistogram, !other.usesHistogram, exact.count + other.exact.count <= Self.exactLimit {
            exact += other.exact
            return
        }
        if !usesHistogram { switchToHistogram() }
        if let theirs = other.histogram {
            histogram!.add(theirs)
        } else {
            for value in other.exact { recordInHistogram(value) }
        }
    }

    /// Records a duration in the histogram, which is moved out and back rather than changed
    /// through the optional (a copy of the whole histogram each time).
    private mutating func recordInHistogram(_ duration: UInt64) {
        guard var moved = histogram.take() else { return }
        _ = moved.record(duration)
        histogram = consume moved
    }

    /// Moves the exact durations into a histogram, which records every later one.
    private mutating func switchToHistogram() {
        var switched = Histogram<UInt64>(numberOfSignificantValueDigits: .three)
        switched.autoResize = true
        for value in exact { _ = switched.record(value) }
        exact = []
        histogram = switched
        usesHistogram = true
    }

    /// Count, total, percentiles and maximum.
    public var summary: DurationSummary {
        if let histogram {
            func percentile(_ percent: Double) -> UInt64 { Swift.min(histogram.valueAtPercentile(percent), max) }
            return DurationSummary(
                count: count, total: total, p50: percentile(50), p90: percentile(90), p99: percentile(99), max: max)
        }
        var summary = DurationSummary(exact)
        summary.total = total
        return summary
    }
}
