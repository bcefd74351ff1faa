import Lifetrace
import Testing

@testable import LifetraceAnalysis

/// `lifetrace stats` on the display frames of a driven scroll: their cost against the budget the
/// frames announce, the frames over it (hitches), the cells they configured.
@Suite struct FrameStatisticsTests {
    /// Frames of these durations (ns) at 120 Hz, each configuring `cells` cells.
    static func frames(_ durations: [UInt64], cells: Int) -> [Event] {
        var events: [Event] = []
        var seq: UInt64 = 1
        var time: UInt64 = 1_000
        for (index, duration) in durations.enumerated() {
            events.append(
                TestTraces.event(
                    seq, time, .displayFrame, .begin, "TableView",
                    details: Details(text: "#\(index + 1) (0, \(index)) budget 8.333 ms")))
            events.append(
                TestTraces.event(
                    seq + 1, time + duration, .displayFrame, .end, "TableView", duration: duration, details: Details(count: cells)
                ))
            seq += 2
            time += 8_333_333
        }
        return events
    }

    @Test("frames over their budget are hitches; the summary reads in text and JSON")
    func hitches() {
        let durations: [UInt64] = [1_000_000, 2_000_000, 9_000_000, 3_000_000, 12_000_000, 8_333_000]
        let statistics = TraceStatistics(Trace(events: Self.frames(durations, cells: 2)))
        #expect(statistics.frames.durations.count == 6)
        #expect(statistics.frames.budget == 8_333_000)
        #expect(statistics.frames.hitches == 2, "9 ms and 12 ms; 8.333 ms is within")
        #expect(statistics.frames.cellsConfigured == 12)
        #expect(statistics.table().contains("Frames: 6, budget 8.33 ms"))
        #expect(statistics.table().contains("hitches 2 (33.3 %), 12 cells configured"))
        #expect(statistics.json().contains("\"hitches\" : 2"))
    }

    @Test("a trace without frames says nothing of them")
    func none() {
        let statistics = TraceStatistics(Trace(events: TestTraces.intervals(.viewDidLoad, "A", durations: [5])))
        #expect(statistics.frames.durations.count == 0)
        #expect(!statistics.table().contains("Frames:"))
    }
}

/// The report's lane of display frames: its budget for the script's budget line and hitches.
@Suite struct FrameLaneTests {
    @Test("the frames get a lane of their own, after the layout lane, with the budget they announce")
    func lane() {
        let trace = Trace(events: FrameStatisticsTests.frames([1_000_000, 12_000_000], cells: 1))
        let timeline = ReportTimeline(trace)
        #expect(timeline.laneNames == ["Display frames"])
        #expect(timeline.json.contains(#""name":"Display frames","kind":"frames""#))
        #expect(timeline.json.contains(#""budget":8333000"#))
    }
}
