import Lifetrace

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The statistics of a trace: per hook (or per controller and hook) the count, total, p50, p90,
/// p99 and maximum of the durations of its `end` records; the same per operation name for the
/// spans of swift-distributed-tracing (the `span` hook); the layout passes with their views and
/// cost per view; the transitions with their durations.
///
/// Built in one pass by an ``Accumulator`` whose memory is bounded by the hooks (and controllers)
/// seen and the rows listed, not by the trace's length, so a reader's events can stream through it:
///
/// ```swift
/// let reader = try JSONLinesReader(path: "run.jsonl")
/// var accumulator = TraceStatistics.Accumulator(byController: true)
/// while let event = try reader.next() { accumulator.add(event) }
/// print(accumulator.statistics(source: reader.source).table())
/// ```
///
/// Percentiles are exact up to ``DurationRecorder/exactLimit`` durations per row and within 0.1 %
/// beyond (see ``DurationRecorder``).
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
    /// Per span operation name (the `span` hook's subjects: `hook` is `span`, `controller` the
    /// name), the slowest total first.
    public var spans: [HookStatistics]
    /// The first layout passes, in trace order (all of them unless the accumulator was given a
    /// `listing` limit); ``layout`` covers every pass.
    public var layoutPasses: [LayoutPassStatistics]
    /// The layout passes together.
    public var layout: LayoutSummary
    /// The first transitions, in trace order (as ``layoutPasses``); ``transitionDurations`` covers all.
    public var transitions: [TransitionStatistics]
    /// The durations of all transitions.
    public var transitionDurations: DurationSummary
    /// The display frames of driven scrolls, against their budget.
    public var frames: FrameSummary

    /// Computes the statistics of `trace`; `byController` splits each hook by controller name.
    public init(_ trace: Trace, byController: Bool = false) {
        var accumulator = Accumulator(byController: byController)
        for event in trace.events { accumulator.add(event) }
        self = accumulator.statistics(source: trace.source, issues: trace.issues.count)
    }

    init(
        source: String, events: Int, issues: Int, byController: Bool, hooks: [HookStatistics], spans: [HookStatistics],
        layoutPasses: [LayoutPassStatistics], layout: LayoutSummary, transitions: [TransitionStatistics],
        transitionDurations: DurationSummary, frames: FrameSummary
    ) {
        self.source = source
        self.events = events
        self.issues = issues
        self.byController = byController
        self.hooks = hooks
        self.spans = spans
        self.layoutPasses = layoutPasses
        self.layout = layout
        self.transitions = transitions
        self.transitionDurations = transitionDurations
        self.frames = frames
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
        var out =
            "\(source): \(events) events" + (issues > 0 ? ", \(issues) unreadable line\(issues == 1 ? "" : "s")" : "") + "\n"
        if hooks.isEmpty {
            out += "\nno hooks\n"
        } else {
            out += "\nHooks" + (byController ? " by controller" : "") + " (durations of end records; slowest total first)\n"
            var rows: [[String]] = [
                (byController ? ["controller"] : []) + ["hook", "count", "total", "p50", "p90", "p99", "max", "instants"]
            ]
            for hook in hooks {
                let d = hook.durations
                let times =
                    d.count > 0 ? [d.total, d.p50, d.p90, d.p99, d.max].map(DurationText.format) : ["-", "-", "-", "-", "-"]
                rows.append(
                    (byController ? [hook.controller ?? ""] : []) + [hook.hook, "\(d.count)"] + times
                        + [hook.instants > 0 ? "\(hook.instants)" : "-"])
            }
            out += TextTable.render(rows, leftAligned: byController ? 2 : 1)
        }
        if !spans.isEmpty {
            out += "\nSpans by operation (durations of end records; slowest total first)\n"
            var rows: [[String]] = [["span", "count", "total", "p50", "p90", "p99", "max", "events"]]
            for span in spans {
                let d = span.durations
                let times =
                    d.count > 0 ? [d.total, d.p50, d.p90, d.p99, d.max].map(DurationText.format) : ["-", "-", "-", "-", "-"]
                rows.append([span.controller ?? "", "\(d.count)"] + times + [span.instants > 0 ? "\(span.instants)" : "-"])
            }
            out += TextTable.render(rows, leftAligned: 1)
        }
        out += "\nLayout passes: \(layout.passes)"
        if layout.passes > 0 {
            out +=
                ", \(layout.views) views (\(DurationText.fixed(layout.meanViewsPerPass, decimals: 1)) per pass, at most \(layout.maxViewsPerPass))"
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
            if layout.passes > min(maxRows, layoutPasses.count) {
                out += "… \(layout.passes - min(maxRows, layoutPasses.count)) more passes\n"
            }
        } else {
            out += "\n"
        }
        out += "\nTransitions: \(transitionDurations.count)"
        if transitionDurations.count > 0 {
            let d = transitionDurations
            out +=
                ", total \(DurationText.format(d.total)), p50 \(DurationText.format(d.p50)), max \(DurationText.format(d.max))\n"
            var rows: [[String]] = [["seq", "controller", "kind", "target", "animated", "duration"]]
            for transition in transitions.prefix(maxRows) {
                rows.append([
                    "\(transition.seq)", transition.controller, transition.kind ?? "-", transition.target ?? "-",
                    transition.animated.map { $0 ? "yes" : "no" } ?? "-", DurationText.format(transition.duration),
                ])
            }
            out += TextTable.render(rows, leftAligned: 5, skipFirst: true)
            if transitionDurations.count > min(maxRows, transitions.count) {
                out += "… \(transitionDurations.count - min(maxRows, transitions.count)) more transitions\n"
            }
        } else {
            out += "\n"
        }
        if frames.durations.count > 0 {
            let d = frames.durations
            let share = (frames.hitchRatio * 1000).rounded() / 10
            out +=
                "\nFrames: \(d.count), budget \(DurationText.format(frames.budget)), p50 \(DurationText.format(d.p50)), "
                + "p99 \(DurationText.format(d.p99)), max \(DurationText.format(d.max)); "
                + "hitches \(frames.hitches) (\(share) %), \(frames.cellsConfigured) cells configured\n"
        }
        return out
    }
}
