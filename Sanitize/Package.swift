// swift-tools-version:6.1
// The core's tests under ThreadSanitizer (tools/tsan). In a package of its own because the root's
// tests link into one bundle with LifetraceLTTng, and liblttng-ust's listener thread made TSan
// abort before any test ran (when the bundle linked liblttng-ust; the first LTTngSink now loads
// it). This one depends on the core alone and compiles the root's own Tests/LifetraceTests (a
// symlink), less the files that only run the `lifetrace` command line.
import PackageDescription

/// SwiftPM names a path dependency after its directory (`lifetrace`, or `main` in a checkout so named).
let root: String = {
    let parent = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "lifetrace"
    return parent.lowercased()
}()

let package = Package(
    name: "LifetraceSanitize",
    dependencies: [.package(path: "..")],
    targets: [
        // What ThreadSanitizer cannot see of Synchronization.Mutex's slow paths (MutexAnnotations.c).
        .target(name: "MutexAnnotations", linkerSettings: [.linkedLibrary("dl")]),
        // The root's test helpers (not a product of the root): the same sources, a module of this package.
        .target(name: "LifetraceTestSupport", path: "Tests/LifetraceTestSupport"),
        .testTarget(
            name: "LifetraceTSanTests",
            dependencies: [.product(name: "Lifetrace", package: root), "LifetraceTestSupport", "MutexAnnotations"],
            path: "Tests/LifetraceTests",
            // These run the `lifetrace` executable: nothing TSan sees in-process.
            // HookGateTests and ScratchLineBufferTests use the core's package API, which another package cannot see.
            exclude: [
                "EmitCommandEndToEndTests.swift", "SignalFlushTests.swift", "SinkRobustnessTests.swift", "HookGateTests.swift",
                "ScratchLineBufferTests.swift",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
