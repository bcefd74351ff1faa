/// All layout passes of a trace together: views per pass and cost per view.
public struct LayoutSummary: Sendable, Hashable, Codable {
    /// The number of passes.
    public var passes: Int
    /// The views laid out by all passes (saturating at `Int.max`).
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
        var accumulator = Accumulator()
        for pass in passes { accumulator.add(pass) }
        self = accumulator.summary
    }

    /// Layout passes summarised one at a time, in bounded memory.
    public struct Accumulator: Sendable {
        private var passes = 0
        private var views = 0
        private var maxViews = 0
        private var durations = DurationRecorder()
        private var solveDurations = DurationRecorder()

        /// No passes yet.
        public init() {}

        /// Adds one pass.
        public mutating func add(_ pass: LayoutPassStatistics) {
            passes += 1
            views = views.addingSaturating(max(pass.views, 0))
            maxViews = max(maxViews, pass.views)
            durations.record(pass.duration)
            if let solve = pass.solveDuration { solveDurations.record(solve) }
        }

        /// Adds the passes `other` was given.
        public mutating func merge(_ other: Accumulator) {
            passes += other.passes
            views = views.addingSaturating(other.views)
            maxViews = max(maxViews, other.maxViews)
            durations.merge(other.durations)
            solveDurations.merge(other.solveDurations)
        }

        /// The summary of the passes added.
        public var summary: LayoutSummary {
            LayoutSummary(
                passes: passes, views: views, durations: durations.summary,
                meanViewsPerPass: passes == 0 ? 0 : Double(views) / Double(passes), maxViewsPerPass: maxViews,
                costPerView: views > 0 ? Double(durations.total) / Double(views) : nil, solveDurations: solveDurations.summary)
        }
    }

    private init(
        passes: Int, views: Int, durations: DurationSummary, meanViewsPerPass: Double, maxViewsPerPass: Int,
        costPerView: Double?, solveDurations: DurationSummary
    ) {
        self.passes = passes
        self.views = views
        self.durations = durations
        self.meanViewsPerPass = meanViewsPerPass
        self.maxViewsPerPass = maxViewsPerPass
        self.costPerView = costPerView
        self.solveDurations = solveDurations
    }
}
