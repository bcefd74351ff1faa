/// Count, total, percentiles and maximum of a set of durations in nanoseconds.
///
/// Percentiles use the nearest-rank method: the p-th percentile of n sorted values is the value at
/// rank ⌈p/100 × n⌉ (1-based), so it is always one of the measured durations. For 1…10, p50 is 5,
/// p90 is 9 and p99 is 10.
public struct DurationSummary: Sendable, Hashable, Codable {
    /// How many durations.
    public var count: Int
    /// Their sum, in nanoseconds.
    public var total: UInt64
    /// The 50th percentile (the median), in nanoseconds.
    public var p50: UInt64
    /// The 90th percentile, in nanoseconds.
    public var p90: UInt64
    /// The 99th percentile, in nanoseconds.
    public var p99: UInt64
    /// The longest, in nanoseconds.
    public var max: UInt64

    /// Summarises `durations` (in any order); all zero when empty.
    public init<S: Sequence>(_ durations: S) where S.Element == UInt64 {
        let sorted = durations.sorted()
        count = sorted.count
        total = sorted.reduce(0) { $0.addingSaturating($1) }
        p50 = Self.percentile(50, of: sorted)
        p90 = Self.percentile(90, of: sorted)
        p99 = Self.percentile(99, of: sorted)
        max = sorted.last ?? 0
    }

    /// Creates a summary from its values (a ``DurationRecorder``'s, or a test's).
    public init(count: Int, total: UInt64, p50: UInt64, p90: UInt64, p99: UInt64, max: UInt64) {
        self.count = count
        self.total = total
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.max = max
    }

    /// The mean, in nanoseconds (0 when empty).
    public var mean: Double { count == 0 ? 0 : Double(total) / Double(count) }

    /// The nearest-rank `percent`-th percentile of ascending `sorted` values (0 when empty).
    public static func percentile(_ percent: Int, of sorted: [UInt64]) -> UInt64 {
        guard !sorted.isEmpty else { return 0 }
        let rank = (percent * sorted.count + 99) / 100  // ⌈percent × n / 100⌉
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}
