import LifetraceScenario
import LifetraceUI
import Testing

/// Linear cost in scenario size: before, N pushes cost about N³ (64× for 4× the steps),
/// 20 000 tabs 67 s. How a step's cost grows with the scenario is a time budget, so it is measured
/// where time is, by the `ScenarioCost` benchmarks: `tools/e2e/bench-quick.sh` (run by `tools/test`)
/// fails when a step at 10 000 steps costs more than twice a step at 100 in the same run. Here,
/// what must stay bounded whatever the machine: a run ends (the suite's time limit guards a hang;
/// it is generous because the deep test shares the main actor with every other suite's tests, and
/// a loaded machine runs them all at once).
@Suite("Scenario scaling", .timeLimit(.minutes(10)))
@MainActor
struct ScenarioScalingTests {
    @Test("the suggestion for a 1 MB unknown word is bounded")
    nonisolated func hugeUnknownWord() {
        // The suggestion's edit distance looks at a bounded prefix: quadratic in a megabyte would
        // take hours, far past the suite's time limit.
        #expect(throws: ScenarioError.self) {
            try ScenarioParser.parse(String(repeating: "psuh", count: 1 << 18) + "\n", source: "huge.scenario")
        }
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse("psuh B\n", source: "s") }
        do {
            _ = try ScenarioParser.parse("psuh B\n", source: "s")
        } catch {
            #expect(error.message.contains("did you mean \"push\"?"))
        }
    }

    /// Before: views declared in a view that waits attached themselves recursively (a stack
    /// overflow at about 12 000 levels, 50 000 nested stack views). Now a worklist: 100 000
    /// levels attach, solve and lay out, bounded by memory, not the stack.
    @Test("100 000 nested views and 100 000 nested stack views declared before launch run")
    func deepDeclarations() {
        let depth = 100_000
        var views = ["view V0 in Home", "constrain top V0.top == Home.top + 1"]
        for level in 1..<depth { views.append("view V\(level) in V\(level - 1)") }
        views += ["launch Home", "set-constant top 2"]
        let (runner, error, _) = recordedScenarioRun(views.joined(separator: "\n") + "\n")
        #expect(error == nil, "\(String(describing: error))")
        #expect(runner.window.rootViewController?.view.subviews.contains { $0.identifier == "V0" } == true)

        var stacks = [
            "stack S0 in Home axis=vertical", "constrain top S0.top == Home.top", "constrain leading S0.leading == Home.leading",
        ]
        for level in 1..<depth { stacks.append("stack S\(level) in S\(level - 1) axis=vertical") }
        stacks += ["view Leaf in S\(depth - 1) intrinsic=10x20", "launch Home", "hide Leaf", "show Leaf"]
        let stacked = recordedScenarioRun(stacks.joined(separator: "\n") + "\n")
        #expect(stacked.error == nil, "\(String(describing: stacked.error))")
        let top = stacked.runner.window.rootViewController?.view.subviews.first { $0.identifier == "S0" }
        #expect(top?.frame.size == Size(width: 10, height: 20))
    }
}
