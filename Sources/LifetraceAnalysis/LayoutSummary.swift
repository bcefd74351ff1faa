/// All layout passes of a trace together: views per pass and cost per view.
public struct LayoutSummary: Sendable, Hashable, Codable {
    /// The number of passes.
    public var passes: Int
    /// The views laid out by all passes.
    public var views: Int
    /// The durations of the passes.
    public var durations: DurationSummary
    /// Views per pass: the mean (0 without passes).
    public var meanViewsPerPass: Double
    /// Views per pass: the most.
    public var maxViewsPerPass: Int
    /// Nanoseconds per view laid out over all passes (total duration / total views; `nil` without views).
    public var costPerView: Double?
    /// The engine's solving time in the passes that solved.
    public var solveDurations: DurationSummary

    /// Summarises `passes`.
    public init(_ passes: [LayoutPassStatistics]) {
        self.passes = passes.count
        views = passes.reduce(0) { $0 + $1.views }
        durations = DurationSummary(passes.map(\.duration))
        meanViewsPerPass = passes.isEmpty ? 0 : Double(views) / Double(passes.count)
        maxViewsPerPass = passes.map(\.views).max() ?? 0
        costPerView = views > 0 ? Double(durations.total) / Double(views) : nil
        solveDurations = DurationSummary(passes.compactMap(\.solveDuration))
    }
}
