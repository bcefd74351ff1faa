import Foundation
import LifetraceScenario
import LifetraceUI
import Testing

/// Issue 16, "Linear cost in scenario size": a scenario four times longer takes about four times
/// as long (the benchmark, `ScenarioCost`, measures it in release; this keeps it so in the debug
/// build), with room for the noise of tests running beside. Before, N pushes cost about N³ (64×
/// for 4× the steps), 20 000 tabs 67 s.
@Suite("Scenario scaling")
@MainActor
struct ScenarioScalingTests {
    /// The lower of three timings of each scenario, run whole on a fresh runner, in seconds. The
    /// runs alternate, so a burst of load from the tests running beside slows both alike.
    private func fastestRuns(_ small: String, _ large: String) throws -> (small: Double, large: Double) {
        let scenarios = [try ScenarioParser.parse(small, source: "small.scenario"), try ScenarioParser.parse(large, source: "large.scenario")]
        var best = [Double.infinity, .infinity]
        for _ in 0..<3 {
            for (index, scenario) in scenarios.enumerated() {
                let runner = ScenarioRunner()
                runner.runLoop.diagnosticHandler = { _ in }
                let start = ContinuousClock.now
                try runner.run(scenario)
                let elapsed = ContinuousClock.now - start
                best[index] = min(best[index], Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
        }
        return (best[0], best[1])
    }

    nonisolated static let kinds: [String] = ["push", "present", "add-child", "children", "tabs"]

    /// A scenario of `size` steps (tabs: of `size` tabs) of `kind`.
    private static func scenario(_ kind: String, size: Int) -> String {
        let lines: [String]
        switch kind {
        case "push": lines = ["nav N C0", "launch N"] + (1...size).map { "push C\($0) animated=false" }
        case "present": lines = ["launch C0"] + (1...size).map { "present C\($0) animated=false" }
        // A chain built on screen: O(depth) per step where UIKit itself walks (layout from the
        // window down), so it is kept short; the ratio still tells N² (16×) from N³ (64×).
        case "add-child": lines = ["launch C0"] + (1...size).map { "add-child C\($0) to C\($0 - 1)" }
        case "children": lines = (0..<size).map { "child C\($0 + 1) in C\($0)" } + ["launch C0"]
        default: lines = ["tabs T " + (0..<size).map { "C\($0)" }.joined(separator: " "), "launch T", "select-tab \(size - 1)"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("4x the steps cost at most 10x the time (linear is 4x, N² 16x; N³ was 64x)", arguments: kinds)
    func linear(_ kind: String) throws {
        let (small, large) = kind == "add-child" ? (150, 600) : kind == "tabs" ? (5_000, 20_000) : (1_000, 4_000)
        // Warm up (first-use costs of the process) before timing.
        _ = try fastestRuns(Self.scenario(kind, size: 20), Self.scenario(kind, size: 50))
        let (short, long) = try fastestRuns(Self.scenario(kind, size: small), Self.scenario(kind, size: large))
        // The on-screen chain is O(depth) per step (N² in all): it must stay below N³.
        let limit = kind == "add-child" ? 40.0 : 10.0
        #expect(long / short <= limit, "\(kind): \(small) steps \(short) s, \(large) steps \(long) s")
    }

    @Test("the suggestion for a 1 MB unknown word is bounded")
    func hugeUnknownWord() {
        let start = ContinuousClock.now
        #expect(throws: ScenarioError.self) {
            try ScenarioParser.parse(String(repeating: "psuh", count: 1 << 18) + "\n", source: "huge.scenario")
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse("psuh B\n", source: "s") }
        do {
            _ = try ScenarioParser.parse("psuh B\n", source: "s")
        } catch {
            #expect(error.message.contains("did you mean \"push\"?"))
        }
    }
}
