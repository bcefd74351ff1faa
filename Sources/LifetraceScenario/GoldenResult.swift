/// The outcome of comparing a recorded trace with a ``GoldenTrace``.
public struct GoldenResult: Sendable, Hashable {
    /// Whether the trace matches the expectation.
    public var passed: Bool
    /// The expected lines (`CONTROLLER EVENT [TARGET]`), in the golden file's order.
    public var expected: [String]
    /// The kept records of the trace, printed the same way, in emission order.
    public var actual: [String]
    /// A readable account of the difference (the first differing position, then a unified-style
    /// diff with `-expected` and `+actual` lines and their numbers); empty when the trace passes.
    public var report: String
    /// The 0-based position of the first difference in ``expected`` and ``actual`` (in `set` mode:
    /// the first expected line that is missing, or else the position of the first unexpected
    /// actual line); `nil` when the trace passes.
    public var firstDifference: Int?

    /// Creates a result.
    public init(passed: Bool, expected: [String], actual: [String], report: String, firstDifference: Int? = nil) {
        self.passed = passed
        self.expected = expected
        self.actual = actual
        self.report = report
        self.firstDifference = firstDifference
    }
}
