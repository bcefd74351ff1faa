// swift-tools-version:6.1
// The benchmarks of Lifetrace: a separate package, so everyday builds of the root stay fast.
// Run them with `tools/bench` (ratios) or `swift package benchmark` from this directory.
import PackageDescription

/// SwiftPM names a path dependency after its directory: the root package is `lifetrace` in a
/// checkout called lifetrace, `main` in one called main.
let root: String = {
    let parent = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "lifetrace"
    return parent.lowercased()
}()

let package = Package(
    name: "LifetraceBenchmarks",
    dependencies: [
        .package(path: ".."),
        // The default traits of 1.38.1 need a package that is not available here: keep only the malloc interposer.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", exact: "1.7.3"),
    ],
    targets: [
        // The floors: the bare C work each path is compared with (an inline state check, fprintf of a JSON line).
        .target(name: "BenchmarkFloors", path: "Sources/BenchmarkFloors"),
        // The configuration every benchmark shares (metrics, quick mode, allocation thresholds).
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "LifetraceUI", package: root),
            ],
            path: "Sources/BenchmarkSupport"
        ),
        // Hook cost per event: every sink, its floor, and the peers (swift-log, swift-distributed-tracing).
        .executableTarget(
            name: "HookCost",
            dependencies: [
                "BenchmarkFloors",
                "BenchmarkSupport",
                .product(name: "Lifetrace", package: root),
                .product(name: "LifetraceLTTng", package: root),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            path: "Benchmarks/HookCost",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // swift-log and swift-distributed-tracing through Lifetrace (docs/benchmarks.md): a log call, a span, and
        // hooks, spans and logs from one thread and from two.
        .executableTarget(
            name: "ObservabilityCost",
            dependencies: [
                "BenchmarkSupport",
                "LogFixtures",
                .product(name: "Lifetrace", package: root),
                .product(name: "LifetraceLTTng", package: root),
                .product(name: "LifetraceLogging", package: root),
                .product(name: "LifetraceTracing", package: root),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            path: "Benchmarks/ObservabilityCost",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Layout-pass cost for flat and deep hierarchies, and a navigation push/pop cycle.
        .executableTarget(
            name: "LayoutCost",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Lifetrace", package: root),
                .product(name: "LifetraceLTTng", package: root),
                .product(name: "LifetraceUI", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LayoutCost",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The constraint systems of the Auto Layout benchmarks (WWDC 2018's three shapes, kiwi's enaml-like).
        .target(
            name: "SolverSystems",
            dependencies: [.product(name: "LifetraceCassowary", package: root)],
            path: "Sources/SolverSystems"
        ),
        // The Auto Layout solver alone, beside kiwi's C++ core (tools/bench runs Benchmarks/kiwi).
        .executableTarget(
            name: "SolverCost",
            dependencies: [
                "BenchmarkSupport", "SolverSystems",
                .product(name: "LifetraceCassowary", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SolverCost",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Auto Layout in the runtime: views with constraints laid out by a window's pass.
        .executableTarget(
            name: "AutoLayoutCost",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Lifetrace", package: root),
                .product(name: "LifetraceUI", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AutoLayoutCost",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Turns callgrind's instrumentation on from a probe (valgrind's client request; a no-op without its headers).
        .executableTarget(
            name: "ScenarioCost",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Lifetrace", package: root),
                .product(name: "LifetraceUI", package: root),
                .product(name: "LifetraceScenario", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ScenarioCost",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Lists scrolled frame by frame at 120 Hz (self-sizing, manual and fixed cells) and diffable applies.
        .executableTarget(
            name: "ListCost",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Lifetrace", package: root),
                .product(name: "LifetraceUI", package: root),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ListCost",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(name: "ProbeSupport", path: "Sources/ProbeSupport"),
        // The log handler the observability suite and probe both measure swift-log against.
        .target(
            name: "LogFixtures", dependencies: [.product(name: "Logging", package: "swift-log")], path: "Sources/LogFixtures"),
        // One solver measure in a loop, for callgrind (tools/bench counts both sides; docs/benchmarks.md has the command).
        .executableTarget(
            name: "SolverProbe",
            dependencies: ["ProbeSupport", "SolverSystems"],
            path: "Sources/SolverProbe"
        ),
        // The native trace reader as `lifetrace convert` runs it, for callgrind (tools/bench-readers).
        .executableTarget(
            name: "ReaderProbe",
            dependencies: [
                .product(name: "Lifetrace", package: root), .product(name: "LifetraceAnalysis", package: root),
                .product(name: "LifetraceCTF", package: root),
            ],
            path: "Sources/ReaderProbe"
        ),
        // How deep a chain of views the layout pass survives (it recurses): `swift run -c release DepthProbe N`.
        .executableTarget(
            name: "DepthProbe",
            dependencies: ["BenchmarkSupport", .product(name: "LifetraceUI", package: root)],
            path: "Sources/DepthProbe"
        ),
        // Layout passes over a window of plain views, for callgrind (tools/bench-layout-instructions):
        // the same code built with instrumentation in and compiled out (-DLIFETRACE_COMPILED_OUT).
        .executableTarget(
            name: "LayoutProbe",
            dependencies: [
                "BenchmarkSupport", .product(name: "Lifetrace", package: root), .product(name: "LifetraceUI", package: root),
            ],
            path: "Sources/LayoutProbe"
        ),
        // One swift-log or swift-distributed-tracing path through Lifetrace in a loop, for callgrind (tools/bench).
        .executableTarget(
            name: "ObservabilityProbe",
            dependencies: [
                "LogFixtures",
                .product(name: "Lifetrace", package: root),
                .product(name: "LifetraceLTTng", package: root),
                .product(name: "LifetraceLogging", package: root),
                .product(name: "LifetraceTracing", package: root),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            path: "Sources/ObservabilityProbe"
        ),
        // One hook path in a loop, for callgrind: `valgrind --tool=callgrind .build/release/HookProbe no-sink`.
        .executableTarget(
            name: "HookProbe",
            dependencies: [.product(name: "Lifetrace", package: root), .product(name: "LifetraceLTTng", package: root)],
            path: "Sources/HookProbe"
        ),
    ],
    swiftLanguageModes: [.v6]
)
