import Lifetrace
import LifetracePerfetto
import PerfettoProtos
import Testing

@Suite struct PerfettoExportTests {
    static func event(
        _ seq: UInt64, _ ts: UInt64, _ hook: Hook, _ phase: Phase, _ name: String, id: UInt = 1,
        thread: UInt32 = 1, process: UInt32? = nil, duration: UInt64? = nil, details: Details = .none
    ) -> Event {
        Event(
            seq: seq, timestamp: ts, hook: hook, phase: phase, subject: Subject(name: name, id: id),
            details: details, duration: phase == .end ? (duration ?? 0) : nil, thread: thread, process: process)
    }

    static func span(_ traceID: String, _ spanID: String, parent: String?) -> [Field] {
        var fields = [Field("trace_id", .string(traceID)), Field("span_id", .string(spanID))]
        if let parent { fields.append(Field("parent_span_id", .string(parent))) }
        fields.append(Field("kind", .string("server")))
        fields.append(Field("attributes", .object([Field("http.route", .string("/users"))])))
        return fields
    }

    static let trace = String(repeating: "a", count: 32)

    /// Thread 1: a push of C (async), B viewWillAppear with an instant in it, C's viewDidAppear, a
    /// layout pass with 7 views; D's viewDidLoad begins on thread 2 and ends on thread 3; on thread 1
    /// E and F end out of order; an end whose begin is missing; two frames (one over its 8 ms budget),
    /// a solve of 12 rows; a server span in process 10 with a child span in process 20; G never ends.
    static let events: [Event] = [
        event(
            1, 1_000, .transition, .begin, "Nav",
            details: Details(target: Subject(name: "C", id: 3), animated: true, text: "push")),
        event(2, 1_500, .viewWillAppear, .begin, "B", id: 2, details: Details(animated: true)),
        event(3, 2_000, .viewDidLoad, .begin, "D", id: 4, thread: 2),
        event(4, 2_200, .willMove, .instant, "B", id: 2, details: Details(target: Subject(name: "Nav", id: 1))),
        event(5, 2_500, .viewWillAppear, .end, "B", id: 2, duration: 1_000, details: Details(animated: true)),
        event(6, 2_600, .viewDidAppear, .begin, "C", id: 3, details: Details(animated: true)),
        event(7, 2_700, .viewDidAppear, .end, "C", id: 3, duration: 100, details: Details(animated: true)),
        event(8, 3_000, .viewDidLoad, .end, "D", id: 4, thread: 3, duration: 1_000),
        event(9, 4_000, .layoutPass, .begin, "Window", id: 9, details: Details(index: 0)),
        event(10, 4_500, .layoutPass, .end, "Window", id: 9, duration: 500, details: Details(index: 0, count: 7)),
        event(
            11, 5_000, .transition, .end, "Nav", duration: 4_000,
            details: Details(target: Subject(name: "C", id: 3), animated: true, text: "push")),
        event(12, 6_000, .loadView, .begin, "E", id: 5),
        event(13, 6_100, .viewDidLoad, .begin, "F", id: 6),
        event(14, 6_200, .loadView, .end, "E", id: 5, duration: 200),
        event(15, 6_300, .viewDidLoad, .end, "F", id: 6, duration: 200),
        event(16, 7_000, .viewWillDisappear, .end, "Cut", id: 7, thread: 4, duration: 500),
        event(17, 10_000, .displayFrame, .begin, "List", id: 8, details: Details(text: "#1 (0, 10) budget 8.333 ms")),
        event(
            18, 20_000, .displayFrame, .end, "List", id: 8, duration: 10_000,
            details: Details(text: "#1 (0, 10) budget 8.333 ms", count: 2)),
        event(19, 30_000, .displayFrame, .begin, "List", id: 8, details: Details(text: "#2 (0, 20) budget 8.333 ms")),
        event(
            20, 30_000 + 9_000_000, .displayFrame, .end, "List", id: 8, duration: 9_000_000,
            details: Details(text: "#2 (0, 20) budget 8.333 ms", count: 0)),
        event(21, 9_100_000, .layoutEngineSolve, .begin, "Window", id: 9),
        event(
            22, 9_100_500, .layoutEngineSolve, .end, "Window", id: 9, duration: 500,
            details: Details(text: "12 constraints", count: 12)),
        event(
            23, 9_200_000, .span, .begin, "GET /users", id: 0xa1, thread: 100, process: 10,
            details: Details(fields: span(trace, "00000000000000a1", parent: nil))),
        event(
            24, 9_300_000, .span, .begin, "SELECT", id: 0xb2, thread: 200, process: 20,
            details: Details(fields: span(trace, "00000000000000b2", parent: "00000000000000a1"))),
        event(
            25, 9_350_000, .span, .instant, "SELECT", id: 0xb2, thread: 200, process: 20,
            details: Details(text: "rows", fields: span(trace, "00000000000000b2", parent: "00000000000000a1"))),
        event(
            26, 9_400_000, .span, .end, "SELECT", id: 0xb2, thread: 201, process: 20, duration: 100_000,
            details: Details(fields: span(trace, "00000000000000b2", parent: "00000000000000a1"))),
        event(
            27, 9_500_000, .span, .end, "GET /users", id: 0xa1, thread: 100, process: 10, duration: 300_000,
            details: Details(fields: span(trace, "00000000000000a1", parent: nil))),
        event(28, 9_600_000, .viewDidLoad, .begin, "G", id: 10),
    ]

