/// The display frames of driven scrolls (`frame` intervals): their cost against their budget,
/// the frames over it (hitches, as Instruments' "Hitches" counts them), and the cells configured.
public struct FrameSummary: Sendable, Hashable, Codable {
    /// The frames' durations.
    public var durations: DurationSummary
    /// The budget of one frame, in nanoseconds (8 333 333 at 120 Hz), from the frames' records;
    /// 0 when none said.
    public var budget: UInt64
    /// How many frames took longer than their budget.
    public var hitches: Int
    /// How many cells the frames configured.
    public var cellsConfigured: Int

    /// The budget a `frame` record's text announces (`… budget 8.333 ms` → 8 333 000 ns), or `nil`.
    package static func budget(in text: String) -> UInt64? { Accumulator.budget(in: text) }

    /// The share of frames over budget, from 0 to 1.
    public var hitchRatio: Double { durations.count == 0 ? 0 : Double(hitches) / Double(durations.count) }

    /// Frames summarised one at a time.
    struct Accumulator {
        private var durations = DurationRecorder()
        private var budget: UInt64 = 0
        private var hitches = 0
        private var cells = 0
        /// The budget each frame in progress announced at its begin, by subject.
        private var open: [UInt: UInt64] = [:]

        /// A frame begins: its text says `budget X ms`.
        mutating func begin(subject: UInt, text: String?) {
            let announced = text.flatMap(Self.budget(in:)) ?? 0
            open[subject] = announced
            if budget == 0 { budget = announced }
        }

        /// A frame ends after `duration` nanoseconds, having configured `cells` cells.
        mutating func end(subject: UInt, duration: UInt64, cells: Int) {
            durations.record(duration)
            self.cells = self.cells.addingSaturating(max(cells, 0))
            let frameBudget = open.removeValue(forKey: subject) ?? budget
            if frameBudget > 0, duration > frameBudget { hitches += 1 }
        }

        /// Adds the frames `other` saw end (a frame `other` has open stays there).
        mutating func merge(_ other: Accumulator) {
            durations.merge(other.durations)
            if budget == 0 { budget = other.budget }
            hitches += other.hitches
            cells = cells.addingSaturating(other.cells)
        }

        var summary: FrameSummary {
            FrameSummary(durations: durations.summary, budget: budget, hitches: hitches, cellsConfigured: cells)
        }

        /// `… budget 8.333 ms` → 8 333 000 ns.
        static func budget(in text: String) -> UInt64? {
            let words = text.split(separator: " ")
            guard let index = words.firstIndex(of: "budget"), index + 1 < words.count else { return nil }
            let number = words[index + 1]
            guard let milliseconds = Double(number), milliseconds > 0, milliseconds < 1e9 else { return nil }
            return UInt64(milliseconds * 1_000_000)
        }
    }
}
