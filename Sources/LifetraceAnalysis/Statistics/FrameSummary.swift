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
        /// A frame that ended in a continuation with no begin there: whether it went over budget
        /// depends on what the stretch before announced (``append(_:)``).
        private struct PendingEnd {
            /// The frame's subject, for the first such end of a subject (its begin may be in the
            /// stretch before); `nil` for the others (their budget is the trace's first).
            var subject: UInt?
            var duration: UInt64
            /// The budget this accumulator had seen announced first when the frame ended (0: none).
            var budgetThen: UInt64
        }

        private var durations = DurationRecorder()
        private var budget: UInt64 = 0
        private var hitches = 0
        private var cells = 0
        /// The budget each frame in progress announced at its begin, by subject.
        private var open: [UInt: UInt64] = [:]
        /// Whether the frames continue a stretch given to another accumulator.
        private let continues: Bool
        /// In a continuation, the subjects a frame of began or ended here.
        private var seen: Set<UInt> = []
        /// In a continuation, the ends to judge against the stretch before, in order: at most
        /// ``mostPending`` (a frame ends with no begin only where a trace was cut or lost records,
        /// so memory stays bounded); past them, a frame is judged against the budget announced in
        /// its own stretch, which differs from one reader's only if the stretch before announced
        /// another first.
        private var pending: [PendingEnd] = []
        static let mostPending = 1 << 16

        /// No frames yet; `continuing`: the events follow others, appended with ``append(_:)``.
        init(continuing: Bool = false) {
            continues = continuing
        }

        /// A frame begins: its text says `budget X ms`.
        mutating func begin(subject: UInt, text: String?) {
            let announced = text.flatMap(Self.budget(in:)) ?? 0
            open[subject] = announced
            if continues { seen.insert(subject) }
            if budget == 0 { budget = announced }
        }

        /// A frame ends after `duration` nanoseconds, having configured `cells` cells.
        mutating func end(subject: UInt, duration: UInt64, cells: Int) {
            durations.record(duration)
            self.cells = self.cells.addingSaturating(max(cells, 0))
            judge(subject: subject, duration: duration, fallback: budget)
        }

        /// Counts a hitch if the frame went over its budget: the one its begin announced, else
        /// `fallback` (the trace's first); in a continuation, a frame with no begin here waits.
        private mutating func judge(subject: UInt?, duration: UInt64, fallback: UInt64) {
            if let subject, let announced = open.removeValue(forKey: subject) {
                if announced > 0, duration > announced { hitches += 1 }
                return
            }
            if continues {
                // Seen either way: a begin the stretch before left open for it is spent.
                let first = subject.map { seen.insert($0).inserted } ?? false
                if pending.count < Self.mostPending {
                    pending.append(PendingEnd(subject: first ? subject : nil, duration: duration, budgetThen: fallback))
                    return
                }
            }
            if fallback > 0, duration > fallback { hitches += 1 }
        }

        /// Adds the frames `other` saw end (a frame `other` has open stays there).
        mutating func merge(_ other: Accumulator) {
            durations.merge(other.durations)
            if budget == 0 { budget = other.budget }
            hitches += other.hitches
            cells = cells.addingSaturating(other.cells)
        }

        /// Adds the frames of `later`, which continues this one's stretch of the trace: its ends
        /// with no begin there are judged against the begins open here and this one's budget.
        mutating func append(_ later: Accumulator) {
            for end in later.pending {
                judge(subject: end.subject, duration: end.duration, fallback: budget != 0 ? budget : end.budgetThen)
            }
            for subject in later.seen { open[subject] = later.open[subject] }
            if continues { seen.formUnion(later.seen) }
            merge(later)
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
