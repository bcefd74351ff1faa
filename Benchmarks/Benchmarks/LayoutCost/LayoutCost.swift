// Layout-pass cost: one full pass after marking every view, for flat and deep hierarchies of
// 10 … 100 000 plain views, with instrumentation off, with JSON lines to /dev/null and with the
// LTTng sink installed (enabled when `tools/bench` runs it under an LTTng session); the same pass
// on a detached hierarchy (no `layoutPass` interval) is the uninstrumented baseline. Plus a
// navigation push/pop cycle in a window on a virtual-clock run loop.
//
// Only the pass is measured (explicit start/stop around it; marking is outside). Small
// hierarchies run a thousand passes per sample (a thousand copies of the hierarchy), so that each
// sample is long enough to time.

import Benchmark
import BenchmarkSupport
import Lifetrace
import LifetraceLTTng
import LifetraceUI

/// Hands a non-`Sendable` value to the main actor (the benchmark runner is single-threaded here).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// Hierarchies are built on first use and kept for the life of the process (and shared by the
/// off / JSON / LTTng variants); a deep chain is never released, since releasing it recurses.
@MainActor
enum Fixtures {
    static var hierarchies: [String: [Hierarchy]] = [:]

    static func hierarchies(_ shape: HierarchyShape, count: Int, copies: Int, inWindow: Bool) -> [Hierarchy] {
        let key = "\(shape)/\(count)/\(copies)/\(inWindow)"
        if let built = hierarchies[key] { return built }
        let built = (0..<copies).map { _ in Hierarchy(shape, count: count, inWindow: inWindow) }
        hierarchies[key] = built
        return built
    }

    static var navigation: (runLoop: MainRunLoop, navigation: NavigationController, detail: ViewController)?

    /// A navigation controller on screen in a key window, and a controller to push.
    static func navigationFixture() -> (runLoop: MainRunLoop, navigation: NavigationController, detail: ViewController) {
        if let navigation { return navigation }
        let runLoop = MainRunLoop(clock: .virtual)
        let window = Window(runLoop: runLoop)
        let navigationController = NavigationController(rootViewController: ViewController(name: "Root"), name: "Navigation")
        window.rootViewController = navigationController
        window.makeKeyAndVisible()
        runLoop.runUntilIdle()
        let fixture = (runLoop, navigationController, ViewController(name: "Detail"))
        navigation = fixture
        windows.append(window)
        return fixture
    }

    static var windows: [Window] = []
}

/// One sample: mark every view of every copy, then time one pass of each.
@MainActor
func layoutSample(_ benchmark: Benchmark, _ shape: HierarchyShape, count: Int, copies: Int, inWindow: Bool) {
    let hierarchies = Fixtures.hierarchies(shape, count: count, copies: copies, inWindow: inWindow)
    for hierarchy in hierarchies { hierarchy.markAll() }
    benchmark.startMeasurement()
    for hierarchy in hierarchies { hierarchy.pass() }
    benchmark.stopMeasurement()
}

/// One sample: push a controller (animated) and pop it (animated), turning the run loop until idle after each.
@MainActor
func pushPopSample(_ benchmark: Benchmark) {
    let (runLoop, navigation, detail) = Fixtures.navigationFixture()
    benchmark.startMeasurement()
    navigation.pushViewController(detail, animated: true)
    runLoop.runUntilIdle()
    navigation.popViewController(animated: true)
    runLoop.runUntilIdle()
    benchmark.stopMeasurement()
}

/// The sinks a layout benchmark runs with.
enum Instrumentation: String, CaseIterable {
    /// No sink: instrumentation off.
    case off
    /// JSON lines to /dev/null.
    case jsonl
    /// The LTTng sink (its tracepoints enabled only under a session).
    case lttng
    /// Off, on a detached hierarchy: the pass without its `layoutPass` interval.
    case bare

    func install() throws {
        switch self {
        case .off, .bare: LifetraceSystem.bootstrap(NoOpSink())
        case .jsonl: LifetraceSystem.bootstrap(try JSONLinesSink(to: .file("/dev/null")))
        case .lttng: LifetraceSystem.bootstrap(LTTngSink())
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    let quick = BenchmarkSettings.quick
    // Quick: the sizes the per-view ratio and the overhead need.
    let flatSizes = quick ? [1_000, 100_000] : [10, 100, 1_000, 10_000, 100_000]
    // Deep chains stop at 50 000: moving a chain into a window recurses once per level and
    // overflows the main thread's 8 MiB stack at about 52 000 levels (the pass itself at about
    // 105 000); see DepthProbe and docs/benchmarks.md.
    let deepSizes = quick ? [1_000] : [10, 100, 1_000, 10_000, 50_000]
    let variants: [Instrumentation] = quick ? [.off, .bare, .jsonl, .lttng] : Instrumentation.allCases

    for (shape, sizes) in [(HierarchyShape.flat, flatSizes), (.deep, deepSizes)] {
        for count in sizes {
            // A thousand copies (and passes) per sample below 1 000 views.
            let copies = count < 1_000 ? 1_000 : 1
            let scaling: BenchmarkScalingFactor = copies == 1 ? .one : .kilo
            for variant in variants {
                let inWindow = variant != .bare
                Benchmark(
                    "layout:\(shape):\(count):\(variant)",
                    configuration: BenchmarkSettings.configuration(scaling, setup: { try variant.install() })
                ) { benchmark async in
                    let box = Unchecked(value: benchmark)
                    await MainActor.run { layoutSample(box.value, shape, count: count, copies: copies, inWindow: inWindow) }
                }
            }
        }
    }

    for variant in [Instrumentation.off, .jsonl] {
        Benchmark(
            "navigation:push-pop:\(variant)",
            configuration: BenchmarkSettings.configuration(.one, setup: { try variant.install() })
        ) { benchmark async in
            let box = Unchecked(value: benchmark)
            await MainActor.run { pushPopSample(box.value) }
        }
    }
}
