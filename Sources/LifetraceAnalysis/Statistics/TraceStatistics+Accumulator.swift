import Lifetrace

extension TraceStatistics {
    /// Statistics built one event at a time, in bounded memory.
    ///
    /// Several accumulators combine in two ways: ``merge(_:)`` when each was given a share of the
    /// events by subject (every event of a window in one of them), ``append(_:)`` when each was
    /// given a stretch of the trace in order (the parts of a file read at once); the second kind is
    /// made by ``continuation()``.
    public struct Accumulator: Sendable {
        private struct Key: Hashable {
            var hook: Hook
            var controller: String?
        }

        private struct Row {
            var durations = DurationRecorder()
            var instants = 0

            mutating func merge(_ other: Row) {
                durations.merge(other.durations)
                instants += other.instants
            }
        }

        /// A pass or a transition listed one by one, with the time of its end: the order in which
        /// one reader of the trace meets them (a CTF reader merges its streams by time).
        private struct Listed<Item: Sendable>: Sendable {
            var time: UInt64
            var item: Item
        }

        /// A window's first layout pass in a continuation: what it adds up to depends on the solves
        /// the stretch before left open (``append(_:)``). `listed`: its place in ``passes``, where it
        /// waits without its solves.
        private struct PendingPass: Sendable {
            var window: UInt
            var pass: LayoutPassStatistics
            var listed: Int?
        }

        /// Whether rows are per controller and hook.
        public let byController: Bool
        /// The most layout passes and transitions listed one by one.
        public let listing: Int
        private var rows: [Key: Row] = [:]
        /// The rows of the well-known hooks when rows are per hook, by code (an event's row is then
        /// found without hashing); empty until the first.
        private var wellKnownRows: [Row?] = []
        private var spans: [String: Row] = [:]
        private var events = 0
        private var passes: [Listed<LayoutPassStatistics>] = []
        private var layout = LayoutSummary.Accumulator()
        private var transitions: [Listed<TransitionStatistics>] = []
        private var transitionDurations = DurationRecorder()
        private var frames = FrameSummary.Accumulator()
        /// The solves of the engine since the current pass of each window began: time and rows.
        private var solving: [UInt: (duration: UInt64, rows: Int)] = [:]
        /// Whether the events continue a stretch given to another accumulator (``continuation()``).
        private var continues = false
        /// In a continuation, the windows whose pass ended here: their solves since are this one's.
        private var passEnded: Set<UInt> = []
        /// In a continuation, the solves of each window before its first pass here, added up (they
        /// all come before that pass, and sums do not depend on order): memory as ``solving``'s.
        private var pendingSolves: [UInt: (duration: UInt64, rows: Int)] = [:]
        /// In a continuation, each window's first pass here, in order.
        private var pendingPasses: [PendingPass] = []

        /// An empty accumulator; `listing` bounds the passes and transitions listed one by one.
        public init(byController: Bool = false, listing: Int = .max) {
            self.byController = byController
            self.listing = max(listing, 0)
        }

        /// An empty accumulator like this one for the events that follow the ones given to this one,
        /// added elsewhere (another thread reading the next part of the file), and then appended to
        /// it with ``append(_:)``: the statistics are those of all the events added in order.
        public func continuation() -> Accumulator {
            var next = Accumulator(byController: byController, listing: listing)
            next.continues = true
            next.frames = FrameSummary.Accumulator(continuing: true)
            return next
        }

        /// A span end's final name: its `name` field when it was renamed, else its subject's.
        static func finalName(of event: Event) -> String {
            event.details.fields?.first { $0.key == "name" }?.value.string ?? event.subject.name
        }

        /// Changes the row of `hook` (and of `controller`, when rows are per controller).
        private mutating func withRow(_ hook: Hook, _ controller: String?, _ change: (inout Row) -> Void) {
            guard !byController, hook.isWellKnown else {
                change(&rows[Key(hook: hook, controller: byController ? controller : nil), default: Row()])
                return
            }
            if wellKnownRows.isEmpty { wellKnownRows = Array(repeating: nil, count: Hook.wellKnown.count) }
            let code = Int(hook.code)
            if wellKnownRows[code] == nil { wellKnownRows[code] = Row() }
            change(&wellKnownRows[code]!)
        }

