// These tests drive the runtime through the scenario runner. The LifetraceUITests target must list
// "LifetraceScenario" among its dependencies in Package.swift for them to be compiled reliably.
import Lifetrace
import LifetraceScenario
import LifetraceUI
import Testing

/// Runs `text` with a fresh runner inside a recording sink; returns the runner, the trace lines
/// (`end` records dropped) and the error thrown, if any.
@MainActor
private func runScenario(_ text: String, hooks: [Hook] = Hooks.lifecycle) -> (ScenarioRunner, [String], ScenarioError?) {
    let recording = RecordingSink()
    let runner = ScenarioRunner()
    runner.runLoop.diagnosticHandler = { _ in }
    let names = Set(hooks.map(\.name))
    let failure: ScenarioError? = LifetraceSystem.withSink(recording) { () -> ScenarioError? in
        do throws(ScenarioError) {
            try runner.run(try ScenarioParser.parse(text, source: "test.scenario"))
            return nil
        } catch {
            return error
        }
    }
    let lines = recording.events.filter { $0.phase != .end && names.contains($0.hook.name) }.map(Trace.line)
    return (runner, lines, failure)
}

/// Golden README ("Scenario language") ("each misuse case (… an unknown name in a
/// scenario) with the error or warning a UIKit developer would expect"); ScenarioRunner docs: "A
/// step that cannot run … or that the runtime refuses with an error … throws a ScenarioError at the
/// step's line; warnings … are printed and the run goes on."
@Suite("Scenario runner: situations that cannot run")
@MainActor
struct ScenarioRunnerTests {
    @Test("push with no navigation controller in front fails at the step's line")
    func pushWithoutNavigation() {
        let (_, _, failure) = runScenario("launch A\npush B\n")
        #expect(failure?.line == 2)
        #expect(failure?.column == 1, "the step as a whole is at fault")
        #expect(failure?.message.contains("push B") == true)
    }

    @Test("set-stack on a controller that is not a navigation controller fails at its line")
    func setStackOnPlainController() {
        let (_, _, failure) = runScenario("nav Nav A\nlaunch Nav\n\nset-stack A B C\n")
        #expect(failure?.line == 4)
        #expect(failure?.column == 11, "the error points at A")
        #expect(failure?.message.contains("not a navigation controller") == true)
    }

    @Test("set-stack on an unknown name fails at its line")
    func setStackOnUnknownName() {
        let (_, _, failure) = runScenario("nav Nav A\nlaunch Nav\nset-stack Nope B\n")
        #expect(failure?.line == 3)
    }

    @Test("a container name declared twice fails at the second declaration")
    func declaredTwice() {
        let (_, _, failure) = runScenario("nav Nav A\n# comment\nnav Nav B\n")
        #expect(failure?.line == 3)
        #expect(failure?.column == 5)
        #expect(failure?.message.contains("already declared") == true)
    }

    @Test("an error about one argument points at its column, indentation and spacing counted")
    func errorColumns() {
        let (_, _, edit) = runScenario("launch A\n  edit   Nope\n")
        #expect(edit.map { [$0.line, $0.column] } == [2, 10])
        #expect(edit?.message.contains("Nope is not a controller with a text field") == true)
        let (_, _, tab) = runScenario("tabs T A B\nlaunch T\nselect-tab 5\n")
        #expect(tab.map { [$0.line, $0.column] } == [3, 12])
        #expect(tab?.description.contains("test.scenario:3:12:") == true, "\(String(describing: tab))")
    }

    // ordering rule 10 through the runner: the runtime's error becomes a ScenarioError.
    @Test("pushing a controller twice fails at the second push")
    func pushTwice() {
        let (runner, _, failure) = runScenario("nav Nav A\nlaunch Nav\npush B animated=false\npush B\n")
        #expect(failure?.line == 4)
        #expect(failure?.message.contains("Pushing the same view controller instance more than once is not supported") == true)
        #expect((runner.controllers["Nav"] as? NavigationController)?.viewControllers.map(\.name) == ["A", "B"])
    }

    @Test("an unknown step is a parse error at its line")
    func unknownStep() {
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse("launch A\nfrobnicate B\n", source: "t") }
        do {
            _ = try ScenarioParser.parse("launch A\nfrobnicate B\n", source: "t")
        } catch {
            #expect(error.line == 2)
        }
    }

    // Warnings do not stop a run: dismissing with nothing presented; popping the root does nothing.
    @Test("warnings and no-ops do not stop the run")
    func warningsGoOn() {
        let (runner, lines, failure) = runScenario("nav Nav A\nlaunch Nav\ndismiss\npop\npush B animated=false\n")
        #expect(failure == nil)
        #expect(runner.runLoop.diagnostics.map(\.severity) == [.warning])
        #expect(lines.suffix(2) == ["B viewWillLayoutSubviews", "B viewDidLayoutSubviews"])
    }

    // ordering rule 4 with `child CHILD in PARENT` (golden README).
    @Test("child C in P: layout top down")
    func childInParentTopDown() {
        let (_, lines, failure) = runScenario("child C in P\nlaunch P\n", hooks: Hooks.layout)
        #expect(failure == nil)
        #expect(
            lines == [
                "P viewWillLayoutSubviews", "P viewDidLayoutSubviews", "C viewWillLayoutSubviews", "C viewDidLayoutSubviews",
            ])
    }

    // ordering rule 8 via `add-child`/`remove-child`.
    @Test("add-child and remove-child while the parent is on screen")
    func addRemoveChild() {
        let (_, lines, failure) = runScenario(
            "launch P\nadd-child C to P\nremove-child C\n", hooks: Hooks.appearance + Hooks.containment)
        #expect(failure == nil)
        #expect(
            lines.filter { $0.hasPrefix("C ") } == [
                "C willMove P", "C viewWillAppear", "C viewDidAppear", "C didMove P",
                "C willMove", "C viewWillDisappear", "C viewDidDisappear", "C didMove",
            ])
    }
}
