// Scenario cost against its size: 100, 1 000 and 10 000-step scenarios of each kind
// that grows a hierarchy step by step, run whole on a fresh runner per sample with instrumentation
// off. The cost per step must stay flat: `tools/bench` checks that a step of the 10 000-step
// scenario costs at most twice a step of the 100-step one (before, N pushes cost about N³).
//
//   push      `nav N C0`, `launch N`, then N `push Ci animated=false` (the stack grows to N)
//   present   `launch C0`, then N `present Ci animated=false` (a presentation chain N deep)
//   children  N `child Ci+1 in Ci`, then `launch C0` (N nested children load and appear)
//   tabs      `tabs T C0 … CN-1`, `launch T`, `select-tab N-1` (N tabs; cost per tab)
//   chain     N views in Home, each after the previous by a constraint, declared before `launch
//             Home` (waiting constraints were once scanned whole at each view: quadratic)
//   nested    N views each in the previous, each pinned to its parent by four constraints,
//             declared before `launch Home` (attached by recursion before: a stack overflow)
//   hide      a 100-view stack, then N `hide`/`show` steps (each rebuilt the whole arrangement)
//   bounds    one view, then N required bounds on its width and height (`V.width >= c`,
//             `V.height <= c`), declared before `launch Home` (each bound that moved the edge once
//             rewrote every earlier bound's row: quadratic)
//
// Parsing is outside the measurement (the scenario is parsed once); the runner, its window and
// controllers are released after it.

import Benchmark
import BenchmarkSupport
import Lifetrace
import LifetraceScenario
import LifetraceUI

/// Hands a non-`Sendable` value to the main actor (the benchmark runner is single-threaded here).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// The kinds of growing scenario.
enum ScenarioKind: String, CaseIterable {
    case push, present, children, tabs, chain, nested, hide, bounds

    /// Whether the kind measures the Auto Layout steps' path.
    var isAutoLayout: Bool { self == .chain || self == .nested || self == .hide || self == .bounds }

    /// The scenario of `size` steps (tabs: `size` tabs) of this kind.
    func text(size: Int) -> String {
        var lines: [String] = []
        switch self {
        case .push:
            lines = ["nav N C0", "launch N"] + (1...size).map { "push C\($0) animated=false" }
        case .present:
            lines = ["launch C0"] + (1...size).map { "present C\($0) animated=false" }
        case .children:
            lines = (0..<size).map { "child C\($0 + 1) in C\($0)" } + ["launch C0"]
        case .tabs:
            lines = ["tabs T " + (0..<size).map { "C\($0)" }.joined(separator: " "), "launch T", "select-tab \(size - 1)"]
        case .chain:
            lines = [
                "view V0 in Home intrinsic=10x10", "constrain l0 V0.leading == Home.leading", "constrain t0 V0.top == Home.top",
            ]
            for i in 1..<size {
                lines += [
                    "view V\(i) in Home intrinsic=10x10", "constrain l\(i) V\(i).leading == V\(i - 1).trailing",
                    "constrain t\(i) V\(i).top == Home.top",
                ]
            }
            lines.append("launch Home")
        case .nested:
            for i in 0..<size {
                let parent = i == 0 ? "Home" : "V\(i - 1)"
                lines += [
                    "view V\(i) in \(parent)", "constrain l\(i) V\(i).leading == \(parent).leading",
                    "constrain t\(i) V\(i).top == \(parent).top", "constrain w\(i) V\(i).width == \(parent).width",
                    "constrain h\(i) V\(i).height == \(parent).height",
                ]
            }
            lines.append("launch Home")
        case .bounds:
            lines = ["view V in Home intrinsic=10x10", "constrain t V.top == Home.top", "constrain l V.leading == Home.leading"]
            for i in 0..<size {
                // Tighter and looser bounds mixed: each side's active bound changes often.
                lines.append(i % 2 == 0 ? "constrain b\(i) V.width >= \(i % 97)" : "constrain b\(i) V.height <= \(1000 - i % 89)")
            }
            lines.append("launch Home")
        case .hide:
            lines = ["stack S in Home axis=vertical", "constrain t S.top == Home.top", "constrain l S.leading == Home.leading"]
            lines += (0..<100).map { "view V\($0) in S intrinsic=10x10" } + ["launch Home"]
            lines += (0..<size).map { ($0 / 100) % 2 == 0 ? "hide V\($0 % 100)" : "show V\($0 % 100)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

@MainActor
enum Scenarios {
    static var parsed: [String: Scenario] = [:]

    static func scenario(_ kind: ScenarioKind, size: Int) -> Scenario {
        let key = "\(kind):\(size)"
        if let scenario = parsed[key] { return scenario }
        // The texts are well formed; a parse error is a bug of this file.
        let scenario = try! ScenarioParser.parse(kind.text(size: size), source: key)
        parsed[key] = scenario
        return scenario
    }
}

/// One sample: the whole scenario on a fresh runner.
@MainActor
func scenarioSample(_ benchmark: Benchmark, _ kind: ScenarioKind, size: Int) {
    let scenario = Scenarios.scenario(kind, size: size)
    var runner: ScenarioRunner? = ScenarioRunner()
    benchmark.startMeasurement()
    do {
        try runner?.run(scenario)
    } catch {
        fatalError("\(error)")
    }
    benchmark.stopMeasurement()
    runner = nil
}

let benchmarks: @Sendable () -> Void = {
    let quick = BenchmarkSettings.quick
    for kind in ScenarioKind.allCases {
        // The Auto Layout paths also at 100 000 (per item at 100 000 within 2× of 100).
        let sizes = quick ? [100, 10_000] : [100, 1_000, 10_000] + (kind.isAutoLayout ? [100_000] : [])
        for size in sizes {
            Benchmark(
                "scenario:\(kind.rawValue):\(size)",
                configuration: .init(
                    metrics: [.wallClock, .mallocCountTotal],
                    timeUnits: .microseconds,
                    warmupIterations: 1,
                    scalingFactor: .one,
                    maxDuration: quick ? .milliseconds(300) : .seconds(2),
                    maxIterations: size >= 100_000 ? 3 : size >= 10_000 ? 10 : 200,
                    // A whole scenario's allocation count varies by a few from run to run (hash
                    // tables' growth): one percent of tolerance.
                    thresholds: [.mallocCountTotal: .init(relative: [.p90: 1.0])],
                    setup: { LifetraceSystem.bootstrap(NoOpSink()) }
                )
            ) { benchmark async in
                let box = Unchecked(value: benchmark)
                await MainActor.run { scenarioSample(box.value, kind, size: size) }
            }
        }
    }
}
