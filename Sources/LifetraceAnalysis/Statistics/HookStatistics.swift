/// The measured durations of one hook (or of one hook of one controller, with `--by-controller`).
public struct HookStatistics: Sendable, Hashable, Codable {
    /// The hook's name, such as `viewDidLoad`.
    public var hook: String
    /// The controller's name when statistics are per controller; `nil` for all controllers together.
    public var controller: String?
    /// The durations of the hook's `end` records.
    public var durations: DurationSummary
    /// The hook's `instant` records (hooks without a duration, such as `willMove`).
    public var instants: Int

    /// Creates the statistics of a hook.
    public init(hook: String, controller: String? = nil, durations: DurationSummary, instants: Int = 0) {
        self.hook = hook
        self.controller = controller
        self.durations = durations
        self.instants = instants
    }
}
