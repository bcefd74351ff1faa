// The Auto Layout solver alone (LifetraceCassowary), on the systems of WWDC 2018 session 220's
// three hierarchy shapes and on kiwi's "enaml-like" system; `tools/bench` runs kiwi's C++ core on
// the same systems (Benchmarks/kiwi) and prints the ratios.
//
//   solver:<shape>:<n>:first-pass       edit variables, every constraint added, values read
//   solver:<shape>:<n>:constant-change  one constraint's constant moved in place, values read
//   solver:<shape>:<n>:resize           the root's size suggested (edit variables), values read
//   solver:enaml-like:update            kiwi's own benchmark: two suggestions and a read

import Benchmark
import BenchmarkSupport
import Foundation
import LifetraceCassowary
import SolverSystems

/// Systems built once per size for the incremental benchmarks (a first pass is what is measured
/// elsewhere), kept for the process's life.
final class Built: @unchecked Sendable {
    static let shared = Built()
    private var systems: [String: ShapeSystem] = [:]
    private let lock = NSLock()

    func system(_ shape: ConstraintShape, _ count: Int) -> ShapeSystem {
        lock.lock()
        defer { lock.unlock() }
        let key = "\(shape)/\(count)"
        if let built = systems[key] { return built }
        let made = ShapeSystem(shape, count: count)
        try? made.build()
        systems[key] = made
        return made
    }
}

/// The sizes of each shape: 100, 1 000 and 10 000 views, the sizes of WWDC 2018's curves (the
/// per-view growth target compares 10 000 with 100). Chains cost O(1) per constraint since the
/// solver keeps a fresh variable's required equality as its definition (Solver+Definitions.swift);
/// kiwi's solved form makes them quadratic, so tools/kiwi-floor stops its chains at 1 000.
func sizes(_ shape: ConstraintShape) -> [Int] {
    [100, 1_000, 10_000]
}

/// The shared configuration; a first pass of more than 1 000 views (up to seconds) warms up once.
///
/// A first pass's allocations are exact in a process of its own (SolverProbe counts the same number
/// every run), but a sample of 100 ms or more in the harness also counts a few of the harness's
/// own (±20 at 1 000 views): first passes allow 0.1 % (at least one), which still fails one extra
/// allocation per view. `tools/bench` applies the same tolerance.
func configuration(
    _ scaling: BenchmarkScalingFactor, firstPassOf views: Int? = nil, setup: Benchmark.BenchmarkSetupHook? = nil
) -> Benchmark.Configuration {
    var configuration = BenchmarkSettings.configuration(scaling, setup: setup)
    if let views {
        if views > 1_000 { configuration.warmupIterations = min(configuration.warmupIterations, 1) }
        configuration.thresholds = [.mallocCountTotal: .init(relative: [.p90: 0.1], absolute: [.p90: max(1, views / 10)])]
    }
    return configuration
}

let benchmarks: @Sendable () -> Void = {
    for shape in ConstraintShape.allCases {
        for count in sizes(shape) {
            Benchmark(
                "solver:\(shape):\(count):first-pass",
                configuration: configuration(.one, firstPassOf: count)
            ) { benchmark in
                for _ in benchmark.scaledIterations {
                    let system = ShapeSystem(shape, count: count)
                    benchmark.startMeasurement()
                    try system.build()
                    benchmark.stopMeasurement()
                    blackHole(system)
                }
            }
            for (measure, step) in [
                ("constant-change", { (system: ShapeSystem, round: Int) in try system.changeConstant(round: round) }),
                ("resize", { (system: ShapeSystem, round: Int) in try system.resize(round: round) }),
            ] {
                Benchmark(
                    "solver:\(shape):\(count):\(measure)",
                    configuration: configuration(.one, setup: { _ = Built.shared.system(shape, count) })
                ) { benchmark in
                    let system = Built.shared.system(shape, count)
                    var round = 0
                    benchmark.startMeasurement()
                    for _ in benchmark.scaledIterations {
                        try step(system, round)
                        round += 1
                    }
                }
            }
        }
    }
    // kiwi's own benchmark system, when tools/kiwi-floor extracted it.
    if let path = ProcessInfo.processInfo.environment["LIFETRACE_ENAML_SYSTEM"], let system = EnamlLikeSystem(path: path) {
        let box = UncheckedBox(system)
        Benchmark("solver:enaml-like:update", configuration: configuration(.kilo)) { benchmark in
            var round = 0
            for _ in benchmark.scaledIterations {
                box.value.update(round: round)
                round += 1
            }
        }
    }
}

/// Hands the system to the benchmark closure (the runner calls it on one thread at a time).
final class UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
