import Lifetrace
import LifetraceScenario
import LifetraceUI
import Testing

/// The transition steps (in-flight transitions, appearance forwarding) through the runner: what they do to the runtime, where
/// their events fall, and each misuse an error at its line and word.
@Suite("Scenario runner: transitions in flight and reachable runtime behaviour")
@MainActor
struct TransitionStepRunnerTests {
    /// Runs `text`; returns the runner, the error (if any) and the events.
    private func run(_ text: String) -> (runner: ScenarioRunner, error: ScenarioError?, events: [Event]) {
        recordedScenarioRun(text, source: "t.scenario")
    }

    /// `controller event [target]` of the begin and instant records of `hooks`, in order.
    private func lines(_ events: [Event], _ hooks: Set<String>) -> [String] {
        events.filter { $0.phase != .end && hooks.contains($0.hook.name) }.map(GoldenComparison.line(for:))
    }

    @Test("start leaves a push in flight; the next push finishes it first, with UIKit's warnings")
    func startLeavesPushInFlight() throws {
        let (runner, error, events) = run("nav Nav First\nlaunch Nav\nstart push Second\n")
        #expect(error == nil)
        // The scenario's end lets the push finish; but within the step it was still animating.
        #expect(lines(events, ["viewDidAppear"]).last == "Second viewDidAppear")
        let navigation = try #require(runner.existingController(named: "Nav") as? NavigationController)
        #expect(!navigation.isTransitioning)

        let nested = run("nav Nav First\nlaunch Nav\nstart push Second\npush Third\n")
        #expect(nested.error == nil)
        #expect(
            nested.runner.runLoop.diagnostics.map(\.message) == [
                "nested push animation can result in corrupted navigation bar",
                "Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted.",
            ])
        let navigationNested = try #require(nested.runner.existingController(named: "Nav") as? NavigationController)
        #expect(navigationNested.viewControllers.map(\.name) == ["First", "Second", "Third"])
    }

    @Test("advance lets only the given time pass: a 0.35 s push is still animating after 100 ms")
    func advanceStopsMidway() throws {
        let (runner, _, events) = run("nav Nav First\nlaunch Nav\nstart push Second\nadvance 100ms\n")
        // The events of the advance step: none of the push's did-callbacks.
        let advance = try #require(events.lastIndex { $0.hook == .scenarioStep && $0.details.text == "advance 100ms" })
        let during = events[advance...].prefix { !($0.hook == .scenarioStep && $0.phase == .end) }
        #expect(!during.contains { $0.hook == .viewDidAppear })
        #expect(runner.existingController(named: "Second")?.appearanceState == .appeared)  // finished at the end

        let longer = run("nav Nav First\nlaunch Nav\nstart push Second\nadvance 400ms\npush Third\n")
        #expect(longer.runner.runLoop.diagnostics.isEmpty, "the first push ended within 400 ms: no nested push")
    }

    @Test("warnings are events of the controller concerned, in their place among the callbacks")
    func warningEvents() {
        let (_, error, events) = run("launch A\npresent B\nstart dismiss\npresent C from A\n")
        #expect(error == nil)
        let kept = lines(events, ["warning", "viewDidAppear"]).suffix(2)
        #expect(Array(kept) == ["A warning", "A viewDidAppear"])
        let warning = events.first { $0.hook == .warning }
        #expect(warning?.details.text?.hasSuffix("while a presentation is in progress.") == true)
    }

    @Test("providesPresentationContextTransitionStyle: the context's transition style names the presentation")
    func providedTransitionStyle() {
        let scenario = """
            tabs Tabs Home Other
            defines-context Home on
            transition-style Home crossDissolve
            transition-style Sheet flipHorizontal
            launch Tabs
            present Sheet from Home style=currentContext
            dismiss from Sheet
            provides-context-style Home on
            present Sheet from Home style=currentContext
            """
        let (_, error, events) = run(scenario)
        #expect(error == nil)
        let texts = events.filter { $0.hook == .transition && $0.phase == .begin }.compactMap(\.details.text)
        #expect(texts == ["present currentContext flipHorizontal", "dismiss", "present currentContext crossDissolve"])
    }

    @Test("a released controller goes when its transition has finished with it, not before")
    func releaseAfterTransition() {
        let (_, error, events) = run("nav Nav First Second\nlaunch Nav\nrelease Second\npop\n")
        #expect(error == nil)
        let order = lines(events, ["didMove", "deinit", "didShowViewController"])
        let deinitIndex = order.firstIndex(of: "Second deinit")
        let didMoveIndex = order.lastIndex(of: "Second didMove")
        #expect(deinitIndex != nil && didMoveIndex != nil && deinitIndex! > didMoveIndex!, "\(order)")
        #expect(order.firstIndex(of: "Nav didShowViewController First")! < deinitIndex!)
    }

    nonisolated static let misuses: [LocatedMisuse] = [
        LocatedMisuse(scenario: "launch A\nrelease A\npresent B from A\n", line: 3, column: 16, message: "A was released"),
        LocatedMisuse(scenario: "launch A\nrelease A\nstart present B from A\n", line: 3, column: 22, message: "A was released"),
        LocatedMisuse(scenario: "launch A\nrelease Z\n", line: 2, column: 9, message: "no controller is named Z yet"),
        LocatedMisuse(scenario: "nav N A B\nlaunch N\npop-to C\n", line: 3, column: 8, message: "C is not on N's stack"),
        LocatedMisuse(scenario: "launch A\nforward-appearance A manual\n", line: 2, column: 20, message: "A is on screen"),
        LocatedMisuse(scenario: "nav N A\nforward-appearance N manual\n", line: 2, column: 20, message: "N is a container"),
        LocatedMisuse(
            scenario: "launch A\ntransition A to B\n", line: 2, column: 12, message: "A is not a child of any controller"),
        LocatedMisuse(
            scenario: "launch Box\nadd-child One to Box\ntransition One to Box\n", line: 3, column: 19, message: "cycle"),
        LocatedMisuse(
            scenario: "launch Box\nadd-child One to Box\nadd-child Two to Box\ntransition One to Two\n", line: 4, column: 19,
            message: "Two is on screen already"),
        LocatedMisuse(scenario: "launch A\ndismiss from Z\n", line: 2, column: 14, message: "no controller is named Z yet"),
        LocatedMisuse(scenario: "launch A\nend-appearance Z\n", line: 2, column: 16, message: "no controller is named Z yet"),
    ]

    @Test("misuse of the new steps is an error at the word at fault", arguments: misuses)
    func misuse(_ misuse: LocatedMisuse) throws {
        try misuse.expectLocated(source: "t.scenario")
    }
}
