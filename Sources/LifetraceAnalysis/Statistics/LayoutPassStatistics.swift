/// One layout pass (a `layoutPass` `end` record): how many views it laid out and what each cost.
public struct LayoutPassStatistics: Sendable, Hashable, Codable {
    /// The `seq` of the pass's end record.
    public var seq: UInt64
    /// What ran the pass (the window, or a probe's name).
    public var controller: String
    /// The pass's `index`, when the record has one.
    public var index: Int?
    /// The views laid out (the end record's `count`; 0 when absent).
    public var views: Int
    /// The pass's duration in nanoseconds.
    public var duration: UInt64
    /// The time the layout engine spent solving in the pass (its `layoutEngineSolve` intervals),
    /// `nil` when it did not solve.
    public var solveDuration: UInt64?
    /// The rows the solver changed in the pass (the solves' counts).
    public var solveRows: Int?

    /// Creates the statistics of a pass.
    public init(
        seq: UInt64, controller: String, index: Int? = nil, views: Int, duration: UInt64, solveDuration: UInt64? = nil,
        solveRows: Int? = nil
    ) {
        self.seq = seq
        self.controller = controller
        self.index = index
        self.views = views
        self.duration = duration
        self.solveDuration = solveDuration
        self.solveRows = solveRows
    }

    /// Nanoseconds per view laid out (`nil` when the pass laid out no view).
    public var costPerView: Double? { views > 0 ? Double(duration) / Double(views) : nil }
}
