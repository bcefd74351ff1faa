import Lifetrace
import LifetraceTestSupport
import Synchronization
import Testing

/// A tracer sink that keeps what it is handed, as a system tracer would record it: parts and
/// `seq`, no timestamp; `wants` answers from a set of (hook, phase) it refuses.
final class RecordingTracer: TracerSink {
    struct Record: Hashable {
        var hook: Hook
        var phase: Phase
        var subject: Subject
        var details: Details
        var seq: UInt64
    }

    private let storage = Mutex<[Record]>([])
    private let emitted = Mutex<[Event]>([])
    let refused: Set<String>

    init(refusing refused: Set<String> = []) { self.refused = refused }

    func wants(_ hook: Hook, _ phase: Phase) -> Bool { !refused.contains("\(hook.name).\(phase)") }

    func record(_ hook: Hook, _ phase: Phase, _ subject: Subject, _ details: Details, seq: UInt64) {
        storage.withLock { $0.append(Record(hook: hook, phase: phase, subject: subject, details: details, seq: seq)) }
    }

    func emit(_ event: Event) {
        emitted.withLock { $0.append(event) }
    }

    var records: [Record] { storage.withLock { $0 } }
    var events: [Event] { emitted.withLock { $0 } }
}

@Suite("Tracer sinks: the direct path")
struct TracerSinkTests {
    @Test("installed alone, a tracer sink is handed each event's parts directly, never an Event")
    func direct() {
        let tracer = RecordingTracer()
        let controller = TestController(uniqueName("Direct"))
        let other = TestController("Other")
        LifetraceSystem.withSink(tracer) {
            controller.withInterval(.viewWillAppear, animated: true) {
                controller.emitEvent(.willShowViewController, target: other, text: "why")
            }
        }
        let records = tracer.records
        #expect(tracer.events.isEmpty)
        #expect(records.map(\.hook) == [.viewWillAppear, .willShowViewController, .viewWillAppear])
        #expect(records.map(\.phase) == [.begin, .instant, .end])
        #expect(records.allSatisfy { $0.subject == controller.instrumentationSubject })
        #expect(records[0].details == Details(animated: true))
        #expect(records[2].details == Details(animated: true), "the end repeats its begin's details")
        #expect(records[1].details == Details(target: other.instrumentationSubject, text: "why"))
        #expect(zip(records, records.dropFirst()).allSatisfy { $0.seq < $1.seq })
    }

    @Test("inside a multiplex, a tracer sink receives ordinary events, with timestamps and durations")
    func multiplexed() {
        let tracer = RecordingTracer()
        let recorder = RecordingSink()
        LifetraceSystem.withSink(MultiplexSink([tracer, recorder])) {
            TestController(uniqueName("Multiplexed")).withInterval(.viewDidAppear) {}
        }
        #expect(tracer.records.isEmpty)
        #expect(tracer.events == recorder.events)
        #expect(tracer.events.map(\.phase) == [.begin, .end])
        #expect(tracer.events.last?.duration != nil)
    }

    @Test("what the tracer does not want is not handed to it; an end it wants still comes")
    func wants() {
        let tracer = RecordingTracer(refusing: ["viewDidLoad.begin", "viewWillDisappear.begin", "viewWillDisappear.end"])
        let controller = TestController(uniqueName("Wants"))
        LifetraceSystem.withSink(tracer) {
            controller.withInterval(.viewDidLoad) {}
            controller.withInterval(.viewWillDisappear, animated: false) {}
        }
        #expect(tracer.records.map { "\($0.hook.name).\($0.phase)" } == ["viewDidLoad.end"])
    }

    @Test("an interval begun on a tracer and ended on a timed sink has no duration, not a wrong one")
    func switchedMidInterval() {
        let tracer = RecordingTracer()
        let recorder = RecordingSink()
        let controller = TestController(uniqueName("Switched"))
        let state = LifetraceSystem.withSink(tracer) { controller.beginInterval(.transition) }
        #expect(state.isActive)
        LifetraceSystem.withSink(recorder) { controller.endInterval(state) }
        let end = recorder.events.last
        #expect(end?.phase == .end)
        #expect(end?.duration == nil)
    }

    @Test("a thread's numbers keep increasing when its events alternate between the direct and the locked path")
    func pathsAlternate() {
        let tracer = RecordingTracer()
        let recorder = RecordingSink()
        let controller = TestController(uniqueName("Alternate"))
        var seqs: [UInt64] = []
        for _ in 0..<3 {
            LifetraceSystem.withSink(tracer) { controller.emitEvent(.viewDidLoad) }
            seqs.append(tracer.records.last!.seq)
            LifetraceSystem.withSink(recorder) { controller.emitEvent(.viewDidLoad) }
            seqs.append(recorder.events.last!.seq)
        }
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 }, "\(seqs)")
    }

    @Test("threads emitting at once: every record kept, seq unique and increasing on each thread")
    func concurrent() {
        let tracer = RecordingTracer()
        let name = uniqueName("Threads")
        onThreads(4) { thread in
            // Plain threads have no task: each joins the same scoped sink.
            LifetraceSystem.withSink(tracer) {
                let controller = TestController("\(name)\(thread)")
                for _ in 0..<500 { controller.withInterval(.viewWillLayoutSubviews) {} }
            }
        }
        let records = tracer.records
        #expect(records.count == 4 * 500 * 2)
        #expect(Set(records.map(\.seq)).count == records.count)
        for thread in 0..<4 {
            let seqs = records.filter { $0.subject.name == "\(name)\(thread)" }.map(\.seq)
            #expect(seqs.count == 1_000)
            #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
        }
    }
}
