import Lifetrace

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A self-contained HTML report of a trace: a zoomable timeline and the statistics beneath.
///
/// The page needs no network: its style sheet and script are inline and it uses the system's fonts.
/// The timeline is drawn on a `<canvas>` from data embedded compactly as JSON in a
/// `<script type="application/json">`, so it stays responsive at 100 000 events and more:
///
/// - a lane per controller name, with its appearance states as bars (appearing from
///   `viewWillAppear` to `viewDidAppear`, appeared, disappearing from `viewWillDisappear` to
///   `viewDidDisappear`) and its hooks as marks (intervals as blocks, nested ones inset; instants as
///   ticks), with the hook, duration and details on hover;
/// - layout passes in a lane of their own, and scenario steps (`scenario.step`) as labels on top;
/// - clicking a layout pass opens its wireframe: the views of its window as they were at its end
///   (each view's latest frame record), outlined, scaled to fit and nested by superview, each
///   labelled with its name; hovering a view shows its frame (`#wireframe=SEQ` in the address opens
///   the pass that begins with seq `SEQ`, `&view=0x…` highlights a view);
/// - zoom at the pointer with the wheel, pan by dragging (up and down scrolls the lanes), buttons
///   and keys (`+`, `-`, `0`, arrows).
///
/// When its script has run, the page's root element has `data-status="ok"` (and `data-lanes`,
/// `data-render-ms`); a script error sets `data-status="error"` and `data-error`, so a headless
/// browser can check the page.
public struct HTMLReport: Sendable {
    /// The heading; by default the trace's source.
    public var title: String?

    /// Creates a report; `title` defaults to the trace's source.
    public init(title: String? = nil) {
        self.title = title
    }

    /// The HTML of the report on `trace`.
    public func render(_ trace: Trace) -> String {
        let statistics = TraceStatistics(trace)
        let byController = TraceStatistics(trace, byController: true)
        let timeline = ReportTimeline(trace)
        let heading = title ?? trace.source
        let span = (trace.events.map(\.timestamp).max() ?? 0) - (trace.events.map(\.timestamp).min() ?? 0)

        var html = """
            <!DOCTYPE html>
            <html lang="en" data-status="loading">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="lifetrace report">
            <title>lifetrace report: loading \(HTMLText.escape(heading))</title>
            <style>
            \(ReportAssets.reportCSS)</style>
            <script>
            \(ReportAssets.errorHandlerJS)</script>
            </head>
            <body>
            <header>
            <h1>Lifetrace report: \(HTMLText.escape(heading))</h1>
            <p class="meta">\(trace.events.count) events · \(timeline.laneNames.count) lanes · \(DurationText.format(span)) from first to last event</p>
            </header>

            """
        if !trace.issues.isEmpty {
            let shown = trace.issues.prefix(20).map { HTMLText.escape($0.description) }.joined(separator: "\n")
            let more = trace.issues.count > 20 ? "\n… and \(trace.issues.count - 20) more" : ""
            html += """
                <div class="issues"><b>\(trace.issues.count) unreadable line\(trace.issues.count == 1 ? "" : "s")</b> (the report shows the valid part)<pre>\(shown)\(more)</pre></div>

                """
        }
        html += """
            <section id="timeline-section">
            <div class="toolbar">
            <button id="fit" title="Show the whole trace (0 or double-click)">Fit</button>
            <button id="zoom-in" title="Zoom in (+ or wheel)">+</button>
            <button id="zoom-out" title="Zoom out (- or wheel)">−</button>
            <button id="pan-left" title="Pan left (←)">←</button>
            <button id="pan-right" title="Pan right (→)">→</button>
            <span class="legend">
            <span><i style="background:#fde68a"></i>appearing</span><span><i style="background:#bbf7d0"></i>appeared</span><span><i style="background:#fecaca"></i>disappearing</span>
            <span><i style="background:#2563eb"></i>appearance</span><span><i style="background:#0d9488"></i>loading</span><span><i style="background:#7c3aed"></i>layout</span>
            <span><i style="background:#dc2626"></i>transition</span><span><i style="background:#b45309"></i>editing</span><span><i style="background:#475569"></i>containment</span><span><i style="background:#059669"></i>lifecycle</span><span><i style="background:#6b7280"></i>other</span>
            </span>
            <span id="status">Loading…</span>
            </div>
            <nav id="lane-index" aria-label="Lanes"></nav>
            <div id="viewport"><div id="spacer"><canvas id="canvas" aria-label="Timeline"></canvas></div></div>
            <div id="tooltip" hidden></div>
            <p class="help">Wheel: zoom at the pointer · Shift+wheel or drag: pan · drag up/down or wheel over the names: scroll the lanes · double-click or 0: fit · hover a mark for its duration · click a layout pass for its views' wireframe</p>
            </section>
            <div id="wireframe" role="dialog" aria-labelledby="wireframe-title" hidden>
            <div class="wireframe-head"><span id="wireframe-title">Layout pass</span><button id="wireframe-close" title="Close (Esc)" aria-label="Close">×</button></div>
            <div id="wireframe-info"></div>
            <svg id="wireframe-svg" aria-label="The views at the end of the layout pass"></svg>
            </div>
            <section id="statistics">
            \(StatisticsHTML.render(statistics, byController: byController))
            </section>
            <script type="application/json" id="trace-data">\(timeline.json)</script>
            <script>
            \(ReportAssets.wireframeJS)</script>
            <script>
            \(ReportAssets.reportJS)</script>
            </body>
            </html>

            """
        return html
    }
}
