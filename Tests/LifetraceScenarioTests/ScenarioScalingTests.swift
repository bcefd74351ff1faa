import LifetraceScenario
import LifetraceUI
import Testing

/// Issue 16, "Linear cost in scenario size": before, N pushes cost about N³ (64× for 4× the steps),
/// 20 000 tabs 67 s. How a step's cost grows with the scenario is a time budget, so it is measured
/// where time is, by the `ScenarioCost` benchmarks: `tools/e2e/bench-quick.sh` (run by `tools/test`)
/// fails when a step at 10 000 steps costs more than twice a step at 100 in the same run. Here,
/// what must stay bounded whatever the machine: a run ends (the suite's time limit guards a hang).
@Suite("Scenario scaling", .timeLimit(.minutes(2)))
@MainActor
struct ScenarioScalingTests {
    @Test("the suggestion for a 1 MB unknown word is bounded")
    func hugeUnknownWord() {
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
}
