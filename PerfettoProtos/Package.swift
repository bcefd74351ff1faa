// swift-tools-version:6.1
import PackageDescription

// The Perfetto trace messages `lifetrace export --format perfetto` writes: perfetto_trace.proto (a
// subset of Perfetto's public protos, with their field numbers) and the Swift protoc-gen-swift
// generates from it, committed (tools/perfetto-proto regenerates and checks it).
//
// A package of its own, which Lifetrace's package depends on by path, so that swift-protobuf is not
// a direct dependency of Lifetrace's: `swift build` builds every executable product of the root
// package's direct dependencies, and swift-protobuf's are protoc (C++, about ten minutes on two
// cores) and protoc-gen-swift, which nothing here runs.
let package = Package(
    name: "PerfettoProtos",
    products: [
        .library(name: "PerfettoProtos", targets: ["PerfettoProtos"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0")
    ],
    targets: [
        .target(
            name: "PerfettoProtos",
            dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")],
            exclude: ["perfetto_trace.proto"]
        )
    ]
)
