import Foundation
import LifetraceTestSupport
import Testing

/// The runtime's Auto Layout against a model of Apple's documented semantics:
/// thousands of seeded random scenarios (``AppleLayoutScenario``) run in process, and the same
/// text through apple_layout_model.py, which parses it itself and solves every priority level in
/// order with kiwisolver as its arithmetic (the semantics are listed at the top of the script).
/// After `launch` and after every later step, every frame value the model determines uniquely
/// must agree within 1e-3; a step whose required constraints cannot all hold must be reported by
/// the runtime, and ends the comparison of its scenario; no other step may be.
///
/// The run's seed is printed; `LIFETRACE_APPLE_ORACLE_SEED=S swift test --filter AppleLayoutOracleTests`
/// replays it, and `LIFETRACE_APPLE_ORACLE_SCENARIO=K` with it runs scenario K alone (its text and
/// both frames after every step are printed). `LIFETRACE_APPLE_ORACLE_SCENARIOS=N` runs N scenarios
/// instead of the usual ``defaultCount`` (give it again to replay). `LIFETRACE_APPLE_ORACLE_FITTING=ACROSS,ALONG`
/// gives the model other priorities for stack views' fitting sizes than the script's (51, 49).
/// `LIFETRACE_APPLE_ORACLE_REPORT=FILE` writes every disagreement there, with its scenario. The
/// first disagreement (the first N with `LIFETRACE_APPLE_ORACLE_SHRINK=N`) is shrunk (steps dropped,
/// with what depends on them, while it still disagrees the same way) and reported with both frames
/// of every view. kiwi aborting or raising on a scenario is counted apart (a kiwi crash), never as
/// agreement or disagreement.
@Suite("Auto Layout against a model of Apple's semantics (seeded random scenarios)", .needsPythonModule("kiwisolver"))
@MainActor
struct AppleLayoutOracleTests {
    /// About a minute on two cores (the model's two processes beside the runtime).
    static let defaultCount = 8_000

