import Foundation
import Lifetrace

/// The statistics of a trace: per hook (or per controller and hook) the count, total, p50, p90,
/// p99 and maximum of the durations of its `end` records; the layout passes with their views and
/// cost per view; the transitions with their durations.
///
/// ```swift
/// let statistics = TraceStatistics(try TraceReader.read(path: "run.jsonl"), byController: true)
/// print(statistics.table())
/// ```
public struct TraceStatistics: Sendable, Hashable, Codable {
    /// Where the trace came from.
    public var source: String
    /// The valid events read.
    public var events: Int
    /// The lines that could not be read (see ``Trace/issues``).
    public var issues: Int
    /// Whether ``hooks`` is per controller and hook.
    public var byController: Bool
    /// Per hook (and controller), the slowest total first.
    public var hooks: [HookStatistics]
    /// Every layout pass, in trace order.
    public var layoutPasses: [LayoutPassStatistics]
    /// The layout passes together.
    public var layout: LayoutSummary
    /// Every transition, in trace order.
    public var transitions: [TransitionStatistics]
    /// The durations of all transitions.
    public var transitionDurations: DurationSummary

    /// Computes the statistics of `trace`; `byController` splits each hook by controller name.
    public init(_ trace: Trace, byController: Bool = false) {
        struct Key: Hashable {
            var hook: String
            var controller: String?
        }
        var durations: [Key: [UInt64]] = [:]
        var instants: [Key: Int] = [:]
        var passes: [LayoutPassStatistics] = []
        var transitions: [TransitionStatistics] = []
        // The solves of the engine since the current pass of each window began: time and rows.
        var solving: [UInt: (duration: UInt64, rows: Int)] = [:]
        for event in trace.events {
            let key = Key(hook: event.hook.name, controller: byController ? event.subject.name : nil)
            switch event.phase {
            case .begin:
                continue
            case .instant:
                instants[key, default: 0] += 1
            case .end:
                // An end without a duration (its begin predates the trace) tells no time: leave it
                // out rather than count it as 0 ns.
                guard let duration = event.duration else { continue }
                durations[key, default: []].append(duration)
                if event.hook == .layoutEngineSolve {
                    let sum = solving[event.subject.id] ?? (0, 0)
                    let (total, overflow) = sum.duration.addingReportingOverflow(duration)
                    solving[event.subject.id] = (overflow ? .max : total, sum.rows &+ (event.details.count ?? 0))
                } else if event.hook == .layoutPass {
                    let solve = solving.removeValue(forKey: event.subject.id)
                    passes.append(LayoutPassStatistics(
                        seq: event.seq, controller: event.subject.name, index: event.details.index,
                        views: event.details.count ?? 0, duration: duration, solveDuration: solve?.duration,
                        solveRows: solve?.rows))
                } else if event.hook == .transition {
                    transitions.append(TransitionStatistics(
                        seq: event.seq, controller: event.subject.name, target: event.details.target?.name,
                        kind: event.details.text, animated: event.details.animated, duration: duration))
                }
            }
        }
        let keys = Set(durations.keys).union(instants.keys)
        hooks = keys.map { key in
            HookStatistics(
                hook: key.hook, controller: key.controller,
                durations: DurationSummary(durations[key] ?? []), instants: instants[key] ?? 0)
        }.sorted { a, b in
            if a.durations.total != b.durations.total { return a.durations.total > b.durations.total }
            if a.instants != b.instants { return a.instants > b.instants }
            if a.hook != b.hook { return a.hook < b.hook }
            return (a.controller ?? "") < (b.controller ?? "")
        }
        source = trace.source
        events = trace.events.count
        issues = trace.issues.count
        self.byController = byController
        layoutPasses = passes
        layout = LayoutSummary(passes)
        self.transitions = transitions
        transitionDurations = DurationSummary(transitions.map(\.duration))
    }

    /// The statistics as pretty-printed JSON (snake-case keys, durations in nanoseconds).
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The statistics as tables a human reads; at most `maxRows` layout passes and transitions are
    /// listed one by one (the summaries cover all).
    public func table(maxRows: Int = 20) -> String {
        var out = "\(source): \(events) events" + (issues > 0 ? ", \(issues) unreadable line\(issues == 1 ? "" : "s")" : "") + "\n"
        if hooks.isEmpty {
            out += "\nno hooks\n"
        } else {
            out += "\nHooks" + (byController ? " by controller" : "") + " (durations of end records; slowest total first)\n"
            var rows: [[String]] = [
                (byController ? ["controller"] : []) + ["hook", "count", "total", "p50", "p90", "p99", "max", "instants"]
            ]
            for hook in hooks {
                let d = hook.durations
                let times = d.count > 0 ? [d.total, d.p50, d.p90, d.p99, d.max].map(DurationText.format) : ["-", "-", "-", "-", "-"]
                rows.append(
                    (byController ? [hook.controller ?? ""] : []) + [hook.hook, "\(d.count)"] + times
                        + [hook.instants > 0 ? "\(hook.instants)" : "-"])
            }
            out += TextTable.render(rows, leftAligned: byController ? 2 : 1)
        }
        out += "\nLayout passes: \(layout.passes)"
        if layout.passes > 0 {
            out += ", \(layout.views) views (\(String(format: "%.1f", layout.meanViewsPerPass)) per pass, at most \(layout.maxViewsPerPass))"
            out += ", total \(DurationText.format(layout.durations.total)), p50 \(DurationText.format(layout.durations.p50))"
            out += ", max \(DurationText.format(layout.durations.max))"
            if let cost = layout.costPerView { out += ", \(DurationText.format(cost)) per view" }
            let solves = layout.solveDurations
            if solves.count > 0 {
                out += "; the engine solved in \(solves.count) of them: total \(DurationText.format(solves.total))"
                out += ", p50 \(DurationText.format(solves.p50)), max \(DurationText.format(solves.max))"
            }
            out += "\n"
            var rows: [[String]] = [["seq", "by", "index", "views", "duration", "per view", "solve", "rows"]]
            for pass in layoutPasses.prefix(maxRows) {
                rows.append([
                    "\(pass.seq)", pass.controller, pass.index.map { "\($0)" } ?? "-", "\(pass.views)",
                    DurationText.format(pass.duration), pass.costPerView.map(DurationText.format) ?? "-",
                    pass.solveDuration.map(DurationText.format) ?? "-", pass.solveRows.map { "\($0)" } ?? "-",
                ])
            }
            out += TextTable.render(rows, leftAligned: 2, skipFirst: true)
            if layoutPasses.count > maxRows { out += "… \(layoutPasses.count - maxRows) more passes\n" }
        } else {
            out += "\n"
        }
        out += "\nTransitions: \(transitions.count)"
        if !transitions.isEmpty {
            let d = transitionDurations
            out += ", total \(DurationText.format(d.total)), p50 \(DurationText.format(d.p50)), max \(DurationText.format(d.max))\n"
            var rows: [[String]] = [["seq", "controller", "kind", "target", "animated", "duration"]]
            for transition in transitions.prefix(maxRows) {
                rows.append([
                    "\(transition.seq)", transition.controller, transition.kind ?? "-", transition.target ?? "-",
                    transition.animated.map { $0 ? "yes" : "no" } ?? "-", DurationText.format(transition.duration),
                ])
            }
            out += TextTable.render(rows, leftAligned: 5, skipFirst: true)
            if transitions.count > maxRows { out += "… \(transitions.count - maxRows) more transitions\n" }
        } else {
            out += "\n"
        }
        return out
    }
}
