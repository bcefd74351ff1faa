import Lifetrace
import Testing

/// The hook methods typed by shape: each records exactly the details its shape takes.
@Suite("Hook methods typed by shape")
struct ShapedHookTests {
    @Test("each shape's methods record the details they take, under the hook they name")
    func shapesCarryTheirDetails() throws {
        let recorder = RecordingSink()
        let controller = TestController("Shapes")
        let parent = TestController("Parent")
        LifetraceSystem.withSink(recorder) {
            controller.withInterval(.viewWillAppear, animated: true) {}
            controller.withInterval(.willMove, animated: false, target: parent, text: "parent") {}
            controller.emitEvent(.viewWillTransition, animated: true, text: "375x812")
            controller.withInterval(.scenarioStep, index: 2, text: "push B") {}
            controller.endInterval(controller.beginInterval(.layoutPass), count: 3)
            controller.endInterval(controller.beginInterval(.layoutEngineSolve, text: "rows"), count: 7)
            controller.emitEvent(.frameChange, frame: nil)
        }
        let events = recorder.events
        #expect(
            events.map(\.hook) == [
                .viewWillAppear, .viewWillAppear, .willMove, .willMove, .viewWillTransition, .scenarioStep, .scenarioStep,
                .layoutPass, .layoutPass, .layoutEngineSolve, .layoutEngineSolve, .frameChange,
            ])
        #expect(events[0].details == Details(animated: true))
        #expect(events[2].details == Details(target: parent.instrumentationSubject, animated: false, text: "parent"))
        #expect(events[4].details == Details(animated: true, text: "375x812"))
        #expect(events[5].details == Details(index: 2, text: "push B"))
        #expect(events[7].details == Details())
        #expect(events[8].details.count == 3)
        #expect(events[10].details.count == 7 && events[10].details.text == "rows")
        #expect(events[11].frame == nil)
    }

    @Test("a shaped hook is the hook it names")
    func shapedIsTheHook() {
        #expect(Hook.Shaped<Hook.Shapes.Controller>.viewWillAppear.hook == .viewWillAppear)
        #expect(Hook.Shaped<Hook.Shapes.Target>.transition.hook == .transition)
        #expect(Hook.Shaped<Hook.Shapes.Count>.layoutPass.hook == .layoutPass)
        #expect(Hook.Shaped<Hook.Shapes.Frame>.layoutSubviews.hook == .layoutSubviews)
    }
}
