import Lifetrace
import Testing

private struct Failure: Error {}

@Suite("Instrumented controllers and probes")
struct InstrumentedTests {
    @Test("a conforming class is named after its type and identified by its address")
    func defaults() {
        let controller = DefaultNamedController()
        #expect(controller.instrumentationName == "DefaultNamedController")
        #expect(
            controller.instrumentationSubject
                == Subject(name: "DefaultNamedController", id: UInt(bitPattern: ObjectIdentifier(controller))))
        #expect(TestController("Feed").instrumentationName == "Feed")
        #expect(controller.probe.subject == controller.instrumentationSubject)
    }

    @Test("withInterval: begin and end around the body, the end carrying the duration")
    func intervalAroundBody() throws {
        let recorder = RecordingSink()
        let controller = TestController("B")
        let target = TestController("C")
        let result = LifetraceSystem.withSink(recorder) {
            controller.withInterval(untyped: .viewWillAppear, animated: true, target: target) {
                #expect(recorder.events.map(\.phase) == [.begin], "begin comes before the body")
                spin(nanoseconds: 2_000_000)
                return 42
            }
        }
        #expect(result == 42)
        let events = recorder.events
        try #require(events.count == 2)
        let (begin, end) = (events[0], events[1])
        #expect(begin.hook == .viewWillAppear && end.hook == .viewWillAppear)
        #expect(begin.phase == .begin && end.phase == .end)
        #expect(begin.subject == controller.instrumentationSubject && end.subject == begin.subject)
        #expect(begin.details == Details(target: target.instrumentationSubject, animated: true))
        #expect(end.details == begin.details)
        #expect(begin.duration == nil)
        let duration = try #require(end.duration)
        #expect(duration == end.timestamp - begin.timestamp)
        #expect(duration >= 2_000_000, "the body spun for 2 ms, the interval says \(duration) ns")
        #expect(end.seq > begin.seq)
        #expect(begin.thread != 0 && begin.thread == end.thread)
    }

    @Test("withInterval ends the interval when the body throws")
    func intervalWhenThrowing() {
        let recorder = RecordingSink()
        let error = LifetraceSystem.withSink(recorder) {
            #expect(throws: Failure.self) {
                try TestController("B").withInterval(.viewDidLoad) { throw Failure() }
            }
        }
        #expect(error != nil)
        #expect(recorder.events.map(\.phase) == [.begin, .end])
    }

    @Test("nested intervals close inside out; the outer lasts at least as long as the inner")
    func nested() throws {
        let recorder = RecordingSink()
        let parent = TestController("Parent")
        let child = TestController("Child")
        LifetraceSystem.withSink(recorder) {
            parent.withInterval(.viewWillAppear, animated: false) {
                child.withInterval(.viewWillAppear, animated: false) { spin(nanoseconds: 100_000) }
            }
        }
        let events = recorder.events
        #expect(events.map { "\($0.controller) \($0.phase)" } == ["Parent begin", "Child begin", "Child end", "Parent end"])
        let inner = try #require(events[2].duration)
        let outer = try #require(events[3].duration)
        #expect(outer >= inner)
        #expect(inner >= 100_000)
    }

    @Test("beginInterval and endInterval: the count goes on the end only")
    func beginEnd() throws {
        let recorder = RecordingSink()
        let controller = TestController("B")
        LifetraceSystem.withSink(recorder) {
            let state = controller.beginInterval(.viewWillLayoutSubviews, animated: nil)
            #expect(state.isActive)
            controller.endInterval(state, count: 5)
        }
        let events = recorder.events
        try #require(events.count == 2)
        #expect(events[0].details.count == nil)
        #expect(events[1].details.count == 5)
        #expect(events[1].duration == events[1].timestamp - events[0].timestamp)
    }

    @Test("instants carry a target and a text, no duration")
    func instant() throws {
        let recorder = RecordingSink()
        let nav = TestController("Nav")
        let shown = TestController("B")
        LifetraceSystem.withSink(recorder) {
            nav.emitEvent(.willShowViewController, animated: true, target: shown, text: "push")
        }
        let event = try #require(recorder.events.first)
        #expect(recorder.events.count == 1)
        #expect(event.phase == .instant)
        #expect(event.duration == nil)
        #expect(event.details == Details(target: shown.instrumentationSubject, animated: true, text: "push"))
        #expect(event.controller == "Nav")
    }

    @Test("probes: interval with details and a count, withInterval, instants")
    func probe() throws {
        let recorder = RecordingSink()
        let probe = Probe(name: "ImageCache", id: 7)
        let value = LifetraceSystem.withSink(recorder) {
            let state = probe.beginInterval("decode", Details(text: "photo.png"))
            spin(nanoseconds: 50_000)
            probe.endInterval(state, count: 2)
            probe.emitEvent("evict", Details(count: 1))
            return probe.withInterval(.layoutPass, Details(index: 1)) { "laid out" }
        }
        #expect(value == "laid out")
        let events = recorder.events
        #expect(
            events.map { "\($0.hook) \($0.phase)" } == [
                "decode begin", "decode end", "evict instant", "layoutPass begin", "layoutPass end",
            ])
        #expect(events.allSatisfy { $0.subject == Subject(name: "ImageCache", id: 7) })
        #expect(events[1].details == Details(text: "photo.png", count: 2))
        #expect(try #require(events[1].duration) >= 50_000)
        #expect(events[4].details.index == 1)
        #expect(Probe(subject: Subject(name: "X", id: 1)).subject.name == "X")
    }

    @Test("an inactive interval state ends silently")
    func inactiveState() {
        let recorder = RecordingSink()
        #expect(!IntervalState.inactive.isActive)
        LifetraceSystem.withSink(recorder) {
            Probe(name: "P").endInterval(.inactive, count: 1)
            TestController("B").endInterval(.inactive)
        }
        #expect(recorder.events.isEmpty)
    }

    @Test("hook names are stable strings")
    func hookNames() {
        #expect(Hook.viewWillAppear.name == "viewWillAppear")
        #expect(Hook.scenarioStep.description == "scenario.step")
        #expect(Hook.deinitialize.name == "deinit")
        #expect(Hook("custom") == "custom")
        #expect(Phase.allCases.map(\.description) == ["begin", "end", "instant"])
    }
}
