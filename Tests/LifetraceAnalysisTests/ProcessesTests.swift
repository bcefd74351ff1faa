import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport
import Testing

/// Traces of several processes (events with a `pid`, as an LTTng session's): intervals pair within
/// a process, the report groups lanes per process, the Chrome export gives each its pid.
@Suite struct ProcessesTests {
    /// The same controller name and identity in two processes, their intervals interleaved in time.
    private static let trace: Trace = {
        var events: [Event] = []
        let subject = Subject(name: "Feed", id: 0x10)
        for (offset, process) in [UInt32(1001), 1002].enumerated() {
            events.append(
                Event(
                    seq: 1, timestamp: UInt64(100 + offset * 10), hook: .viewWillAppear, phase: .begin, subject: subject,
                    thread: 7, process: process))
        }
        for (offset, process) in [UInt32(1002), 1001].enumerated() {
            events.append(
                Event(
                    seq: 2, timestamp: UInt64(200 + offset * 10), hook: .viewWillAppear, phase: .end, subject: subject,
                    duration: 1, thread: 7, process: process))
        }
        return Trace(source: "two", events: events)
    }()

    @Test("intervals pair within their process, not across")
    func pairing() {
        let intervals = Self.trace.intervals()
        #expect(intervals.count == 2)
        for interval in intervals {
            let begin = Self.trace.events[interval.beginIndex!]
            let end = Self.trace.events[interval.endIndex!]
            #expect(begin.process == end.process && interval.process == begin.process)
        }
    }

    @Test("the Chrome export names each process and puts its events under its pid", .needs("jq"))
    func chromeExport() throws {
        let json = ChromeTraceExporter().export(Self.trace)
        let names = try JQ.run(["-c", #"[.traceEvents[] | select(.name == "process_name") | .pid] | sort"#], input: json).split(
            separator: "\n")
        #expect(names == ["[1001,1002]"])
        let pids = try JQ.run(["-c", #"[.traceEvents[] | select(.ph == "X") | .pid] | sort"#], input: json).split(separator: "\n")
        #expect(pids == ["[1001,1002]"])
    }

    @Test("the report has a lane group per process")
    func reportLanes() {
        let html = HTMLReport(title: "two").render(Self.trace)
        #expect(html.contains("\"process\":1001") && html.contains("\"process\":1002"))
        // One trace of one process draws no groups.
        let single = Trace(source: "one", events: Self.trace.events.filter { $0.process == 1001 })
        #expect(!HTMLReport(title: "one").render(single).contains("\"process\":"))
    }
}
