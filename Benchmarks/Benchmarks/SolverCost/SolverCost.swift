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

/// The sizes of each shape: chains stop at 3 000 (their first pass grows with the square of
/// the chain's length, in kiwi as here: docs/benchmarks.md).
func sizes(_ shape: ConstraintShape) -> [Int] {
    if BenchmarkSettings.quick { return shape == .independent ? [100, 1_000, 10_000] : [100, 1_000] }
    return shape == .independent ? [100, 1_000, 10_000] : [100, 1_000, 3_000]
}

let benchmarks: @Sendable () -> Void = {
    for shape in ConstraintShape.allCases {
        for count in sizes(shape) {
            Benchmark(
                "solver:\(shape):\(count):first-pass",
                configuration: BenchmarkSettings.configuration(.one)
            ) { benchmark in
                for _ in benchmark.scaledIterations {
                    let system = ShapeSystem(shape, count: count)
                    benchmark.startMeasurement()
                    try system.build()
                    benchmark.stopMeasurement()
                    blackHole(system)
                }
            }
            Benchmark(
                "solver:\(shape):\(count):constant-change",
                configuration: BenchmarkSettings.configuration(.one, setup: { _ = Built.shared.system(shape, count) })
            ) { benchmark in
                let system = Built.shared.system(shape, count)
                var round = 0
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    try system.changeConstant(round: round)
                    round += 1
                }
            }
            Benchmark(
                "solver:\(shape):\(count):resize",
                configuration: BenchmarkSettings.configuration(.one, setup: { _ = Built.shared.system(shape, count) })
            ) { benchmark in
                let system = Built.shared.system(shape, count)
                var round = 0
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    try system.resize(round: round)
                    round += 1
                }
            }
        }
    }
    // kiwi's own benchmark system, when tools/kiwi-floor extracted it.
    if let path = ProcessInfo.processInfo.environment["LIFETRACE_ENAML_SYSTEM"], let system = EnamlLikeSystem(path: path) {
        let box = UncheckedBox(system)
        Benchmark("solver:enaml-like:update", configuration: BenchmarkSettings.configuration(.kilo)) { benchmark in
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
