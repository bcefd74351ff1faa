import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory trace [--events PATTERN]… [--filter EXPR]
/// PRODUCT [ARGS…]`: builds an executable product, runs it under a new LTTng session
/// (`tools/lttng-record`), and writes the trace and its JSON-lines conversion under `traces/`.
///
/// The product runs with `LIFETRACE_SINKS=lttng` unless the environment names sinks already.
@main
struct TracePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let events = extractor.extractOption(named: "events")
        let filters = extractor.extractOption(named: "filter")
        let remaining = extractor.remainingArguments
        guard let productName = remaining.first else {
            throw PluginFailure(
                "usage: swift package --allow-writing-to-package-directory trace [--events PATTERN]… [--filter EXPR] PRODUCT [ARGS…]"
            )
        }
        guard filters.count <= 1 else { throw PluginFailure("give --filter at most once") }

        let build = try packageManager.build(.product(productName), parameters: .init(configuration: .debug, logging: .concise))
        guard build.succeeded else {
            throw PluginFailure("building \(productName) failed:\n\(build.logText)")
        }
        guard let executable = build.builtArtifacts.first(where: { $0.kind == .executable }) else {
            throw PluginFailure("\(productName) is not an executable product")
        }

        let package = context.package.directoryURL
        let stamp = Self.timestamp()
        let output = package.appending(path: "traces/\(productName)-\(stamp)")
        let jsonl = package.appending(path: "traces/\(productName)-\(stamp).jsonl")
        var recordArguments: [String] = []
        for pattern in events { recordArguments += ["--events", pattern] }
        if let filter = filters.first { recordArguments += ["--filter", filter] }
        recordArguments += ["--output", output.path(), "--jsonl", jsonl.path(), "--", executable.url.path()]
        recordArguments += remaining.dropFirst()

        let process = Process()
        process.executableURL = package.appending(path: "tools/lttng-record")
        process.arguments = recordArguments
        process.currentDirectoryURL = package
        var environment = ProcessInfo.processInfo.environment
        if environment["LIFETRACE_SINKS"] == nil { environment["LIFETRACE_SINKS"] = "lttng" }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure("recording \(productName) failed with status \(process.terminationStatus)")
        }
        print("trace: \(output.path())")
        print("json lines: \(jsonl.path())")
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: Date())
    }
}

/// A failure with a message for the person who ran the command.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
