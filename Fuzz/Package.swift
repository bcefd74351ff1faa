// swift-tools-version:6.1
// libFuzzer targets for what reads untrusted text: the scenario language (parsed and run), JSON-lines
// traces, golden files. Built with `-sanitize=fuzzer` by tools/fuzz, in its own package so the root
// builds stay plain. Each target defines LLVMFuzzerTestOneInput, and its entry point hands it to
// libFuzzer's driver (FuzzDriver). The CTF packet checker's target is C and not in this package:
// tools/fuzz builds Fuzz/CTFPackets with clang.
import PackageDescription

/// SwiftPM names a path dependency after its directory (`lifetrace`, or `main` in a checkout so named).
let root: String = {
    let parent = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "lifetrace"
    return parent.lowercased()
}()

let library: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "LifetraceFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        // libFuzzer's driver, called from each target's entry point.
        .target(name: "FuzzDriver", swiftSettings: library),
        .executableTarget(
            name: "FuzzScenario",
            dependencies: [
                "FuzzDriver", .product(name: "LifetraceScenario", package: root), .product(name: "LifetraceUI", package: root),
            ],
            swiftSettings: library),
        .executableTarget(
            name: "FuzzJSONLines",
            dependencies: ["FuzzDriver", .product(name: "LifetraceAnalysis", package: root)],
            swiftSettings: library),
        .executableTarget(
            name: "FuzzGolden",
            dependencies: ["FuzzDriver", .product(name: "LifetraceScenario", package: root)],
            swiftSettings: library),
    ],
    swiftLanguageModes: [.v6]
)
