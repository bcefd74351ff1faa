import Lifetrace
import LifetraceScenario
import LifetraceUI
import Testing

/// Misuse is an error, never a trap: every misuse UIKit answers with an exception is
/// found before anything changes, reported at the step's file, line and the word at fault, and
/// ends the run; the runtime's state is what it was before the step.
@Suite("Scenario misuse")
@MainActor
struct MisuseScenarioTests {
    /// Runs `text` on a fresh runner inside a recording sink; returns the runner, the error and
    /// the events recorded.
    private func run(_ text: String) -> (runner: ScenarioRunner, error: ScenarioError?, events: [Event]) {
        recordedScenarioRun(text, source: "misuse.scenario")
    }

    /// The names of `controller`'s children.
    private func children(_ runner: ScenarioRunner, _ name: String) -> [String] {
        runner.existingController(named: name)?.children.map(\.name) ?? []
    }

    nonisolated static let cases: [LocatedMisuse] = [
        // Containment cycles.
        LocatedMisuse(
            scenario: "launch A\nadd-child A to A\n", line: 2, column: 11,
            message: "would make the view controller hierarchy a cycle: it is the same controller"),
        LocatedMisuse(
            scenario: "launch A\nadd-child B to A\nadd-child A to B\n", line: 3, column: 11,
            message: "would make the view controller hierarchy a cycle"),
        LocatedMisuse(
            scenario: "launch A\nadd-child B to A\nadd-child C to B\nadd-child A to C\n", line: 4, column: 11,
            message: "would make the view controller hierarchy a cycle"),
        LocatedMisuse(
            scenario: "launch A\nadd-child B to A\nadd-child A to B # the parent into its child\n", line: 3, column: 11,
            message: "cycle"),
        LocatedMisuse(
            scenario: "nav N A\nlaunch N\nadd-child N to A\n", line: 3, column: 11,
            message: "would make the view controller hierarchy a cycle"),
        LocatedMisuse(scenario: "child A in A\nlaunch A\n", line: 1, column: 7, message: "cycle: it is the same controller"),
        LocatedMisuse(
            scenario: "child B in A\nchild A in B\nlaunch A\n", line: 2, column: 7, message: "cycle: it is an ancestor of it"),
        LocatedMisuse(scenario: "child B in A\nchild C in B\nchild A in C\nlaunch A\n", line: 3, column: 7, message: "cycle"),
        LocatedMisuse(scenario: "nav N A\nchild N in A\n", line: 2, column: 7, message: "cycle: it is an ancestor of it"),
        // Setup steps.
        LocatedMisuse(scenario: "nav N N\nlaunch N\n", line: 1, column: 7, message: "N cannot contain itself"),
        LocatedMisuse(
            scenario: "nav N A A\nlaunch N\n", line: 1, column: 9,
            message: "Pushing the same view controller instance more than once is not supported (A)."),
        LocatedMisuse(scenario: "tabs T T\n", line: 1, column: 8, message: "T cannot contain itself"),
        LocatedMisuse(
            scenario: "tabs T A B A\n", line: 1, column: 12, message: "A tab bar controller cannot show A in two tabs."),
        LocatedMisuse(
            scenario: "nav N A\nset-stack N A N\nlaunch N\n", line: 2, column: 15, message: "cycle: it is the same controller"),
        LocatedMisuse(
            scenario: "nav N A\ntabs T N\nset-stack N B T\nlaunch T\n", line: 3, column: 15,
            message: "cycle: it is an ancestor or a presenter of it"),
        LocatedMisuse(
            scenario: "nav N A\nset-stack N B C B\n", line: 2, column: 17,
            message: "Pushing the same view controller instance more than once"),
        LocatedMisuse(scenario: "launch A\npresent B\nnav N A\n", line: 3, column: 7, message: "presents <B"),
        LocatedMisuse(
            scenario: "launch A\npresent B\nnav N B\n", line: 3, column: 7,
            message: "a presented view controller cannot become a child of N"),
        LocatedMisuse(
            scenario: "launch A\npresent B\ntabs T C B\n", line: 3, column: 10,
            message: "a presented view controller cannot become a child of T"),
        LocatedMisuse(
            scenario: "nav N A\nlaunch A\n", line: 2, column: 8,
            message: "should have parent view controller:(null) but actual parent is:<N"),
        LocatedMisuse(scenario: "child B in A\nlaunch B\n", line: 2, column: 8, message: "B is declared as a child of A"),
        // Presentation.
        LocatedMisuse(
            scenario: "launch A\npresent B\npresent A\n", line: 3, column: 9,
            message: "Application tried to present modally an active controller <A"),
        LocatedMisuse(
            scenario: "launch A\npresent A\n", line: 2, column: 9,
            message: "Application tried to present modally an active controller <A"),
        LocatedMisuse(
            scenario: "launch A\nadd-child B to A\npresent B\n", line: 3, column: 9,
            message: "that has a parent view controller <A"),
        LocatedMisuse(
            scenario: "nav N A\nlaunch N\npush B\npresent C\npush D\n", line: 5, column: 1,
            message: "no navigation controller in front"),
        LocatedMisuse(
            scenario: "launch A\npresent B style=pageSheet\nadd-child B to A\n", line: 3, column: 11,
            message: "a presented view controller cannot become a child of <A"),
    ]