        /// Every row with its key.
        private var keyedRows: [(key: Key, value: Row)] {
            Array(rows)
                + wellKnownRows.enumerated().compactMap { code, row in
                    row.map { (Key(hook: Hook.wellKnown[code], controller: nil), $0) }
                }
        }

        /// Adds one event.
        public mutating func add(_ event: Event) {
            events += 1
            switch event.phase {
            case .begin:
                if event.hook == .displayFrame { frames.begin(subject: event.subject.id, text: event.details.text) }
                return
            case .instant:
                withRow(event.hook, event.subject.name) { $0.instants += 1 }
                if event.hook == .span { spans[event.subject.name, default: Row()].instants += 1 }
            case .end:
                // An end without a duration (its begin predates the trace) tells no time: leave it
                // out rather than count it as 0 ns.
                guard let duration = event.duration else { return }
                // A span renamed while it ran (a server names it by its route once routed) ends
                // with its final name as a `name` field (JSON lines) or as its subject (LTTng):
                // grouped by that name either way.
                let name = event.hook == .span ? Self.finalName(of: event) : event.subject.name
                withRow(event.hook, name) { $0.durations.record(duration) }
                if event.hook == .span {
                    spans[name, default: Row()].durations.record(duration)
                } else if event.hook == .layoutEngineSolve {
                    solve(window: event.subject.id, duration: duration, rows: max(event.details.count ?? 0, 0))
                } else if event.hook == .layoutPass {
                    endPass(
                        window: event.subject.id,
                        LayoutPassStatistics(
                            seq: event.seq, controller: event.subject.name, index: event.details.index,
                            views: max(event.details.count ?? 0, 0), duration: duration, solveDuration: nil, solveRows: nil),
                        at: event.timestamp)
                } else if event.hook == .displayFrame {
                    frames.end(subject: event.subject.id, duration: duration, cells: event.details.count ?? 0)
                } else if event.hook == .transition {
                    transitionDurations.record(duration)
                    if transitions.count < listing {
                        transitions.append(
                            Listed(
                                time: event.timestamp,
                                item: TransitionStatistics(
                                    seq: event.seq, controller: event.subject.name, target: event.details.target?.name,
                                    kind: event.details.text, animated: event.details.animated, duration: duration)))
                    }
                }
            }
        }

        /// A solve of `window`'s engine, counted in its next pass.
        private mutating func solve(window: UInt, duration: UInt64, rows: Int) {
            let waits = continues && !passEnded.contains(window)
            let sum = (waits ? pendingSolves[window] : solving[window]) ?? (0, 0)
            let total = (sum.duration.addingSaturating(duration), sum.rows.addingSaturating(rows))
            if waits { pendingSolves[window] = total } else { solving[window] = total }
        }

        /// The end of a pass of `window` at `time`, with the solves since the one before.
        private mutating func endPass(window: UInt, _ pass: LayoutPassStatistics, at time: UInt64) {
            let listed = passes.count < listing ? passes.count : nil
            if listed != nil { passes.append(Listed(time: time, item: pass)) }
            if continues, passEnded.insert(window).inserted {
                pendingPasses.append(PendingPass(window: window, pass: pass, listed: listed))
                return
            }
            let counted = count(pass, of: window)
            if let listed { passes[listed].item = counted }
        }

        /// Counts a pass of `window` with the solves since the one before; returns it with them.
        private mutating func count(_ pass: LayoutPassStatistics, of window: UInt) -> LayoutPassStatistics {
            var pass = pass
            if let solve = solving.removeValue(forKey: window) { (pass.solveDuration, pass.solveRows) = solve }
            layout.add(pass)
            return pass
        }

        /// Adds the events `other` was given, as if they had been added here: the accumulators of
        /// several readers of one trace, each given its own share of the events (`lifetrace stats
        /// --jobs`), merge into the statistics of the whole. Listed passes and transitions are the
        /// first of both in time (then by `seq`), as one reader of the trace lists them.
        public mutating func merge(_ other: Accumulator) {
            mergeCounts(other)
            passes = earliest(passes + other.passes, seq: \.seq)
            transitions = earliest(transitions + other.transitions, seq: \.seq)
            frames.merge(other.frames)
        }

