import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport
import Testing

/// Traces of several hosts (events with a `host`, as a fleet's LTTng traces from one relay): the
/// same process and thread ids on two hosts stay apart, in pairing, in JSON lines and in the Chrome
/// export.
@Suite struct HostsTests {
    /// The same controller, identity, process and thread on two hosts, their intervals interleaved.
    private static let trace: Trace = {
        var events: [Event] = []
        let subject = Subject(name: "Feed", id: 0x10)
        for (offset, host) in ["web-1", "web-2"].enumerated() {
            events.append(
                Event(
                    seq: 1, timestamp: UInt64(100 + offset * 10), hook: .viewWillAppear, phase: .begin, subject: subject,
                    details: Details(animated: offset == 0), thread: 7, process: 1, host: host))
        }
        for (offset, host) in ["web-2", "web-1"].enumerated() {
            events.append(
                Event(
                    seq: 2, timestamp: UInt64(200 + offset * 10), hook: .viewWillAppear, phase: .end, subject: subject,
                    duration: 1, thread: 7, process: 1, host: host))
        }
        return Trace(source: "fleet", events: events)
    }()

    @Test("intervals pair within their host, not across")
    func pairing() {
        let intervals = Self.trace.intervals()
        #expect(intervals.count == 2)
        for interval in intervals {
            let begin = Self.trace.events[interval.beginIndex!]
            let end = Self.trace.events[interval.endIndex!]
            #expect(begin.host == end.host && interval.host == begin.host)
        }
    }

    @Test("the host is written last as \"host\" and read back, the line unchanged")
    func jsonLines() throws {
        let event = Self.trace.events[0]
        let line = JSONLineFormat.line(event)
        #expect(line.hasSuffix(",\"thread\":7,\"pid\":1,\"host\":\"web-1\"}\n"))
        let read = TraceReader.parse(line, source: "line")
        #expect(read.events.first?.host == "web-1")
        #expect(read.events.first.map(JSONLineFormat.line) == line)
        // Events of the machine at hand have none; a host of another writer that is not a string is a field.
        let local = Event(seq: 1, timestamp: 1, hook: .viewDidLoad, phase: .instant, subject: Subject(name: "A", id: 1))
        #expect(!JSONLineFormat.line(local).contains("host"))
        let other = TraceReader.parse(
            #"{"seq":1,"ts":1,"event":"log","phase":"instant","controller":"A","id":"0x1","host":{"name":"x"},"thread":1}"#,
            source: "other")
        #expect(other.events.first?.host == nil)
        #expect(other.events.first?.details.fields?.first?.key == "host")
    }

    @Test("the Chrome export keeps hosts apart when their pids are the same", .needs("jq"))
    func chromeExport() throws {
        let json = ChromeTraceExporter().export(Self.trace)
        let names = try JQ.run(["-c", #"[.traceEvents[] | select(.name == "process_name") | .args.name] | sort"#], input: json)
        let expected = #"["lifetrace (pid 1) on web-1","lifetrace (pid 1) on web-2"]"#
        #expect(names.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
        let pids = try JQ.run(["-c", #"[.traceEvents[] | select(.ph == "X") | .pid] | sort"#], input: json)
        #expect(pids.trimmingCharacters(in: .whitespacesAndNewlines) == "[1,4194305]")
    }
}
