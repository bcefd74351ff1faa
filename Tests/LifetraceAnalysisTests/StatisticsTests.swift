import Lifetrace
import LifetraceAnalysis
import Testing

@Suite struct StatisticsTests {
    @Test func percentilesAreNearestRank() {
        let oneToTen = DurationSummary((1...10).map { UInt64($0) }.shuffled())
        #expect(oneToTen.count == 10)
        #expect(oneToTen.total == 55)
        #expect(oneToTen.p50 == 5)
        #expect(oneToTen.p90 == 9)
        #expect(oneToTen.p99 == 10)
        #expect(oneToTen.max == 10)

        let hundred = DurationSummary((1...100).map { UInt64($0 * 10) }.shuffled())
        #expect(hundred.p50 == 500)
        #expect(hundred.p90 == 900)
        #expect(hundred.p99 == 990)
        #expect(hundred.max == 1_000)
        #expect(hundred.total == 50_500)

        let single = DurationSummary([7])
        #expect([single.p50, single.p90, single.p99, single.max] == [7, 7, 7, 7])
        let empty = DurationSummary([])
        #expect(empty.count == 0 && empty.p50 == 0 && empty.max == 0)
    }

    @Test func perHookStatisticsFromEndRecords() {
        var events = TestTraces.intervals(.viewDidLoad, "A", durations: (1...100).map { UInt64($0 * 10) }.shuffled())
        events += TestTraces.intervals(.viewWillAppear, "B", durations: [300, 100, 200], startSeq: 1_000)
        events.append(TestTraces.event(2_000, 9_000_000, .willMove, .instant, "B"))
        events.append(TestTraces.event(2_001, 9_000_001, .willMove, .instant, "A"))
        let statistics = TraceStatistics(Trace(events: events))
        #expect(statistics.events == 208)
        #expect(statistics.hooks.map(\.hook) == ["viewDidLoad", "viewWillAppear", "willMove"])
        let load = statistics.hooks[0].durations
        #expect(
            [load.count, Int(load.total), Int(load.p50), Int(load.p90), Int(load.p99), Int(load.max)] == [
                100, 50_500, 500, 900, 990, 1_000,
            ])
        let appear = statistics.hooks[1].durations
        #expect(
            [appear.count, Int(appear.total), Int(appear.p50), Int(appear.p90), Int(appear.p99), Int(appear.max)] == [
                3, 600, 200, 300, 300, 300,
            ])
        #expect(statistics.hooks[2].instants == 2)
        #expect(statistics.hooks[2].durations.count == 0)
    }

    /// A session started mid-interval holds an end without its begin, so without a duration: it
    /// says nothing of time and must not count as 0 ns.
    @Test func endsWithoutDurationsAreLeftOut() {
        var events = TestTraces.intervals(.viewDidLoad, "A", durations: [100, 300])
        var orphan = TestTraces.event(10, 5_000, .viewDidLoad, .end, "A")
        orphan.duration = nil
        events.insert(orphan, at: 0)
        let load = TraceStatistics(Trace(events: events)).hooks[0].durations
        #expect([load.count, Int(load.total), Int(load.p50), Int(load.max)] == [2, 400, 100, 300])
    }

    @Test func perControllerStatistics() {
        var events = TestTraces.intervals(.viewDidAppear, "A", durations: [1, 2, 3])
        events += TestTraces.intervals(.viewDidAppear, "B", durations: [10, 20], startSeq: 100, id: 2)
        let statistics = TraceStatistics(Trace(events: events), byController: true)
        #expect(statistics.byController)
        let rows = statistics.hooks.map {
            "\($0.controller ?? "?") \($0.hook) \($0.durations.count) \($0.durations.total) \($0.durations.p50) \($0.durations.max)"
        }
        #expect(rows == ["B viewDidAppear 2 30 10 20", "A viewDidAppear 3 6 2 3"])
        let together = TraceStatistics(Trace(events: events))
        #expect(together.hooks.count == 1)
        #expect(together.hooks[0].controller == nil)
        #expect(together.hooks[0].durations.total == 36)
        #expect(together.hooks[0].durations.p50 == 3)
    }

    @Test func layoutPassesAndTransitionsOfTheJQExample() throws {
        let trace = TraceReader.parse(try TestTraces.jqExample(), source: "example")
        #expect(trace.issues.isEmpty)
        let statistics = TraceStatistics(trace)
        #expect(statistics.layoutPasses.map(\.views) == [4, 2])
        #expect(statistics.layoutPasses.map(\.duration) == [2_000, 1_000])
        #expect(statistics.layoutPasses.map(\.index) == [0, 1])
        #expect(statistics.layoutPasses.map(\.costPerView) == [500, 500])
        #expect(statistics.layout.passes == 2)
        #expect(statistics.layout.views == 6)
        #expect(statistics.layout.meanViewsPerPass == 3)
        #expect(statistics.layout.maxViewsPerPass == 4)
        #expect(statistics.layout.costPerView == 500)
        #expect(
            statistics.transitions == [
                TransitionStatistics(seq: 39, controller: "Nav", target: "B", kind: "push", animated: true, duration: 4_000)
            ])
        #expect(statistics.transitionDurations.total == 4_000)
        let table = statistics.table()
        #expect(table.contains("Layout passes: 2, 6 views (3.0 per pass, at most 4)"))
        #expect(table.contains("500 ns per view"))
        #expect(table.contains("Nav        push B      yes        4.0 µs"))
        let json = statistics.json()
        #expect(json.contains("\"cost_per_view\" : 500"))
    }

    @Test func durationsReadForHumans() {
        #expect(DurationText.format(UInt64(850)) == "850 ns")
        #expect(DurationText.format(UInt64(12_345)) == "12.3 µs")
        #expect(DurationText.format(UInt64(4_560_000)) == "4.56 ms")
        #expect(DurationText.format(UInt64(1_234_000_000)) == "1.234 s")
    }
}
