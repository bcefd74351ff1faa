import Foundation
import Lifetrace
import LifetraceTestSupport
import Synchronization
import Testing

/// A sink that counts flushes, to check that composite sinks pass them on.
final class FlushCountingSink: Sink {
    private let state = Mutex<(events: [UInt64], flushes: Int)>(([], 0))
    func emit(_ event: Event) { state.withLock { $0.events.append(event.seq) } }
    func flush() { state.withLock { $0.flushes += 1 } }
    var events: [UInt64] { state.withLock { $0.events } }
    var flushes: Int { state.withLock { $0.flushes } }
}

@Suite("Sinks")
struct SinkTests {
    @Test("the recording sink keeps every event in order, and forgets them on request")
    func recording() {
        let recorder = RecordingSink()
        #expect(recorder.events.isEmpty)
        let events = (1...3).map { makeEvent(seq: $0, hook: .viewDidLoad) }
        for event in events { recorder.emit(event) }
        #expect(recorder.events == events)
        recorder.removeAll()
        #expect(recorder.events.isEmpty)
    }

    @Test("the no-op sink accepts events and flushes without effect")
    func noOp() {
        let sink = NoOpSink()
        sink.emit(makeEvent())
        sink.flush()
        LifetraceSystem.withSink(sink) {
            #expect(LifetraceSystem.sink is NoOpSink)
            TestController("Silent").emitEvent(.viewDidLoad)  // goes nowhere, and does not trap
        }
    }

    @Test("the multiplex sink forwards each event to every sink in order, and every flush")
    func multiplex() {
        let first = FlushCountingSink()
        let second = FlushCountingSink()
        let sink = MultiplexSink([first, second])
        for seq in UInt64(1)...4 { sink.emit(makeEvent(seq: seq)) }
        sink.flush()
        #expect(first.events == [1, 2, 3, 4])
        #expect(second.events == [1, 2, 3, 4])
        #expect(first.flushes == 1)
        #expect(second.flushes == 1)
        #expect(MultiplexSink([]).sinks.isEmpty)
    }

    @Test("a filtered sink passes flushes on")
    func filteredFlush() {
        let base = FlushCountingSink()
        let sink = base.filtered(by: Event.Filter(hooks: ["none"]))
        sink.emit(makeEvent())
        sink.flush()
        #expect(base.events.isEmpty)
        #expect(base.flushes == 1)
    }

    @Test("the text sink writes NSLog-like lines to a file, ends only when asked")
    func textSink() throws {
        try withScratchDirectory { directory in
            let plainPath = directory.path("plain.txt")
            let endsPath = directory.path("ends.txt")
            let plain = try TextSink(to: .file(plainPath))
            let ends = try TextSink(to: .file(endsPath), format: TextSink.Format(showsEnds: true))
            let controller = TestController("B")
            let id = controller.instrumentationSubject.id
            LifetraceSystem.withSink(MultiplexSink([plain, ends])) {
                controller.withInterval(.viewWillAppear, animated: true) {}
                controller.emitEvent(.viewDidAppear, animated: false)
            }
            #expect(try readText(plainPath) == "", "buffered until flushed")
            plain.flush()
            ends.flush()
            let hex = "0x" + String(id, radix: 16)
            #expect(
                try readText(plainPath) == """
                    <B: \(hex)> viewWillAppear animated
                    <B: \(hex)> viewDidAppear not animated

                    """)
            let endLines = lines(try readText(endsPath))
            #expect(endLines.count == 3)
            #expect(
                endLines[1].wholeMatch(of: /<B: 0x[0-9a-f]+> viewWillAppear animated end [0-9]+ (ns|µs|ms)/) != nil, "\(endLines)"
            )
            #expect(plain.output.statistics.records == 2, "end records never reach the output")
        }
    }

    @Test("the JSON-lines sink writes one valid object per line, in seq order", .needs("jq"))
    func jsonLinesSink() throws {
        try withScratchDirectory { directory in
            let path = directory.path("run.jsonl")
            let sink = try JSONLinesSink(to: .file(path))
            let controller = TestController("Feed \"main\"")
            let detail = TestController("Détail")
            LifetraceSystem.withSink(sink) {
                controller.withInterval(.viewWillAppear, animated: true) {
                    controller.emitEvent(.prepareForSegue, target: detail, text: "show\tdetail")
                }
                LifetraceSystem.flush()
            }
            let text = try readText(path)
            let records = try JQ.eachLine(text, "[.event, .phase, .controller, .target, .text, .animated]")
            #expect(
                records == [
                    #"["viewWillAppear","begin","Feed \"main\"",null,null,true]"#,
                    #"["prepareForSegue","instant","Feed \"main\"","Détail","show\tdetail",null]"#,
                    #"["viewWillAppear","end","Feed \"main\"",null,null,true]"#,
                ])
            let seqs = try JQ.eachLineRaw(text, ".seq").compactMap { UInt64($0) }
            #expect(seqs.count == 3)
            #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
            #expect(sink.output.statistics.records == 3)
        }
    }

    @Test("JSON-lines and text sinks on a full disk degrade without throwing")
    func sinksOnFullDisk() throws {
        let json = try JSONLinesSink(to: .file("/dev/full"))
        let text = try TextSink(to: .file("/dev/full"))
        LifetraceSystem.withSink(MultiplexSink([json, text])) {
            for _ in 0..<3 { TestController("Full").emitEvent(.viewDidLoad) }
            LifetraceSystem.flush()
        }
        #expect(json.output.statistics.dropped == 3)
        #expect(text.output.statistics.dropped == 3)
    }
}