    static func decoded(_ events: [Event] = events) throws -> DecodedTrace {
        try DecodedTrace(PerfettoTraceWriter.export(events, processName: "demo"))
    }

    @Test func theTraceIsWellFormed() throws {
        let trace = try Self.decoded()
        #expect(trace.problems == [])
        #expect(trace.packets.first?.sequenceFlags == 1)
    }

    @Test func everyEventIsPresent() throws {
        let trace = try Self.decoded()
        let begins = Self.events.filter { $0.phase == .begin }.count
        let ends = Self.events.filter { $0.phase == .end }.count
        let instants = Self.events.filter { $0.phase == .instant }.count
        // One slice ended and begun again (F, over E's out-of-order end); the missing begin written;
        // G closed at the end.
        #expect(trace.items(.sliceBegin).count == begins + 1 + 1)
        #expect(trace.items(.sliceEnd).count == ends + 1 + 1)
        #expect(trace.items(.instant).count == instants)
        // At their times: F begun again at E's end, Cut's begin placed dur_ns before its end, G ended at the last time.
        func times(_ phase: Phase) -> [UInt64] { Self.events.filter { $0.phase == phase }.map(\.timestamp) }
        #expect(trace.timestamps(.sliceBegin) == (times(.begin) + [6_200, 6_500]).sorted())
        #expect(trace.timestamps(.sliceEnd) == (times(.end) + [6_200, 9_600_000]).sorted())
        #expect(trace.timestamps(.instant) == times(.instant).sorted())
    }

    @Test func namesCategoriesAndAnnotations() throws {
        let trace = try Self.decoded()
        let begin = try #require(trace.items(.sliceBegin).first { $0.name == "B viewWillAppear" })
        #expect(begin.categories == ["appearance"])
        #expect(begin.annotations["animated"]?.boolValue == true)
        #expect(begin.annotations["id"]?.stringValue == "0x2")
        let instant = try #require(trace.items(.instant).first { $0.name == "B willMove Nav" })
        #expect(instant.annotations["target"]?.stringValue == "Nav")
        let layoutEnd = try #require(trace.items(.sliceEnd).first { $0.timestamp == 4_500 })
        #expect(layoutEnd.annotations["count"]?.intValue == 7)
        let step = try #require(trace.items(.sliceBegin).first { $0.name == "List frame" })
        #expect(step.annotations["text"]?.stringValue == "#1 (0, 10) budget 8.333 ms")
        let server = try #require(trace.items(.sliceBegin).first { $0.name == "span GET /users" })
        #expect(server.annotations["trace_id"]?.stringValue == Self.trace)
        #expect(server.annotations["kind"]?.stringValue == "server")
        #expect(server.annotations["attributes"]?.legacyJsonValue == #"{"http.route":"/users"}"#)
        // Each string is interned once, however often it is used.
        #expect(trace.names.count == Set(trace.names.values).count)
        #expect(trace.items(.sliceBegin).filter { $0.name == "List frame" }.count == 2)
        #expect(trace.names.values.filter { $0 == "List frame" }.count == 1)
        #expect(Set(trace.categories.values).isSuperset(of: ["appearance", "layout", "transition", "loading"]))
    }

