import Foundation

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
public struct ScratchDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates a new, empty directory with a unique name.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifetrace-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file named `name` inside the directory (not created).
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Removes the directory and everything in it; a failure is ignored.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` with a fresh scratch directory, removed afterwards.
public func withScratchDirectory<R>(_ body: (ScratchDirectory) throws -> R) throws -> R {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    return try body(directory)
}
