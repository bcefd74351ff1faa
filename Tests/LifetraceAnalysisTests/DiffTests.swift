import Foundation
import Lifetrace
import LifetraceAnalysis
import Testing

@Suite struct DiffTests {
    static func trace(_ source: String, _ keys: [(String, Hook, String?)], idBase: UInt = 0x100, time: UInt64 = 0) -> Trace {
        var events: [Event] = []
        for (index, (name, hook, target)) in keys.enumerated() {
            let details = Details(target: target.map { Subject(name: $0, id: idBase + 99) })
            let seq = UInt64(events.count + 1)
            events.append(
                TestTraces.event(seq, time + seq * 10, hook, .begin, name, id: idBase + UInt(index % 3), details: details))
            events.append(
                TestTraces.event(
                    seq + 1, time + seq * 10 + 5, hook, .end, name, id: idBase + UInt(index % 3), duration: 5, details: details))
        }
        return Trace(source: source, events: events)
    }

    static let base: [(String, Hook, String?)] = [
        ("Nav", .loadView, nil), ("Nav", .viewDidLoad, nil), ("A", .viewWillAppear, nil), ("Nav", .willShowViewController, "A"),
        ("A", .viewIsAppearing, nil), ("A", .viewDidAppear, nil), ("Nav", .didShowViewController, "A"),
    ]

    @Test func equalTracesIgnoreIdentitiesTimesAndSequenceNumbers() {
        let diff = TraceDiff(Self.trace("a", Self.base), Self.trace("b", Self.base, idBase: 0x9000, time: 77_777))
        #expect(diff.isEqual)
        #expect(diff.firstDifference == nil)
        #expect(diff.leftCount == 7 && diff.rightCount == 7)
        #expect(
            diff.render() == "traces agree: 7 records in the same order (begin and instant records: controller, event, target)\n")
    }

    @Test func theFirstDifferenceWithContext() {
        var changed = Self.base
        changed.swapAt(4, 5)
        let diff = TraceDiff(Self.trace("a", Self.base), Self.trace("b", changed))
        #expect(diff.firstDifference == 4)
        #expect(
            diff.render(context: 2) == """
                traces differ at record 5 (a line 9, 7 records in all; b line 9, 7 records in all)
                --- a
                +++ b
                  a:5   A viewWillAppear
                  a:7   Nav willShowViewController A
                - a:9   A viewIsAppearing
                - a:11  A viewDidAppear
                - a:13  Nav didShowViewController A
                + b:9   A viewDidAppear
                + b:11  A viewIsAppearing
                + b:13  Nav didShowViewController A

                """)
        let none = diff.render(context: 0)
        #expect(none.split(separator: "\n").filter { $0.hasPrefix("  ") }.isEmpty)
        #expect(none.split(separator: "\n").filter { $0.hasPrefix("- ") }.count == 1)
    }

    @Test func aDifferentTargetIsADifference() {
        var changed = Self.base
        changed[3].2 = "B"
        let diff = TraceDiff(Self.trace("a", Self.base), Self.trace("b", changed))
        #expect(diff.firstDifference == 3)
        #expect(diff.render(context: 0).contains("+ b:7   Nav willShowViewController B"))
    }

    @Test func differentLengths() {
        let short = Array(Self.base.prefix(5))
        let diff = TraceDiff(Self.trace("long", Self.base), Self.trace("short", short))
        #expect(diff.firstDifference == 5)
        let text = diff.render(context: 1)
        #expect(text.hasPrefix("traces differ at record 6 (long line 11, 7 records in all; short has only 5 records)"))
        #expect(text.contains("  long:9   A viewIsAppearing"))
        #expect(text.contains("- long:11  A viewDidAppear"))
        #expect(text.contains("+ (short ends after 5 records)"))
        let reversed = TraceDiff(Self.trace("short", short), Self.trace("long", Self.base))
        #expect(reversed.firstDifference == 5)
        #expect(reversed.render().contains("- (short ends after 5 records)"))
        let empty = TraceDiff(Trace(source: "empty", events: []), Self.trace("long", Self.base))
        #expect(empty.firstDifference == 0)
    }

    @Test func endRecordsAreNotCompared() {
        let events = [
            TestTraces.event(1, 1, .scenarioStep, .begin, "scenario", details: Details(index: 1, text: "push B")),
            TestTraces.event(2, 2, .willMove, .instant, "B", details: Details(target: Subject(name: "Nav", id: 3))),
            TestTraces.event(3, 3, .scenarioStep, .end, "scenario", duration: 2, details: Details(index: 1, text: "push B")),
        ]
        #expect(events.compactMap(TraceDiff.key) == ["scenario scenario.step", "B willMove Nav"])
    }

    @Test("a streamed diff keeps only the context around the difference; a huge context does not trap")
    func streamedDiffKeepsTheContext() throws {
        var keys = Array(repeating: Self.base, count: 3_000).flatMap { $0 }
        let long = Self.trace("a", keys)
        keys[10_000] = ("Z", .viewDidLoad, nil)
        let changed = Self.trace("b", keys)
        let diff = try TraceDiff(
            reading: JSONLinesReader(data: Data(long.events.map(JSONLineFormat.line).joined().utf8), source: "a"),
            JSONLinesReader(data: Data(changed.events.map(JSONLineFormat.line).joined().utf8), source: "b"), keeping: 3)
        #expect(diff.firstDifference == 10_000)
        #expect(diff.leftCount == 21_000 && diff.rightCount == 21_000)
        #expect(diff.left.count == 7 && diff.right.count == 7 && diff.windowStart == 9_997)
        #expect(diff.render(context: 2).contains("+ b:20001  Z viewDidLoad"), "\(diff.render(context: 2))")
        let huge = TraceDiff(long, changed, keeping: Int.max)
        #expect(huge.render(context: Int.max).contains("Z viewDidLoad"))
    }
}
