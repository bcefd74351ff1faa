import Foundation
import Lifetrace
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure of the test machinery itself (a missing tool, a process that cannot start).
struct TestSupportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifetrace-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file named `name` inside the directory (not created).
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` with a fresh temporary directory, removed afterwards.
func withTemporaryDirectory<R>(_ body: (TemporaryDirectory) throws -> R) throws -> R {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    return try body(directory)
}

/// The contents of a file as UTF-8 text.
func readText(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
}

/// The lines of a text, without the final empty one after a trailing newline.
func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
}

/// What a finished process left behind.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs a program to completion, its standard output and error captured in temporary files (not
/// pipes, so no other process spawned meanwhile can hold them open), with `environment` on top of
/// this process's environment minus every `LIFETRACE_*` variable.
func runProcess(
    _ executable: String,
    _ arguments: [String],
    environment: [String: String] = [:],
    standardInput: String? = nil
) throws -> ProcessResult {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let outPath = directory.path("stdout")
    let errPath = directory.path("stderr")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    defer {
        try? out.close()
        try? err.close()
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LIFETRACE_") }
    merged.merge(environment) { _, new in new }
    process.environment = merged
    process.standardOutput = out
    process.standardError = err
    if let standardInput {
        let inPath = directory.path("stdin")
        _ = FileManager.default.createFile(atPath: inPath, contents: Data(standardInput.utf8))
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: try readText(outPath), stderr: try readText(errPath))
}

/// `jq`, run for real: the independent judge of every JSON line the sinks write.
enum JQ {
    static let path = "/usr/bin/jq"

    /// Runs `jq` with `arguments` on `input`; throws when jq is missing or fails.
    static func run(_ arguments: [String], input: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestSupportError("jq is required at \(path) to validate JSON lines but is missing; run tools/setup")
        }
        let result = try runProcess(path, arguments, standardInput: input)
        guard result.status == 0 else {
            throw TestSupportError("jq \(arguments.joined(separator: " ")) failed with status \(result.status): \(result.stderr)")
        }
        return result.stdout
    }

    /// Parses every line of `text` on its own (`jq -R 'fromjson'`), so a line split in two or two
    /// lines run together fail, and applies `filter` to each; returns one output line per input line.
    static func eachLine(_ text: String, _ filter: String = ".") throws -> [String] {
        lines(try run(["-R", "-c", "fromjson | \(filter)"], input: text))
    }

    /// Like ``eachLine(_:_:)`` with raw (`-r`) output, for strings and numbers.
    static func eachLineRaw(_ text: String, _ filter: String) throws -> [String] {
        lines(try run(["-R", "-r", "fromjson | \(filter)"], input: text))
    }
}

/// The built `lifetrace` executable: next to the test bundle (`.build/debug/` or
/// `.build/<triple>/debug/`).
enum LifetraceBinary {
    static func path() throws -> String {
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
                + "build it with `swift build` before `swift test --skip-build`")
    }
}

/// A controller of no UI framework, for tests.
final class TestController: Instrumented {
    let instrumentationName: String
    init(_ name: String) { instrumentationName = name }
}

/// A controller that keeps the default name (its type name).
final class DefaultNamedController: Instrumented {}

/// Spins (no sleep) until at least `nanoseconds` have passed on the monotonic clock.
func spin(nanoseconds: UInt64) {
    let start = MonotonicClock.now()
    while MonotonicClock.now() &- start < nanoseconds {}
}

/// A name no other test uses, so events of concurrently running tests never mix.
func uniqueName(_ prefix: String) -> String { "\(prefix)-\(UUID().uuidString.prefix(8))" }

/// Runs `body` on `count` new threads at once; returns when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        Thread {
            body(index)
            finished.leave()
        }.start()
    }
    finished.wait()
}

/// A descriptor pair from `pipe(2)`.
func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw TestSupportError("pipe failed: errno \(errno)") }
    return (fds[0], fds[1])
}

/// Builds an event with defaults, for format and filter tests.
func makeEvent(
    seq: UInt64 = 1,
    timestamp: UInt64 = 1_000,
    hook: Hook = .viewWillAppear,
    phase: Phase = .instant,
    name: String = "B",
    id: UInt = 0x6c16980,
    details: Details = .none,
    duration: UInt64? = nil,
    thread: UInt32 = 42
) -> Event {
    Event(
        seq: seq, timestamp: timestamp, hook: hook, phase: phase, subject: Subject(name: name, id: id),
        details: details, duration: duration, thread: thread)
}
