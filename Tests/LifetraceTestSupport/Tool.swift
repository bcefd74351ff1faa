import Foundation

/// The path of the program `name` found on `PATH`; throws when there is none.
public func tool(_ name: String) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw TestSupportError("\(name) is required but not on PATH (\(path)); run tools/setup")
}