    @Test func tracksPerProcessAndThread() throws {
        let trace = try Self.decoded()
        let processes = trace.tracks.values.filter(\.hasProcess)
        #expect(Set(processes.map(\.process.processName)) == ["demo", "demo (pid 10)", "demo (pid 20)"])
        #expect(Set(processes.map(\.process.pid)) == [1, 10, 20])
        let threads = trace.threadTracks
        #expect(Set(threads.keys) == [1, 2, 3, 4, 100, 200, 201])
        for (tid, track) in threads {
            let parent = try #require(trace.tracks[track.parentUuid])
            #expect(parent.hasProcess)
            #expect(parent.process.pid == track.thread.pid, "thread \(tid)")
        }
        #expect(threads[100]?.thread.pid == 10)
        // Callbacks are slices on their thread's track, even D's, which ends on thread 3.
        let d = try #require(trace.items(.sliceBegin).first { $0.name == "D viewDidLoad" })
        #expect(d.event.trackUuid == threads[2]?.uuid)
        let dEnd = try #require(trace.items(.sliceEnd).first { $0.timestamp == 3_000 })
        #expect(dEnd.event.trackUuid == threads[2]?.uuid)
        // Transitions and spans on async tracks of their process.
        let push = try #require(trace.items(.sliceBegin).first { $0.name == "Nav transition C" })
        #expect(trace.tracks[push.event.trackUuid]?.name == "transitions")
        #expect(trace.tracks[push.event.trackUuid]?.hasThread == false)
        let child = try #require(trace.items(.sliceBegin).first { $0.name == "span SELECT" })
        let lane = try #require(trace.tracks[child.event.trackUuid])
        #expect(lane.name == "spans")
        #expect(trace.tracks[lane.parentUuid]?.process.pid == 20)
        // The child's end, on another thread, ends on the span's track; its event too.
        let childEnd = try #require(trace.items(.sliceEnd).first { $0.timestamp == 9_400_000 })
        #expect(childEnd.event.trackUuid == lane.uuid)
        #expect(trace.items(.instant).first { $0.name == "SELECT: rows" }?.event.trackUuid == lane.uuid)
    }

    @Test func flowsConnectSpansToParentsAndPushesToAppearances() throws {
        let trace = try Self.decoded()
        let child = try #require(trace.items(.sliceBegin).first { $0.name == "span SELECT" })
        let parentEnd = try #require(trace.items(.sliceEnd).first { $0.timestamp == 9_500_000 })
        #expect(child.event.flowIds.count == 1)
        #expect(parentEnd.event.terminatingFlowIds == child.event.flowIds)
        let push = try #require(trace.items(.sliceBegin).first { $0.name == "Nav transition C" })
        let appeared = try #require(trace.items(.sliceBegin).first { $0.name == "C viewDidAppear" })
        #expect(push.event.flowIds.count == 1)
        #expect(appeared.event.terminatingFlowIds == push.event.flowIds)
        let flows = trace.items.flatMap(\.event.flowIds)
        #expect(Set(flows).count == 2)
    }

    @Test func counters() throws {
        let trace = try Self.decoded()
        #expect(trace.counter("views per layout pass") == [7])
        #expect(trace.counter("solver rows") == [12])
        #expect(trace.counter("frames over budget") == [0, 1])
        #expect(trace.tracks.values.filter(\.hasCounter).allSatisfy { $0.counter.unit == .count })
    }

    @Test func outOfOrderEndsMissingBeginsAndUnfinishedIntervals() throws {
        let trace = try Self.decoded()
        let again = trace.items(.sliceBegin).filter { $0.annotations["continued"]?.boolValue == true }
        #expect(again.map(\.name) == ["F viewDidLoad"])
        #expect(again.first?.timestamp == 6_200)
        let cut = try #require(trace.items(.sliceBegin).first { $0.name == "Cut viewWillDisappear" })
        #expect(cut.timestamp == 6_500)
        #expect(cut.annotations["begin_missing"]?.boolValue == true)
        let unfinished = trace.items(.sliceEnd).filter { $0.annotations["unfinished"]?.boolValue == true }
        #expect(unfinished.count == 1)
        #expect(unfinished.first?.timestamp == 9_600_000)
    }

