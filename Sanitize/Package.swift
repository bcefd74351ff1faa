// swift-tools-version:6.1
// The core's tests under ThreadSanitizer (tools/tsan). In a package of its own because the root's
// tests link into one bundle with LifetraceLTTng, and liblttng-ust's listener thread made TSan
// abort before any test ran (when the bundle linked liblttng-ust; the first LTTngSink now loads
// it). This one builds the core's own sources and the root's Tests/LifetraceTests (symlinks) as
// targets of its own, so the tests reach the core's package API as they do in the root, less the
// files that only run the `lifetrace` command line.
import PackageDescription

let package = Package(
    name: "LifetraceSanitize",
    targets: [
        // The core, from the root's sources.
        .target(name: "CLifetrace", path: "Sources/CLifetrace"),
        .target(name: "Lifetrace", dependencies: ["CLifetrace"], path: "Sources/Lifetrace"),
        // What ThreadSanitizer cannot see of Synchronization.Mutex's slow paths (MutexAnnotations.c).
        .target(name: "MutexAnnotations", linkerSettings: [.linkedLibrary("dl")]),
        // The root's test helpers (not a product of the root): the same sources, a module of this package.
        .target(name: "LifetraceTestSupport", path: "Tests/LifetraceTestSupport"),
        .testTarget(
            name: "LifetraceTSanTests",
            dependencies: ["Lifetrace", "LifetraceTestSupport", "MutexAnnotations"],
            path: "Tests/LifetraceTests",
            // These run the `lifetrace` executable: nothing TSan sees in-process.
            exclude: ["EmitCommandEndToEndTests.swift", "SignalFlushTests.swift", "SinkRobustnessTests.swift"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
