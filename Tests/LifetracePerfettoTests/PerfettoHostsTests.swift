import Lifetrace
import LifetracePerfetto
import PerfettoProtos
import Testing

/// Traces of several hosts (events with a `host`): the same pid and tid on two hosts are two
/// processes, each with its threads, named with its host, their intervals paired within the host.
@Suite struct PerfettoHostsTests {
    static func event(
        _ seq: UInt64, _ ts: UInt64, _ hook: Hook, _ phase: Phase, _ name: String, id: UInt = 1, host: String?,
        details: Details = .none
    ) -> Event {
        Event(
            seq: seq, timestamp: ts, hook: hook, phase: phase, subject: Subject(name: name, id: id), details: details,
            duration: phase == .end ? 100 : nil, thread: 7, process: 7, host: host)
    }

    /// On both hosts, pid 7 and thread 7: A's viewDidLoad interleaved with the other host's, an
    /// instant each; web-1 pushes C, web-2's C appears first (no flow), then web-1's.
    static func events(_ first: String?, _ second: String?) -> [Event] {
        let push = Details(target: Subject(name: "C", id: 3), animated: true, text: "push")
        return [
            event(1, 1_000, .viewDidLoad, .begin, "A", host: first),
            event(2, 1_100, .viewDidLoad, .begin, "A", host: second),
            event(3, 1_150, .willMove, .instant, "A", host: first),
            event(4, 1_160, .willMove, .instant, "A", host: second),
            event(5, 1_200, .viewDidLoad, .end, "A", host: first),
            event(6, 1_300, .viewDidLoad, .end, "A", host: second),
            event(7, 2_000, .transition, .begin, "Nav", host: first, details: push),
            event(8, 2_100, .viewDidAppear, .begin, "C", id: 3, host: second),
            event(9, 2_200, .viewDidAppear, .end, "C", id: 3, host: second),
            event(10, 2_300, .transition, .end, "Nav", host: first, details: push),
            event(11, 2_400, .viewDidAppear, .begin, "C", id: 3, host: first),
            event(12, 2_500, .viewDidAppear, .end, "C", id: 3, host: first),
        ]
    }

    @Test("two hosts with the same pid are two processes, named with their hosts, every event present")
    func hostsStayApart() throws {
        let events = Self.events("web-1", "web-2")
        let trace = try DecodedTrace(PerfettoTraceWriter.export(events, processName: "demo"))
        #expect(trace.problems == [])
        let processes = trace.tracks.values.filter(\.hasProcess).sorted { $0.process.pid < $1.process.pid }
        #expect(processes.map(\.process.processName) == ["demo (pid 7) on web-1", "demo (pid 7) on web-2"])
        #expect(processes.map(\.process.pid) == [7, 7 + (1 << 22)])
        // A thread track each, child of its host's process, with the pid of that process.
        let threads = trace.tracks.values.filter(\.hasThread)
        #expect(threads.count == 2)
        for thread in threads {
            let parent = try #require(trace.tracks[thread.parentUuid])
            #expect(parent.hasProcess && parent.process.pid == thread.thread.pid)
            #expect(thread.thread.tid == 7)
        }
        // Every event, each interval begun and ended on its own host's thread.
        #expect(trace.items(.sliceBegin).count == events.filter { $0.phase == .begin }.count)
        #expect(trace.items(.sliceEnd).count == events.filter { $0.phase == .end }.count)
        #expect(trace.items(.instant).count == events.filter { $0.phase == .instant }.count)
        #expect(trace.items.allSatisfy { $0.annotations["begin_missing"] == nil && $0.annotations["continued"] == nil })
        func track(at timestamp: UInt64) -> UInt64? { trace.items.first { $0.timestamp == timestamp }?.event.trackUuid }
        #expect(track(at: 1_000) == track(at: 1_200))
        #expect(track(at: 1_100) == track(at: 1_300))
        #expect(track(at: 1_000) != track(at: 1_100))
        #expect(track(at: 1_150) == track(at: 1_000))
        #expect(track(at: 1_160) == track(at: 1_100))
        // The push's flow ends at its own host's appearance of C, not at the other host's.
        let push = try #require(trace.items(.sliceBegin).first { $0.timestamp == 2_000 })
        let appearances = trace.items(.sliceBegin).filter { $0.name == "C viewDidAppear" }
        #expect(push.event.flowIds.count == 1)
        #expect(appearances.map(\.event.terminatingFlowIds) == [[], push.event.flowIds])
    }

    @Test("a trace of one host keeps its names and pids")
    func oneHost() throws {
        let trace = try DecodedTrace(PerfettoTraceWriter.export(Self.events("web-1", "web-1"), processName: "demo"))
        #expect(trace.problems == [])
        let processes = trace.tracks.values.filter(\.hasProcess)
        #expect(processes.map(\.process.processName) == ["demo (pid 7)"])
        #expect(processes.map(\.process.pid) == [7])
    }

    @Test("events without a host beside a host's: the host named, the others as they were")
    func eventsWithoutAHost() throws {
        let trace = try DecodedTrace(PerfettoTraceWriter.export(Self.events(nil, "web-2"), processName: "demo"))
        #expect(trace.problems == [])
        let processes = trace.tracks.values.filter(\.hasProcess).sorted { $0.process.pid < $1.process.pid }
        #expect(processes.map(\.process.processName) == ["demo (pid 7)", "demo (pid 7) on web-2"])
        #expect(processes.map(\.process.pid) == [7, 7 + (1 << 22)])
    }
}