    @Test("misuse is an error at its line and word", arguments: cases)
    func misuseIsLocated(_ example: LocatedMisuse) throws {
        try example.expectLocated(source: "misuse.scenario")
    }

    @Test("a refused add-child changes nothing: no event after the step began, no child, no view moved")
    func refusedAddChildChangesNothing() {
        let (runner, error, events) = run("launch A\nadd-child B to A\nadd-child A to B\n")
        #expect(error?.line == 3)
        #expect(children(runner, "A") == ["B"])
        #expect(children(runner, "B").isEmpty)
        let a = runner.existingController(named: "A")
        #expect(a?.view.superview === runner.window)
        let stepBegin = events.lastIndex { $0.hook == .scenarioStep && $0.phase == .begin }
        let afterStep = events[(stepBegin.map { $0 + 1 } ?? events.endIndex)...]
        #expect(afterStep.allSatisfy { $0.hook == .scenarioStep }, "\(afterStep.map(\.hook.name))")
    }

    @Test("a presentation cycle is refused before anything changes; memory warnings, rotation and dismiss then end")
    func presentationCycle() {
        let (runner, error, _) = run("launch A\npresent B\npresent A\n")
        #expect(error?.line == 3)
        let a = runner.existingController(named: "A")
        let b = runner.existingController(named: "B")
        #expect(a?.presentedViewController === b)
        #expect(b?.presentedViewController == nil)
        #expect(a?.modalPresentationStyle == .fullScreen, "the refused step's style is not kept")
        // The hierarchy stays a tree: the walks that looped or overflowed end.
        let after = ScenarioRunner()
        after.runLoop.diagnosticHandler = { _ in }
        #expect(throws: ScenarioError.self) {
            try after.run(
                try ScenarioParser.parse(
                    "launch A\npresent B style=pageSheet\npresent A\nmemory-warning\n", source: "s"))
        }
        let (_, tail, _) = run("launch A\npresent B\nmemory-warning\nrotate landscape\ndismiss\nmemory-warning\n")
        #expect(tail == nil)
    }

    @Test("presenting a controller that another presents is refused with UIKit's words")
    func presentAlreadyPresented() {
        do {
            let window = Window(runLoop: MainRunLoop())
            window.runLoop.diagnosticHandler = { _ in }
            let a = ViewController(name: "A")
            let b = ViewController(name: "B")
            let c = ViewController(name: "C")
            window.rootViewController = a
            window.makeKeyAndVisible()
            window.runLoop.runUntilIdle()
            a.present(b, animated: false)
            window.runLoop.runUntilIdle()
            b.present(c, animated: false)
            window.runLoop.runUntilIdle()
            let presentedByB = window.runLoop.diagnostics.count
            // A presents B already: asking C to present B again names B's presenter.
            c.present(b, animated: false)
            let message = window.runLoop.diagnostics.dropFirst(presentedByB).first?.message ?? ""
            #expect(message.contains("that is already being presented by <A"), "\(message)")
            #expect(c.presentedViewController == nil)
            #expect(window.frontMostController === c)
        }
    }

    @Test("adding a view into itself or into a view inside it is an error, not a trap")
    func viewIntoItself() {
        let runLoop = MainRunLoop()
        runLoop.diagnosticHandler = { _ in }
        let window = Window(runLoop: runLoop)
        let outer = View(identifier: "Outer")
        let inner = View(identifier: "Inner")
        window.addSubview(outer)
        outer.addSubview(inner)
        outer.addSubview(outer)
        inner.addSubview(outer)
        #expect(runLoop.diagnostics.map(\.severity) == [.error, .error])
        #expect(runLoop.diagnostics.first?.message.contains("Can't add self as subview") == true)
        #expect(outer.superview === window)
        #expect(inner.subviews.isEmpty)
    }
}
