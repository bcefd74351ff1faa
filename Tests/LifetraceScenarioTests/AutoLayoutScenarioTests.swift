import Foundation
import Lifetrace
import LifetraceScenario
import LifetraceTestSupport
import LifetraceUI
import Testing

/// The Auto Layout example scenarios through the runner: UIKit's pass order in their traces, the
/// cost of a constant change, the conflict report.
@Suite("Auto Layout scenarios")
@MainActor
struct AutoLayoutScenarioTests {
    /// Runs a scenario of `Scenarios/` and returns its events without `end` records, by step text.
    private func run(_ name: String) throws -> (steps: [String: [Event]], runner: ScenarioRunner) {
        let scenario = try ScenarioParser.parse(
            contentsOfFile: Repository.root.appendingPathComponent("Scenarios/\(name)").path)
        let recording = RecordingSink()
        let runner = ScenarioRunner()
        runner.runLoop.diagnosticHandler = { _ in }
        try LifetraceSystem.withSink(recording) { try runner.run(scenario) }
        var steps: [String: [Event]] = [:]
        var current = ""
        for event in recording.events where event.phase != .end {
            if event.hook == .scenarioStep {
                current = event.details.text ?? ""
            } else {
                steps[current, default: []].append(event)
            }
        }
        return (steps, runner)
    }

    @Test("launch: every updateConstraints, then the solve, then every layoutSubviews")
    func passOrder() throws {
        let (steps, _) = try run("auto-layout.scenario")
        let launch = try #require(steps["launch Home"]).map(\.hook)
        let solve = try #require(launch.firstIndex(of: .layoutEngineSolve))
        let lastUpdate = try #require(launch.lastIndex(of: .updateConstraints))
        let firstLayout = try #require(launch.firstIndex(of: .layoutSubviews))
        #expect(lastUpdate < solve && solve < firstLayout)
        #expect(launch.firstIndex(of: .updateViewConstraints)! < solve)
        #expect(launch.filter { $0 == .layoutEngineSolve }.count == 1)
    }

    @Test("a constant change: one solve, no constraint pass, only the moved views' superview re-laid out")
    func constantChange() throws {
        let (steps, _) = try run("auto-layout.scenario")
        let change = try #require(steps["set-constant titleTop 40"])
        #expect(change.filter { $0.hook == .layoutEngineSolve }.count == 1)
        #expect(!change.contains { $0.hook == .updateConstraints })
        #expect(change.filter { $0.hook == .layoutSubviews }.map(\.controller) == ["Home.view"])
        let hide = try #require(steps["hide Middle"])
        #expect(hide.filter { $0.hook == .updateConstraints }.map(\.controller) == ["Row"], "the stack rebuilds its arrangement")
    }

    @Test("conflicting widths: UIKit's report, both constraints named, the first width kept")
    func unsatisfiable() throws {
        let (steps, runner) = try run("unsatisfiable.scenario")
        let launch = try #require(steps["launch Root"])
        let report = try #require(launch.first { $0.hook == .unsatisfiableConstraints })
        #expect(report.controller == "Box")
        #expect(report.details.text?.contains("'narrow'") == true)
        #expect(report.details.text?.contains("breaking constraint") == true)
        #expect(runner.runLoop.diagnostics.contains { $0.message.hasPrefix("Unable to simultaneously satisfy constraints.") })
        let box = try #require(runner.window.rootViewController?.view.subviews.first { $0.identifier == "Box" })
        #expect(box.frame.width == 100)
    }

    /// Before: a constraint declared before launch between a view of a child controller and its
    /// parent's view failed ("no common ancestor": the child's view loads before its parent adds
    /// it) though it worked after launch; it now waits for the step that relates its items, and a
    /// step that leaves them unrelated fails naming the constraint, not addresses.
    @Test("a constraint between a child's view and its parent's, declared before launch, activates")
    func constraintAcrossChildBeforeLaunch() throws {
        let text =
            "child B in A\nview V in B intrinsic=10x10\nconstrain c V.top == A.top + 10\nconstrain l V.leading == A.leading + 4\nlaunch A\n"
        let (runner, error, _) = recordedScenarioRun(text)
        #expect(error == nil, "\(String(describing: error))")
        let a = try #require(runner.existingController(named: "A"))
        let v = try #require(runner.existingController(named: "B")?.view.subviews.first { $0.identifier == "V" })
        var origin = (x: 0.0, y: 0.0)
        var current: View? = v
        while let view = current, view !== a.view {
            origin = (origin.x + view.frame.origin.x, origin.y + view.frame.origin.y)
            current = view.superview
        }
        #expect(current === a.view && origin == (4, 10))

        let unrelated = recordedScenarioRun("launch A\npresent B\nview V in B\nview W in A\nconstrain c V.top == W.top + 10\n")
        let failure = try #require(unrelated.error)
        #expect(failure.line == 5)
        #expect(failure.message.contains("Unable to activate constraint c because V and W have no common ancestor"))
    }

    /// A stack constraint the engine refused once (a hidden view's spacing against a pinned
    /// width) is tried again when the arrangement is next rebuilt, once the conflict is gone.
    @Test("a refused arrangement constraint is retried at the next rebuild")
    func refusedArrangementConstraintRetried() throws {
        let text = """
            stack Row in Home axis=horizontal spacing=8 alignment=center
            view Left in Row intrinsic=80x20
            view Middle in Row intrinsic=60x24
            view Right in Row intrinsic=70x20
            constrain rowTop Row.top == Home.top + 100
            constrain rowLeading Row.leading == Home.leading + 10
            constrain lw Left.width == 80
            constrain rw Right.width == 70
            constrain row Row.width == 226
            launch Home
            hide Middle
            deactivate row
            view Extra in Row intrinsic=10x10

            """
        let (runner, error, _) = recordedScenarioRun(text)
        #expect(error == nil, "\(String(describing: error))")
        let row = try #require(runner.existingController(named: "Home")?.view.subviews.first { $0.identifier == "Row" })
        let frames = Dictionary(
            uniqueKeysWithValues: row.subviews.compactMap { view in view.identifier.map { ($0, view.frame) } })
        #expect(frames["Right"]?.origin.x == 88 && frames["Extra"]?.origin.x == 166, "\(frames)")
    }

    /// A constraint naming a storyboard scene not instantiated yet activates when a segue makes
    /// the scene and its view loads.
    @Test("a constraint on a scene instantiated later activates when its view loads")
    func constraintOnLaterScene() {
        let text = """
            scene Nav in Main nav Home initial=true
            scene Detail in Main
            instantiate Main
            launch Nav
            constrain c Detail.width >= 100
            segue Detail
            set-constant c 50

            """
        let (_, error, _) = recordedScenarioRun(text)
        #expect(error == nil, "\(String(describing: error))")
    }
}
