// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "lifetrace",
    products: [
        .library(name: "Lifetrace", targets: ["Lifetrace"]),
        .library(name: "LifetraceLTTng", targets: ["LifetraceLTTng"]),
        .library(name: "LifetraceCassowary", targets: ["LifetraceCassowary"]),
        .library(name: "LifetraceUI", targets: ["LifetraceUI"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "LifetraceScenario", targets: ["LifetraceScenario"]),
        .library(name: "LifetraceAnalysis", targets: ["LifetraceAnalysis"]),
        .library(name: "LifetraceCTF", targets: ["LifetraceCTF"]),
        .library(name: "LifetraceLogging", targets: ["LifetraceLogging"]),
        .library(name: "LifetraceTracing", targets: ["LifetraceTracing"]),
        .library(name: "LifetraceBridge", targets: ["LifetraceBridge"]),
        .executable(name: "lifetrace", targets: ["lifetrace"]),
        .plugin(name: "TracePlugin", targets: ["TracePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        // `swift package generate-documentation`: the DocC catalogs, checked by tools/docs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Swift's observability APIs, which LifetraceLogging and LifetraceTracing implement.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/swift-otel/swift-w3c-trace-context", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // `lifetrace port`: rewrites what Linux Swift cannot compile (target–action, outlets).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // `lifetrace export --format perfetto`: Perfetto's trace messages, generated with swift-protobuf,
        // in a package of its own so that `swift build` does not build swift-protobuf's protoc and
        // protoc-gen-swift (PerfettoProtos/Package.swift).
        .package(path: "PerfettoProtos"),
    ],
    targets: [
        // The instrumentation core: no dependency on any UI runtime. CLifetrace holds its hot-path
        // state, so hooks read it with one inlined load.
        .target(name: "CLifetrace"),
        .target(name: "Lifetrace", dependencies: ["CLifetrace"]),
        // The LTTng-UST provider `lifetrace`, checked in (a build-tool plugin cannot generate C
        // here); linked into exactly one product, LifetraceLTTng. liblttng-ust itself is not linked:
        // the first LTTngSink loads it (tracepoints/provider_loading.h), so start-up does not pay
        // for it (docs/benchmarks.md, start-up).
        .target(
            name: "LifetraceTracepoints",
            path: "tracepoints",
            exclude: ["hooks.def", "lifetrace_provider.h", "provider_loading.h"],
            publicHeadersPath: "include",
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]
        ),
        // The LTTng sink.
        .target(name: "LifetraceLTTng", dependencies: ["Lifetrace", "LifetraceTracepoints"]),
        // An incremental Cassowary constraint solver (Badros, Borning & Stuckey 2001): Auto Layout's
        // engine, with no dependency on the runtime so it is tested and benchmarked alone.
        // Release builds leave out the runtime exclusivity checks of the solver's storage (a quarter of
        // its instructions): the solver never reaches its storage re-entrantly, which the debug
        // build, with the checks, verifies under the tests (oracle, properties, Auto Layout).
        .target(
            name: "LifetraceCassowary",
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // Text shaping with HarfBuzz (Debian's libharfbuzz0b, fonts from fonts-dejavu-core), loaded
        // on first use, not linked: labels and buttons measure their text with it.
        .target(name: "CLifetraceText", linkerSettings: [.linkedLibrary("dl")]),
        // The headless UIKit-style view-controller runtime.
        .target(name: "LifetraceUI", dependencies: ["Lifetrace", "LifetraceCassowary", "CLifetraceText"]),
        // `import UIKit` on Linux: the runtime under UIKit's names and signatures, so controllers
        // written for iOS compile unchanged (docs/uikit-module.md).
        // `_Testing_UIKit`: the cross-import overlay swift-testing asks for when a file imports
        // both Testing and UIKit (empty; Sources/_Testing_UIKit).
        .target(name: "UIKit", dependencies: ["Lifetrace", "LifetraceUI", "_Testing_UIKit"]),
        .target(name: "_Testing_UIKit"),
        // The scenario language: parser, runner, golden-trace checks.
        .target(name: "LifetraceScenario", dependencies: ["Lifetrace", "LifetraceUI"]),
        // Reading traces back: statistics, the HTML report, Chrome trace export, diffs. Release
        // builds leave out the runtime exclusivity checks, as the solver's and the CTF reader's do:
        // a reader's state is changed only by its own `next()` (the debug build, with the checks,
        // verifies it under the reader tests).
        .target(
            name: "LifetraceAnalysis",
            dependencies: ["Lifetrace", .product(name: "Histogram", package: "hdrhistogram-swift")],
            // The report's style sheet and scripts: compiled in from ReportAssets+Files.swift, which
            // tools/report-assets writes from them (a plugin's tool cannot link under tools/fuzz).
            exclude: ["Report"],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // Reading LTTng's CTF traces, recorded or live, with libbabeltrace2 (Debian's
        // libbabeltrace2-dev): a C graph whose sink hands each event over as one flat record.
        // The library is loaded on first use, not linked (babeltrace_library.h; docs/benchmarks.md, start-up).
        // A recorded trace's metadata and packets are checked first, without the library
        // (lifetrace_ctf_check.h), so babeltrace2 never reads an impossible packet.
        .target(name: "CLifetraceCTF", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        // Release builds leave out the runtime exclusivity checks, as the solver's do: the decoder's
        // callbacks change the reader's state only inside a step, which touches it no other way
        // (the debug build, with the checks, verifies it under the reader tests).
        .target(
            name: "LifetraceCTF",
            dependencies: ["Lifetrace", "LifetraceAnalysis", "CLifetraceCTF"],
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // swift-log's backend: each log record is a Lifetrace event (`lifetrace:log_*` in LTTng).
        .target(
            name: "LifetraceLogging",
            dependencies: ["Lifetrace", "LifetraceTracing", .product(name: "Logging", package: "swift-log")]
        ),
        // swift-distributed-tracing's backend: each span is a Lifetrace interval (`lifetrace:span_*`).
        .target(
            name: "LifetraceTracing",
            dependencies: [
                "Lifetrace",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "W3CTraceContext", package: "swift-w3c-trace-context"),
            ]
        ),
        // The way out: hooks as spans of the bootstrapped tracer, durations as swift-metrics timers.
        .target(
            name: "LifetraceBridge",
            dependencies: [
                "Lifetrace", "LifetraceTracing",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        // Perfetto's native trace format (`lifetrace export --format perfetto`): the streaming exporter,
        // on the messages of PerfettoProtos (perfetto_trace.proto, a subset of Perfetto's trace protos,
        // and the Swift generated from it).
        .target(
            name: "LifetracePerfetto",
            dependencies: ["Lifetrace", "LifetraceAnalysis", .product(name: "PerfettoProtos", package: "PerfettoProtos")]
        ),
        // `lifetrace port`: the mechanical rewrite of iOS idioms Linux Swift cannot compile.
        .target(
            name: "LifetracePort",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "lifetrace",
            dependencies: [
                "Lifetrace", "LifetraceLTTng", "LifetraceUI", "LifetraceScenario", "LifetraceAnalysis",
                "LifetraceCTF", "LifetracePerfetto", "LifetracePort",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Release builds link the Swift runtime and libraries statically: loading a dozen Swift
            // shared objects was a fifth of `lifetrace run`'s start-up (docs/benchmarks.md).
            // (Foundation's C shims and ICU are not in the static link's default libraries.)
            // `-z nostart-stop-gc`: lld's --gc-sections drops a section that only __start_/__stop_
            // symbols reach, and the provider's tracepoint pointers (lttng_ust_tracepoints_ptrs) are
            // reached only so: without it no tracepoint of a release build is ever registered.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "nostart-stop-gc"],
                    .when(configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(configuration: .release)),
                // Foundation's own libraries (the runtime's geometry, CGRect and its kin, is Foundation's).
                .linkedLibrary("CoreFoundation", .when(configuration: .release)),
                .linkedLibrary("_FoundationICU", .when(configuration: .release)),
            ]
        ),
        // `swift package --allow-writing-to-package-directory trace PRODUCT [ARGS…]`.
        .plugin(
            name: "TracePlugin",
            capability: .command(
                intent: .custom(verb: "trace", description: "Record an executable product under an LTTng session into traces/"),
                permissions: [.writeToPackageDirectory(reason: "The trace and its JSON lines are written under traces/.")]
            )
        ),
        // Helpers shared by the test targets: scratch directories, processes, jq, the built binary.
        .target(name: "LifetraceTestSupport", path: "Tests/LifetraceTestSupport"),
        .testTarget(name: "LifetraceTests", dependencies: ["Lifetrace", "LifetraceTestSupport"]),
        .testTarget(name: "LifetraceUITests", dependencies: ["Lifetrace", "LifetraceUI", "LifetraceScenario"]),
        .testTarget(name: "LifetracePortTests", dependencies: ["LifetracePort", "LifetraceTestSupport"]),
        // Controllers written as for iOS (`import UIKit` and nothing else), run and traced.
        .testTarget(name: "UIKitTests", dependencies: ["UIKit", "Lifetrace", "LifetraceScenario", "LifetraceTestSupport"]),
        .testTarget(
            name: "LifetraceScenarioTests",
            dependencies: ["Lifetrace", "LifetraceUI", "LifetraceScenario", "LifetraceTestSupport"],
            exclude: ["AppleLayoutModel/apple_layout_model.py", "AppleLayoutModel/apple_layout_scenario.py"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "LifetraceAnalysisTests", dependencies: ["Lifetrace", "LifetraceAnalysis", "LifetraceTestSupport"]),
        .testTarget(
            name: "LifetracePerfettoTests",
            dependencies: [
                "Lifetrace", "LifetraceAnalysis", "LifetracePerfetto", "LifetraceTestSupport",
                .product(name: "PerfettoProtos", package: "PerfettoProtos"),
            ]
        ),
        .testTarget(
            name: "LifetraceCassowaryTests",
            dependencies: [
                "LifetraceCassowary", "LifetraceTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["KiwiOracle/kiwi_replay.py"]
        ),
        .testTarget(
            name: "LifetraceLTTngTests",
            dependencies: ["Lifetrace", "LifetraceLTTng", "LifetraceAnalysis", "LifetraceCTF", "LifetraceTestSupport"]
        ),
        // The LTTng tests' emitter of swift-log records and spans (a process of its own, traced by a
        // session of the tests' own daemon as its user).
        .executableTarget(
            name: "ObservabilityEmitter",
            dependencies: [
                "Lifetrace", "LifetraceLTTng", "LifetraceLogging", "LifetraceTracing",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            path: "Tests/ObservabilityEmitter"
        ),
        .testTarget(
            name: "LifetraceObservabilityTests",
            dependencies: [
                "Lifetrace", "LifetraceLogging", "LifetraceTracing", "LifetraceBridge", "LifetraceAnalysis",
                "LifetracePerfetto", "LifetraceTestSupport", .product(name: "PerfettoProtos", package: "PerfettoProtos"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
