import Foundation
import Lifetrace
import LifetraceAnalysis
import Testing

@Suite struct ChromeExportTests {
    typealias Object = [String: Any]

    static func export(_ events: [Event]) throws -> [Object] {
        let json = ChromeTraceExporter(processName: "demo app").export(Trace(events: events))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? Object)
        #expect(root["displayTimeUnit"] as? String == "ns")
        return try #require(root["traceEvents"] as? [Object])
    }

    /// Thread 1: A [1000, 5000] holding B [1500, 2500] and an instant at 3000; C [4000, 9000] crosses
    /// A's end. Thread 2: D [2000, 3000] begins there and ends on thread 3.
    static let events: [Event] = [
        TestTraces.event(1, 1_000, .transition, .begin, "A", thread: 1),
        TestTraces.event(2, 1_500, .viewWillAppear, .begin, "B", id: 2, thread: 1, details: Details(animated: true)),
        TestTraces.event(3, 2_000, .viewDidLoad, .begin, "D", id: 4, thread: 2),
        TestTraces.event(
            4, 2_500, .viewWillAppear, .end, "B", id: 2, thread: 1, duration: 1_000, details: Details(animated: true)),
        TestTraces.event(
            5, 3_000, .willMove, .instant, "B", id: 2, thread: 1, details: Details(target: Subject(name: "A", id: 1))),
        TestTraces.event(6, 3_000, .viewDidLoad, .end, "D", id: 4, thread: 3, duration: 1_000),
        TestTraces.event(7, 4_000, .layoutPass, .begin, "C", id: 3, thread: 1, details: Details(index: 0)),
        TestTraces.event(8, 5_000, .transition, .end, "A", thread: 1, duration: 4_000),
        TestTraces.event(
            9, 9_000, .layoutPass, .end, "C", id: 3, thread: 1, duration: 5_000, details: Details(index: 0, count: 7)),
    ]

    @Test func metadataNamesTheProcessAndEveryThread() throws {
        let events = try Self.export(Self.events)
        let metadata = events.filter { $0["ph"] as? String == "M" }
        let process = metadata.filter { $0["name"] as? String == "process_name" }
        #expect(process.count == 1)
        #expect((process.first?["args"] as? Object)?["name"] as? String == "demo app")
        let threads = metadata.filter { $0["name"] as? String == "thread_name" }.compactMap { $0["tid"] as? Int }
        #expect(threads.sorted() == [1, 2, 3])
        #expect(events.allSatisfy { $0["pid"] as? Int == 1 })
    }

    @Test func nestedIntervalsAreCompleteEventsPerThread() throws {
        let events = try Self.export(Self.events)
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.map { $0["name"] as? String } == ["A transition", "B viewWillAppear"])
        #expect(complete.map { $0["ts"] as? Double } == [1.0, 1.5])
        #expect(complete.map { $0["dur"] as? Double } == [4.0, 1.0])
        #expect(complete.allSatisfy { $0["tid"] as? Int == 1 })
        let args = try #require(complete[1]["args"] as? Object)
        #expect(args["controller"] as? String == "B")
        #expect(args["animated"] as? Bool == true)
        #expect(args["seq"] as? Int == 2)
        // Each thread's complete events nest: each starts after the previous sibling ended, or inside its parent.
        for thread in Set(complete.compactMap { $0["tid"] as? Int }) {
            var stack: [Double] = []
            for event in complete where event["tid"] as? Int == thread {
                let start = event["ts"] as! Double
                let end = start + (event["dur"] as! Double)
                while let top = stack.last, top <= start { stack.removeLast() }
                if let top = stack.last { #expect(end <= top, "\(event) crosses its parent") }
                stack.append(end)
            }
        }
    }

    @Test func overlappingAndCrossThreadIntervalsAreAsync() throws {
        let events = try Self.export(Self.events)
        let begins = events.filter { $0["ph"] as? String == "b" }
        let ends = events.filter { $0["ph"] as? String == "e" }
        #expect(Set(begins.compactMap { $0["name"] as? String }) == ["C layoutPass", "D viewDidLoad"])
        #expect(begins.count == 2 && ends.count == 2)
        for begin in begins {
            let id = try #require(begin["id"] as? String)
            let end = try #require(ends.first { $0["id"] as? String == id })
            #expect(end["name"] as? String == begin["name"] as? String)
            #expect(end["cat"] as? String == begin["cat"] as? String)
            #expect((end["ts"] as! Double) >= (begin["ts"] as! Double))
        }
        let d = try #require(begins.first { $0["name"] as? String == "D viewDidLoad" })
        let dEnd = try #require(ends.first { $0["id"] as? String == d["id"] as? String })
        #expect(d["tid"] as? Int == 2)
        #expect(dEnd["tid"] as? Int == 3)
        let c = try #require(begins.first { $0["name"] as? String == "C layoutPass" })
        #expect(((c["args"] as? Object)?["count"] as? Int) == 7)
        #expect(c["ts"] as? Double == 4.0)
    }

    @Test func instantsAreThreadScoped() throws {
        let events = try Self.export(Self.events)
        let instants = events.filter { $0["ph"] as? String == "i" }
        #expect(instants.count == 1)
        #expect(instants.first?["s"] as? String == "t")
        #expect(instants.first?["name"] as? String == "B willMove A")
        #expect(instants.first?["ts"] as? Double == 3.0)
    }

    @Test func timestampsAreExactMicroseconds() throws {
        let events = try Self.export([
            TestTraces.event(1, 1_234_567_891, .viewDidLoad, .begin, "A"),
            TestTraces.event(2, 1_234_568_000, .viewDidLoad, .end, "A", duration: 109),
            TestTraces.event(3, 1_234_569_000, .loadView, .begin, "A"),  // never ends: closed at the last timestamp
        ])
        let complete = events.filter { $0["ph"] as? String == "X" }
        #expect(complete.first?["ts"] as? Double == 1_234_567.891)
        #expect(complete.first?["dur"] as? Double == 0.109)
        #expect(((complete.last?["args"] as? Object)?["unfinished"] as? Bool) == true)
    }

    @Test func theDemoTraceExportsWithEveryIntervalNested() throws {
        let trace = TraceReader.parse(try TestTraces.jqExample(), source: "example")
        let json = ChromeTraceExporter().export(trace)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? Object)
        let events = try #require(root["traceEvents"] as? [Object])
        #expect(events.filter { $0["ph"] as? String == "X" }.count == 19)
        #expect(events.filter { $0["ph"] as? String == "i" }.count == 2)
        #expect(events.filter { $0["ph"] as? String == "b" }.isEmpty)
    }
}
