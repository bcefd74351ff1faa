// swift-tools-version:6.1
// A Hummingbird server instrumented the ordinary way (Hummingbird's tracing and request-logging
// middleware) with Lifetrace as its swift-log and swift-distributed-tracing backends: a package of
// its own, so the root package stays fast to build. tools/e2e/hummingbird.sh records it with LTTng.
import PackageDescription

/// SwiftPM names a path dependency after its directory: the root package is `lifetrace` in a
/// checkout called lifetrace, `main` in one called main.
let root: String = {
    let parent = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "lifetrace"
    return parent.lowercased()
}()

let package = Package(
    name: "HummingbirdServer",
    dependencies: [
        .package(path: "../.."),
        // No default traits: swift-configuration and full Foundation are not needed here, and
        // leaving them out keeps the build shorter.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-otel/swift-w3c-trace-context", from: "1.0.0"),
    ],
    targets: [
        .executableTarget(
            name: "HummingbirdServer",
            dependencies: [
                .product(name: "Lifetrace", package: root),
                .product(name: "LifetraceLTTng", package: root),
                .product(name: "LifetraceLogging", package: root),
                .product(name: "LifetraceTracing", package: root),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "Instrumentation", package: "swift-distributed-tracing"),
                .product(name: "W3CTraceContext", package: "swift-w3c-trace-context"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
