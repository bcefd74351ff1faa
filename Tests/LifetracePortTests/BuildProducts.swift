import Foundation
import LifetraceTestSupport

/// The package's debug build products, against which a ported file is type-checked: the
/// `UIKit` module's `.swiftmodule` (in `Modules/`) and the module maps SwiftPM writes for the C
/// targets it imports (`CLifetrace.build/module.modulemap`, …).
enum BuildProducts {
    /// The build directory (`.build/debug` or `.build/<triple>/debug`): found next to the tests,
    /// else under the package.
    static func directory() throws -> URL {
        var candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        candidates.append(Repository.root.appendingPathComponent(".build/debug"))
        for candidate in candidates {
            var probe = candidate
            for _ in 0..<4 {
                if FileManager.default.fileExists(atPath: probe.appendingPathComponent("Modules/UIKit.swiftmodule").path) {
                    return probe
                }
                probe = probe.deletingLastPathComponent()
            }
        }
        throw TestSupportError(
            "the UIKit module was not found in the build products (looked from \(candidates.map(\.path))); "
                + "build everything with `swift build --build-tests` before `swift test --skip-build`")
    }

    /// `swiftc` arguments that type-check `file` as the package's Swift 6 code against its modules.
    static func typecheckArguments(_ file: String) throws -> [String] {
        let directory = try directory()
        var arguments = ["-typecheck", "-swift-version", "6", "-I", directory.appendingPathComponent("Modules").path]
        // A C target's module map is `<target>.build/module.modulemap`: its directory is searched.
        let entries = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        for entry in entries where entry.hasSuffix(".build") {
            let targetDirectory = directory.appendingPathComponent(entry)
            if FileManager.default.fileExists(atPath: targetDirectory.appendingPathComponent("module.modulemap").path) {
                arguments += ["-I", targetDirectory.path]
            }
        }
        // Clang's module cache (safe to share between concurrent compilers), kept between runs.
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("lifetrace-port-tests-module-cache")
        arguments += ["-module-cache-path", cache.path]
        arguments.append(file)
        return arguments
    }
}
