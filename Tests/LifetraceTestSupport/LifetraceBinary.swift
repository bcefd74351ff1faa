import Foundation

/// The built `lifetrace` executable: next to the test bundle (`.build/debug/` or
/// `.build/<triple>/debug/`).
public enum LifetraceBinary {
    /// The executable's path; throws when it has not been built.
    public static func path() throws -> String {
        var candidates: [URL] = []
        let argument0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(argument0.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for directory in candidates {
            // The test bundle may be a directory (`…xctest/`) or a file in the build directory.
            var probe = directory
            for _ in 0..<3 {
                let file = probe.appendingPathComponent("lifetrace").path
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue,
                    FileManager.default.isExecutableFile(atPath: file)
                {
                    return file
                }
                probe = probe.deletingLastPathComponent()
            }
        }
        throw TestSupportError(
            "the lifetrace executable was not found next to the tests (looked in \(candidates.map(\.path))); "
                + "build it with `swift build --build-tests` before `swift test --skip-build`")
    }
}