    @Test func packetsAreWrittenAsEventsArrive() throws {
        var bytes: [UInt8] = []
        var sizes: [Int] = []
        let writer = PerfettoTraceWriter { bytes.append(contentsOf: $0) }
        for event in Self.events {
            try writer.add(event)
            sizes.append(bytes.count)
            // Every prefix is a whole trace.
            _ = try DecodedTrace(bytes)
        }
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 < $1 })
        try writer.finish()
        #expect(writer.byteCount == bytes.count)
        #expect(try DecodedTrace(bytes).packets.count == writer.packetCount)
    }

    @Test func anEmptyTraceNamesItsProcess() throws {
        let trace = try Self.decoded([])
        #expect(trace.problems == [])
        #expect(trace.packets.count == 1)
        #expect(trace.tracks.values.first?.process.processName == "demo")
    }

    @Test("full interning tables clear the incremental state and start again, with new iids")
    func internedTablesStayBounded() throws {
        let bytes = try PerfettoTraceWriter.export(Self.events, processName: "demo", internedLimit: 12)
        let trace = try DecodedTrace(bytes)
        #expect(trace.problems == [])
        #expect(trace.generations > 2)
        // The same trace as with unbounded tables, event for event.
        let whole = try Self.decoded()
        #expect(trace.items.map(\.timestamp) == whole.items.map(\.timestamp))
        #expect(trace.items.map(\.name) == whole.items.map(\.name))
        #expect(trace.items.map(\.categories) == whole.items.map(\.categories))
        #expect(
            trace.items.map { $0.annotations.mapValues(\.stringValue) }
                == whole.items.map { $0.annotations.mapValues(\.stringValue) })
        #expect(trace.items.map(\.event.trackUuid) == whole.items.map(\.event.trackUuid))
    }

    @Test func lanesAreReusedOnceFree() throws {
        var events: [Event] = []
        for index in 0..<10 {
            let ts = UInt64(index) * 1_000
            events.append(Self.event(UInt64(2 * index + 1), ts, .transition, .begin, "Nav", details: Details(text: "pop")))
            events.append(
                Self.event(
                    UInt64(2 * index + 2), ts + 500, .transition, .end, "Nav", duration: 500, details: Details(text: "pop")))
        }
        let trace = try Self.decoded(events)
        #expect(trace.problems == [])
        #expect(trace.tracks.values.filter { $0.name == "transitions" }.count == 1)
        #expect(trace.items.allSatisfy { $0.event.flowIds.isEmpty })
    }
}

/// The checks of ``DecodedTrace`` themselves: a trace broken on purpose is reported.
@Suite struct PerfettoCheckerTests {
    static func framed(_ packets: [Perfetto_Protos_TracePacket]) throws -> [UInt8] {
        try Perfetto_Protos_Trace.with { $0.packet = packets }.serializedBytes()
    }

    @Test func brokenTracesAreReported() throws {
        var first = Perfetto_Protos_TracePacket()
        first.trustedPacketSequenceID = 1
        first.sequenceFlags = 1
        first.trackDescriptor = .with { $0.uuid = 1 }
        var begin = Perfetto_Protos_TracePacket()
        begin.trustedPacketSequenceID = 1
        begin.sequenceFlags = 2
        begin.timestamp = 10
        begin.trackEvent = .with {
            $0.type = .sliceBegin
            $0.trackUuid = 1
            $0.nameIid = 7
            $0.terminatingFlowIds = [3]
        }
        var end = Perfetto_Protos_TracePacket()
        end.trustedPacketSequenceID = 1
        end.timestamp = 20
        end.trackEvent = .with {
            $0.type = .sliceEnd
            $0.trackUuid = 2
        }
        let problems = try DecodedTrace(Self.framed([first, begin, end])).problems
        #expect(problems.contains("packet 1: name iid 7 undefined"))
        #expect(problems.contains("flow 3 terminates at 10 before it starts"))
        #expect(problems.contains("packet 2: a track event without SEQ_NEEDS_INCREMENTAL_STATE"))
        #expect(problems.contains("packet 2: track 2 not described before"))
        #expect(problems.contains("an end at 20 on track 2 with no slice open"))
        #expect(problems.contains("track 1: 1 slices left open"))
    }
}