        /// The first ``listing`` of `items` in time, then by `seq`.
        private func earliest<Item>(_ items: [Listed<Item>], seq: KeyPath<Item, UInt64>) -> [Listed<Item>] {
            Array(items.sorted { ($0.time, $0.item[keyPath: seq]) < ($1.time, $1.item[keyPath: seq]) }.prefix(listing))
        }

        /// Adds the events given to `later`, a ``continuation()`` of this accumulator (or of the last
        /// one appended to it), as if they had been added here after this one's: a window's first
        /// pass in `later` counts the solves this one left open, a frame's end the budget its begin
        /// here announced, and passes and transitions are listed in trace order. For an accumulator
        /// that is not a continuation, ``merge(_:)``.
        public mutating func append(_ later: Accumulator) {
            guard later.continues else { return merge(later) }
            var laterPasses = later.passes
            let offset = passes.count
            // A window's solves before its first pass in `later` come before that pass: added first.
            for (window, sum) in later.pendingSolves { solve(window: window, duration: sum.duration, rows: sum.rows) }
            for pending in later.pendingPasses {
                if continues, passEnded.insert(pending.window).inserted {
                    // Still waiting, for the stretch before this one.
                    let place = pending.listed.map { offset + $0 }.flatMap { $0 < listing ? $0 : nil }
                    pendingPasses.append(PendingPass(window: pending.window, pass: pending.pass, listed: place))
                } else {
                    let counted = count(pending.pass, of: pending.window)
                    if let listed = pending.listed { laterPasses[listed].item = counted }
                }
            }
            // A window whose pass ended in `later`: what it has open now is what `later` saw since.
            for window in later.passEnded { solving[window] = later.solving[window] }
            mergeCounts(later)
            passes = Array((passes + laterPasses).prefix(listing))
            transitions = Array((transitions + later.transitions).prefix(listing))
            frames.append(later.frames)
        }

        /// What ``merge(_:)`` and ``append(_:)`` add alike: the counts that do not depend on order.
        private mutating func mergeCounts(_ other: Accumulator) {
            events += other.events
            for (key, row) in other.keyedRows { withRow(key.hook, key.controller) { $0.merge(row) } }
            for (name, row) in other.spans { spans[name, default: Row()].merge(row) }
            layout.merge(other.layout)
            transitionDurations.merge(other.transitionDurations)
        }

        /// The statistics of the events added; `issues` counts the lines that could not be read.
        /// (A continuation's own: as if no event came before its first.)
        public func statistics(source: String, issues: Int = 0) -> TraceStatistics {
            if continues {
                var alone = Accumulator(byController: byController, listing: listing)
                alone.append(self)
                return alone.statistics(source: source, issues: issues)
            }
            let hooks = keyedRows.map { key, row in
                HookStatistics(
                    hook: key.hook.name, controller: key.controller, durations: row.durations.summary, instants: row.instants)
            }.sorted(by: Self.slowestFirst)
            let spans = spans.map { name, row in
                HookStatistics(hook: Hook.span.name, controller: name, durations: row.durations.summary, instants: row.instants)
            }.sorted(by: Self.slowestFirst)
            return TraceStatistics(
                source: source, events: events, issues: issues, byController: byController, hooks: hooks, spans: spans,
                layoutPasses: passes.map(\.item), layout: layout.summary, transitions: transitions.map(\.item),
                transitionDurations: transitionDurations.summary, frames: frames.summary)
        }

        private static func slowestFirst(_ a: HookStatistics, _ b: HookStatistics) -> Bool {
            if a.durations.total != b.durations.total { return a.durations.total > b.durations.total }
            if a.instants != b.instants { return a.instants > b.instants }
            if a.hook != b.hook { return a.hook < b.hook }
            return (a.controller ?? "") < (b.controller ?? "")
        }
    }
}
