#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The statistics of a report as HTML tables (sortable by the report's script: each numeric cell
/// carries its value in nanoseconds in `data-v`).
enum StatisticsHTML {
    /// The tables of `statistics` (per hook) and `byController`; at most `maxRows` passes and
    /// transitions are listed.
    static func render(_ statistics: TraceStatistics, byController: TraceStatistics, maxRows: Int = 500) -> String {
        var out =
            "<h2>Hooks</h2>\n<p class=\"note\">Durations of the <code>end</code> records; nearest-rank percentiles. Click a column to sort.</p>\n"
        out += hooksTable(statistics)
        out += "<details><summary>Hooks by controller</summary>\n" + hooksTable(byController) + "</details>\n"
        if !statistics.spans.isEmpty {
            out +=
                "<h2>Spans</h2>\n<p class=\"note\">swift-distributed-tracing's spans by operation name: durations of their <code>end</code> records; events are the spans' own.</p>\n"
            out += table(statistics.spans, first: "span", label: { $0.controller ?? "" }, byController: false)
        }

        let layout = statistics.layout
        out += "<h2>Layout passes</h2>\n"
        if layout.passes == 0 {
            out += "<p class=\"note\">No layout passes in this trace.</p>\n"
        } else {
            out +=
                "<p>\(layout.passes) passes laid out \(layout.views) views (\(DurationText.fixed(layout.meanViewsPerPass, decimals: 1)) per pass, at most \(layout.maxViewsPerPass)); "
            out += "total \(DurationText.format(layout.durations.total)), p50 \(DurationText.format(layout.durations.p50)), "
            out += "p90 \(DurationText.format(layout.durations.p90)), max \(DurationText.format(layout.durations.max))"
            if let cost = layout.costPerView { out += "; \(DurationText.format(cost)) per view" }
            out +=
                ".</p>\n<table class=\"sortable\"><thead><tr><th>seq</th><th class=\"text\">by</th><th>index</th><th>views</th><th>duration</th><th>per view</th></tr></thead><tbody>\n"
            for pass in statistics.layoutPasses.prefix(maxRows) {
                out += "<tr>" + number(Double(pass.seq), "\(pass.seq)") + text(pass.controller)
                out +=
                    (pass.index.map { number(Double($0), "\($0)") } ?? "<td>-</td>") + number(Double(pass.views), "\(pass.views)")
                out +=
                    duration(Double(pass.duration)) + (pass.costPerView.map { duration($0) } ?? "<td data-v=\"0\">-</td>")
                    + "</tr>\n"
            }
            out += "</tbody></table>\n"
            if statistics.layoutPasses.count > maxRows {
                out +=
                    "<p class=\"note\">… and \(statistics.layoutPasses.count - maxRows) more passes (see <code>lifetrace stats --json</code>).</p>\n"
            }
        }

        out += "<h2>Transitions</h2>\n"
        if statistics.transitions.isEmpty {
            out += "<p class=\"note\">No transitions in this trace.</p>\n"
        } else {
            let d = statistics.transitionDurations
            out +=
                "<p>\(d.count) transitions; total \(DurationText.format(d.total)), p50 \(DurationText.format(d.p50)), max \(DurationText.format(d.max)).</p>\n"
            out +=
                "<table class=\"sortable\"><thead><tr><th>seq</th><th class=\"text\">controller</th><th class=\"text\">kind</th><th class=\"text\">target</th><th class=\"text\">animated</th><th>duration</th></tr></thead><tbody>\n"
            for transition in statistics.transitions.prefix(maxRows) {
                out += "<tr>" + number(Double(transition.seq), "\(transition.seq)") + text(transition.controller)
                out += text(transition.kind ?? "-") + text(transition.target ?? "-")
                out +=
                    text(transition.animated.map { $0 ? "yes" : "no" } ?? "-") + duration(Double(transition.duration)) + "</tr>\n"
            }
            out += "</tbody></table>\n"
            if statistics.transitions.count > maxRows {
                out += "<p class=\"note\">… and \(statistics.transitions.count - maxRows) more transitions.</p>\n"
            }
        }
        return out
    }

    private static func hooksTable(_ statistics: TraceStatistics) -> String {
        table(statistics.hooks, first: "hook", label: \.hook, byController: statistics.byController)
    }

    /// A table of rows of durations: per hook (or per controller and hook), or per span name.
    private static func table(
        _ rows: [HookStatistics], first: String, label: (HookStatistics) -> String, byController: Bool
    ) -> String {
        var out = "<table class=\"sortable hooks\"><thead><tr>"
        if byController { out += "<th class=\"text\">controller</th>" }
        out +=
            "<th class=\"text\">\(first)</th><th>count</th><th>total</th><th>p50</th><th>p90</th><th>p99</th><th>max</th><th>instants</th></tr></thead><tbody>\n"
        for hook in rows {
            let d = hook.durations
            out += "<tr>"
            if byController { out += text(hook.controller ?? "") }
            out += text(label(hook)) + number(Double(d.count), "\(d.count)")
            for value in [d.total, d.p50, d.p90, d.p99, d.max] {
                out += d.count > 0 ? duration(Double(value)) : "<td data-v=\"0\">-</td>"
            }
            out += number(Double(hook.instants), hook.instants > 0 ? "\(hook.instants)" : "-") + "</tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    private static func text(_ value: String) -> String { "<td class=\"text\">\(HTMLText.escape(value))</td>" }
    private static func number(_ value: Double, _ shown: String) -> String { "<td data-v=\"\(value)\">\(shown)</td>" }
    private static func duration(_ nanoseconds: Double) -> String {
        "<td data-v=\"\(nanoseconds)\">\(DurationText.format(nanoseconds))</td>"
    }
}
