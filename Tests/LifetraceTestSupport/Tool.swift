import Foundation
import Testing

/// The path of the program `name` found on `PATH`; throws when there is none.
public func tool(_ name: String) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw TestSupportError("\(name) is required but not on PATH (\(path)); run tools/setup")
}

/// What tests need from outside the package: programs on `PATH` (jq, lttng, babeltrace2,
/// chromium, protoc) and Python modules (kiwisolver).
///
/// Under a bare `swift test` a test whose tool is missing is skipped, and Swift Testing prints
/// why (`needs jq on PATH: tools/setup installs it`). `tools/test` installs every tool and sets
/// `LIFETRACE_TEST_REQUIRE_TOOLS=1`: there a missing tool runs the test anyway, which fails saying
/// what is missing, so the full suite never passes by skipping.
public enum ExternalTools {
    /// Whether every test must run (`LIFETRACE_TEST_REQUIRE_TOOLS=1`, set by tools/test).
    public static var areRequired: Bool { ProcessInfo.processInfo.environment["LIFETRACE_TEST_REQUIRE_TOOLS"] == "1" }

    /// The programs of `names` not on `PATH`.
    public static func missing(_ names: [String]) -> [String] { names.filter { (try? tool($0)) == nil } }

    /// Whether python3 imports `module`.
    public static func hasPythonModule(_ module: String) -> Bool {
        guard let python = try? tool("python3"),
            let result = try? runProcess(python, ["-c", "import \(module)"])
        else { return false }
        return result.status == 0
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite when every program of `names` is on `PATH`; otherwise skips it,
    /// saying which are missing, unless tools/test requires every test (``ExternalTools``).
    public static func needs(_ names: String...) -> Self {
        let missing = ExternalTools.missing(names)
        return .enabled(
            if: missing.isEmpty || ExternalTools.areRequired,
            Comment(rawValue: "needs \(missing.joined(separator: ", ")) on PATH: tools/setup installs it"))
    }

    /// Runs the test or suite when python3 imports `module`; otherwise skips it with the reason,
    /// unless tools/test requires every test.
    public static func needsPythonModule(_ module: String) -> Self {
        let present = ExternalTools.hasPythonModule(module)
        return .enabled(
            if: present || ExternalTools.areRequired,
            Comment(rawValue: "needs the Python module \(module): tools/setup installs it (pip)"))
    }
}
