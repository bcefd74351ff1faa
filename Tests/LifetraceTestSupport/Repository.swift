import Foundation

/// The package's own directory, found from this source file, so tests reach its files (tools,
/// scenarios, tracepoints) whatever directory they were started from.
public enum Repository {
    /// The package root: two levels above `Tests/LifetraceTestSupport/`.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LifetraceTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A path relative to the root, made absolute.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
