import Foundation
import Lifetrace
import LifetraceAnalysis
import Testing

@Suite struct ReaderTests {
    static let good = #"{"seq":1,"ts":100,"event":"viewWillAppear","phase":"begin","controller":"A","id":"0x7f6ba8008330","animated":true,"thread":9}"#
    static let goodEnd = #"{"seq":3,"ts":160,"event":"viewWillAppear","phase":"end","controller":"A","id":"0x7f6ba8008330","animated":true,"dur_ns":60,"thread":9}"#

    @Test func readsEveryField() {
        let text = #"{"seq":2,"ts":120,"event":"prepareForSegue","phase":"instant","controller":"A \"quoted\" é","id":"0x10","target":"B","target_id":"0x20","index":-3,"text":"show\nDetail\u00e9","count":4,"thread":9,"future_key":[1,{"x":null}]}"#
        let trace = TraceReader.parse(text + "\n", source: "t.jsonl")
        #expect(trace.issues.isEmpty)
        let event = try! #require(trace.events.first)
        #expect(event.seq == 2 && event.timestamp == 120 && event.hook == .prepareForSegue && event.phase == .instant)
        #expect(event.subject == Subject(name: "A \"quoted\" é", id: 0x10))
        #expect(event.details.target == Subject(name: "B", id: 0x20))
        #expect(event.details.index == -3 && event.details.count == 4)
        #expect(event.details.text == "show\nDetailé")
        #expect(event.thread == 9)
    }

    @Test func malformedLinesAreReportedWithTheirLineAndTheRestIsKept() {
        let lines = [
            Self.good,
            "",
            #"{"seq":2,"ts":120,"event":"viewDidLoad" "phase":"instant","controller":"A","id":"0x1","thread":9}"#,
            #"{"seq":3,"ts":"soon","event":"viewDidLoad","phase":"instant","controller":"A","id":"0x1","thread":9}"#,
            #"{"seq":4,"ts":130,"event":"viewDidLoad","phase":"middle","controller":"A","id":"0x1","thread":9}"#,
            #"{"seq":5,"ts":140,"event":"viewDidLoad","phase":"instant","id":"0x1"}"#,
            #"{"seq":6,"ts":150,"event":"viewDidLoad","phase":"end","controller":"A","id":"0x1","thread":9}"#,
            "not json",
            #"{"seq":7,"ts":150,"event":"viewDidLoad","phase":"instant","controller":"A","id":"12","thread":9}"#,
            Self.goodEnd,
        ]
        let trace = TraceReader.parse(lines.joined(separator: "\n") + "\n", source: "bad.jsonl")
        #expect(trace.events.map(\.seq) == [1, 3])
        #expect(trace.lines == [1, 10])
        #expect(trace.issues.map(\.line) == [3, 4, 5, 6, 7, 8, 9])
        let messages = trace.issues.map(\.description)
        #expect(messages[0] == #"bad.jsonl:3:41: error: expected "," or "}" after the value of "event", found ""phase":"ins""#)
        #expect(messages[1] == #"bad.jsonl:4:15: error: expected "ts" to be a non-negative integer, got "soon""#)
        #expect(messages[2].hasPrefix(#"bad.jsonl:5:49: error: expected "phase" to be "begin", "end" or "instant", got "middle""#))
        #expect(messages[3] == #"bad.jsonl:6: error: expected the keys seq, ts, event, phase, controller, id and thread; missing "controller", "thread""#)
        #expect(messages[4] == #"bad.jsonl:7: error: an end record needs "dur_ns"; missing "dur_ns""#)
        #expect(messages[5] == #"bad.jsonl:8:1: error: expected "{" to start a record, found "not json""#)
        #expect(messages[6].contains(#"expected "id" to be a hexadecimal identity"#))
    }

    @Test func aTruncatedLastLineIsReported() {
        let full = Self.good + "\n" + Self.goodEnd + "\n"
        for cut in [Self.good.count + 10, Self.good.count + 40, full.utf8.count - 3] {
            let text = String(full.prefix(cut))
            let trace = TraceReader.parse(text, source: "cut.jsonl")
            #expect(trace.events.count == 1, "cut at \(cut)")
            #expect(trace.issues.count == 1)
            #expect(trace.issues.first?.line == 2)
            #expect(trace.issues.first?.description.contains("truncated") == true, "\(trace.issues)")
        }
        let unterminatedString = TraceReader.parse(#"{"seq":1,"ts":1,"event":"viewDid"#, source: "s")
        #expect(unterminatedString.issues.first?.description == #"s:1:33: error: expected a closing " for the string that starts at column 25, found the end of the line (truncated line?)"#)
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: TraceIssue.self) { try TraceReader.read(path: "/nonexistent/trace.jsonl") }
        do {
            _ = try TraceReader.read(path: "/nonexistent/trace.jsonl")
        } catch {
            #expect("\(error)" == "/nonexistent/trace.jsonl: error: no such file")
        }
    }

    /// What reading costs is measured by tools/bench-readers (docs/benchmarks.md), not here.
    @Test func readsALargeTrace() {
        let text = TestTraces.large(count: 100_000)
        let trace = TraceReader.parse(text, source: "large")
        #expect(trace.issues.isEmpty)
        #expect(trace.events.count >= 100_000)
    }

    @Test func intervalsPairBeginsWithEnds() {
        let events = [
            TestTraces.event(1, 10, .viewWillAppear, .begin, "A"),
            TestTraces.event(2, 20, .viewWillAppear, .begin, "A"),  // re-entered
            TestTraces.event(3, 25, .viewWillAppear, .end, "A", duration: 5),
            TestTraces.event(4, 40, .viewWillAppear, .end, "A", duration: 30),
            TestTraces.event(5, 50, .viewDidLoad, .end, "B", duration: 8),  // begin cut off
            TestTraces.event(6, 60, .loadView, .begin, "C"),  // end cut off
        ]
        let intervals = Trace(events: events).intervals()
        #expect(intervals.map(\.startTimestamp) == [10, 20, 42, 60])
        #expect(intervals.map(\.duration) == [30, 5, 8, nil])
        #expect(intervals.map(\.isComplete) == [true, true, false, false])
    }
}
