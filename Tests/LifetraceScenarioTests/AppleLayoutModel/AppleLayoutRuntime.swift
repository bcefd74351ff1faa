import LifetraceScenario
import LifetraceUI

/// An ``AppleLayoutScenario`` through the runtime, in process: after `launch` and after every later
/// step, the frame of every view named in the window's hierarchy (its root view under the launched
/// controller's name) and what the layout engine reported.
@MainActor
enum AppleLayoutRuntime {
    /// What one step left.
    struct Step: Sendable {
        /// The step's 0-based position among the scenario's steps.
        var index: Int
        /// Each named view's frame, relative to its superview.
        var frames: [String: Rect]
        /// The engine's reports of constraints that cannot all hold, made during the step.
        var unsatisfiable: [String]
    }

    /// The run: one ``Step`` per step from `launch` on, and the error that stopped it, if any.
    struct Run: Sendable {
        var steps: [Step]
        var error: String?
    }

    static func run(_ scenario: AppleLayoutScenario) -> Run {
        let parsed: Scenario
        do {
            parsed = try ScenarioParser.parse(scenario.text, source: "apple-layout.scenario")
        } catch {
            return Run(steps: [], error: "\(error)")
        }
        let runner = ScenarioRunner()
        runner.runLoop.diagnosticHandler = { _ in }
        var rootName: String?
        var steps: [Step] = []
        for (index, step) in parsed.steps.enumerated() {
            let before = runner.runLoop.diagnostics.count
            do {
                try runner.run(step, source: parsed.source)
            } catch {
                return Run(steps: steps, error: "step \(index) (\(step.text)): \(error.message)")
            }
            if case .launch(let name) = step.action { rootName = name }
            guard let rootName, let root = runner.controllers[rootName]?.viewIfLoaded else { continue }
            let reports = runner.runLoop.diagnostics.dropFirst(before).map(\.message).filter(isConflictReport)
            steps.append(Step(index: index, frames: frames(under: root, named: rootName), unsatisfiable: reports))
        }
        return Run(steps: steps, error: nil)
    }

    /// Whether a console message reports constraints that cannot all hold (UIKit's "Unable to
    /// simultaneously satisfy constraints", or the engine refusing one of its own).
    static func isConflictReport(_ message: String) -> Bool {
        message.hasPrefix("Unable to simultaneously satisfy constraints") || message.hasPrefix("Layout engine:")
    }

    /// The frames of `root` (as `name`) and of every view under it that has an identifier.
    static func frames(under root: View, named name: String) -> [String: Rect] {
        var frames: [String: Rect] = [name: root.frame]
        root.forEachInHierarchy { view in
            if view !== root, let identifier = view.identifier { frames[identifier] = view.frame }
        }
        return frames
    }
}