    @Test("every frame the model determines agrees, after every step; conflicts reported as the model finds them")
    func agreesWithAppleModel() async throws {
        let started = Date()
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["LIFETRACE_APPLE_ORACLE_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64(UInt32.max))
        let count = environment["LIFETRACE_APPLE_ORACLE_SCENARIOS"].flatMap { Int($0) } ?? Self.defaultCount
        let only = environment["LIFETRACE_APPLE_ORACLE_SCENARIO"].flatMap { Int($0) }
        let indices = only.map { [$0] } ?? Array(0..<count)
        let scenarios = indices.map { AppleLayoutScenario.random($0, of: seed) }
        let replay =
            "LIFETRACE_APPLE_ORACLE_SEED=\(seed)"
            + (count == Self.defaultCount ? "" : " LIFETRACE_APPLE_ORACLE_SCENARIOS=\(count)")

        // The model works in its own processes while the runtime runs here.
        let model = Task.detached { try AppleLayoutModel.run(scenarios) }
        let runs = scenarios.map(AppleLayoutRuntime.run)
        let runtimeTime = Date().timeIntervalSince(started)
        let (version, fitting, replies) = try await model.value

        var total = AppleLayoutComparison.Totals()
        var failures: [(index: Int, disagreement: AppleLayoutComparison.Disagreement)] = []
        var crashes: [(index: Int, text: String)] = []
        var unreadable: [(index: Int, text: String)] = []
        for (position, reply) in replies.enumerated() {
            let index = indices[position]
            switch reply {
            case .crash(let text): crashes.append((index, text))
            case .unreadable(let text): unreadable.append((index, text))
            case .steps(let steps):
                let comparison = AppleLayoutComparison(scenarios[position], model: steps, runtime: runs[position])
                total.add(comparison)
                if let disagreement = comparison.disagreement { failures.append((index, disagreement)) }
                if only != nil {
                    print("Apple layout oracle: scenario \(index) of seed \(seed):\n\(scenarios[position].text)")
                    for step in steps {
                        print("after step \(step.index) (\(scenarios[position].lines[step.index])):")
                        print(
                            AppleLayoutComparison.frameTable(
                                model: step, runtime: runs[position].steps.first { $0.index == step.index }))
                    }
                }
            }
        }

        let kinds = AppleLayoutComparison.Kind.allCases.map { kind in
            "\(failures.count { $0.disagreement.kind == kind }) \(kind.rawValue)"
        }
        let priorities = fitting.map(AppleLayoutComparison.number).joined(separator: ", ")
        print(
            """
            Apple layout oracle: seed \(seed) (replay: \(replay)), kiwisolver \(version), \
            stack fitting priorities \(priorities) (across, along): \(scenarios.count) scenarios, \
            \(total.stepsCompared) steps and \(total.framesCompared) frames (\(total.valuesCompared) values) compared, \
            \(total.infeasibleSteps) steps with conflicting required constraints, \(total.stepsSkipped) steps not \
            compared (after those, or placing a collapsed view), \(crashes.count) kiwi crashes, \
            \(failures.count) disagreements (\(kinds.joined(separator: ", "))); \
            runtime \(String(format: "%.1f", runtimeTime)) s, total \(String(format: "%.1f", Date().timeIntervalSince(started))) s
            """)
        if !crashes.isEmpty {
            print(
                "Apple layout oracle: kiwi crashed on scenarios \(crashes.map(\.index)) (not compared); the first: \(crashes[0].text)"
            )
        }
        #expect(
            unreadable.isEmpty, "the model could not read scenarios \(unreadable.map(\.index)): \(unreadable.first?.text ?? "")")
        #expect(crashes.count <= scenarios.count / 100, "kiwi crashed on \(crashes.count) scenarios (seed \(seed))")
        #expect(only != nil || total.stepsCompared >= scenarios.count, "too few steps compared")
        if let path = environment["LIFETRACE_APPLE_ORACLE_REPORT"] {
            let report = failures.map { failure in
                "scenario \(failure.index) [\(failure.disagreement.kind.rawValue)]: \(failure.disagreement.text)\n"
                    + scenarios[indices.firstIndex(of: failure.index)!].text + "\n"
            }.joined()
            try report.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let disagreements = failures.count
        #expect(disagreements == 0, "\(disagreements) of \(scenarios.count) scenarios disagree with the model (seed \(seed))")
        for failure in failures.prefix(5) {
            print(
                """
                Apple layout oracle: seed \(seed), scenario \(failure.index) (\(replay) LIFETRACE_APPLE_ORACLE_SCENARIO=\(failure.index)), \
                \(failure.disagreement.kind.rawValue): \(failure.disagreement.text.prefix(1_000))
                """)
        }
        let shrinking = environment["LIFETRACE_APPLE_ORACLE_SHRINK"].flatMap { Int($0) } ?? 1
        for failure in failures.prefix(shrinking) {
            let original = AppleLayoutScenario.random(failure.index, of: seed)
            try reportShrunk(original, kind: failure.disagreement.kind, seed: seed, index: failure.index)
        }
    }

    /// Shrinks a disagreeing scenario (the model answering each round's candidates in one
    /// process) and records it with both frames of every view after the step that disagrees.
    private func reportShrunk(_ original: AppleLayoutScenario, kind: AppleLayoutComparison.Kind, seed: UInt64, index: Int) throws
    {
        let shrunk = try AppleLayoutScenario.shrink(original) { candidates in
            let replies = try AppleLayoutModel.run(candidates).replies
            return candidates.indices.first { Self.disagreement(candidates[$0], replies[$0])?.kind == kind }
        }
        let reply = try AppleLayoutModel.run([shrunk]).replies[0]
        let run = AppleLayoutRuntime.run(shrunk)
        guard case .steps(let steps) = reply, let disagreement = Self.disagreement(shrunk, reply, run: run) else {
            Issue.record("seed \(seed), scenario \(index): the shrunk scenario stopped disagreeing:\n\(shrunk.text)")
            return
        }
        let table = AppleLayoutComparison.frameTable(
            model: steps.first { $0.index == disagreement.step }, runtime: run.steps.first { $0.index == disagreement.step })
        Issue.record(
            """
            seed \(seed), scenario \(index), shrunk from \(original.lines.count) steps to \(shrunk.lines.count) \
            (\(disagreement.kind.rawValue)): \(disagreement.text)
            \(shrunk.text)
            frames after step \(disagreement.step) (x, y, width x height in the superview; ? where the model leaves a value free):
            \(table)
            """)
    }

    private static func disagreement(
        _ scenario: AppleLayoutScenario, _ reply: AppleLayoutModel.Reply, run: AppleLayoutRuntime.Run? = nil
    ) -> AppleLayoutComparison.Disagreement? {
        guard case .steps(let steps) = reply else { return nil }
        return AppleLayoutComparison(scenario, model: steps, runtime: run ?? AppleLayoutRuntime.run(scenario)).disagreement
    }
}
