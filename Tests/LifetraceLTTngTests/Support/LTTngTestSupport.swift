import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure of the test machinery itself (a missing tool, a process that cannot start).
struct LTTngTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Paths of the package: its root (found from this file), its tools and its scenarios.
enum Repository {
    /// The package root: three levels above `Tests/LifetraceLTTngTests/Support/`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // LifetraceLTTngTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// A path relative to the root, made absolute.
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// `tools/lttng-record`.
    static var lttngRecord: String { path("tools/lttng-record") }

    /// `tools/ctf2jsonl`.
    static var ctf2jsonl: String { path("tools/ctf2jsonl") }

    /// The file names of every `Scenarios/*.scenario`, sorted (the arguments of a parameterized test).
    static let scenarioNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("Scenarios"))) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted()
    }()

    /// The absolute path of a scenario file.
    static func scenario(_ name: String) -> String { path("Scenarios/\(name)") }
}

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifetrace-lttng-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory (not created).
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` with a fresh scratch directory, removed afterwards.
func withScratchDirectory<R>(_ body: (ScratchDirectory) throws -> R) throws -> R {
    let directory = try ScratchDirectory()
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
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit \(status); stderr:\n\(stderr)" }
}

/// Runs a program to completion, its standard output and error captured in files (not pipes, so a
/// daemon it starts cannot hold them open), with `environment` on top of this process's
/// environment minus every `LIFETRACE_*` variable. A program still running after `timeout`
/// seconds is terminated and reported.
func runProcess(
    _ executable: String,
    _ arguments: [String],
    environment: [String: String] = [:],
    timeout: TimeInterval = 120
) throws -> ProcessResult {
    let directory = try ScratchDirectory()
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
    process.currentDirectoryURL = Repository.root
    var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LIFETRACE_") }
    merged.merge(environment) { _, new in new }
    process.environment = merged
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    if process.isRunning {
        // SIGINT, so a recording script still runs its trap and destroys its session.
        process.interrupt()
        process.waitUntilExit()
        throw LTTngTestError(
            "\(executable) \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) s; "
                + "stderr:\n\(try readText(errPath))")
    }
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: try readText(outPath), stderr: try readText(errPath))
}

/// A program found on `PATH`.
func tool(_ name: String) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw LTTngTestError("\(name) is required but not on PATH (\(path)); run tools/setup")
}

/// The built `lifetrace` executable: next to the test bundle (`.build/debug/` or
/// `.build/<triple>/debug/`).
enum LifetraceBinary {
    static func path() throws -> String {
        var candidates: [URL] = []
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
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
        throw LTTngTestError(
            "the lifetrace executable was not found next to the tests (looked in \(candidates.map(\.path))); "
                + "build it with `swift build --build-tests` before `swift test --skip-build`")
    }
}

/// `jq`, run for real.
enum JQ {
    /// The JSON-lines fields the LTTng events must reproduce, one array per line. An `end` record's
    /// `target` is left out: LTTng's `_exit` events carry only seq, controller, id and dur_ns (and
    /// count).
    static let projection =
        #"[.seq,.event,.phase,.controller,.id,(if .phase=="end" then null else .target end),.dur_ns,.count]"#

    /// `jq -c FILTER FILE` (`-s`: the whole file as one array), one output line per result; throws
    /// when jq fails.
    static func lines(_ filter: String, file: String, slurp: Bool = false) throws -> [String] {
        let result = try runProcess(try tool("jq"), (slurp ? ["-s"] : []) + ["-c", filter, file])
        guard result.status == 0 else {
            throw LTTngTestError("jq -c '\(filter)' \(file) failed: \(result)")
        }
        return LifetraceLTTngTests.lines(result.stdout)
    }

    /// `jq -r FILTER FILE`, for strings and numbers.
    static func raw(_ filter: String, file: String) throws -> [String] {
        let result = try runProcess(try tool("jq"), ["-r", filter, file])
        guard result.status == 0 else {
            throw LTTngTestError("jq -r '\(filter)' \(file) failed: \(result)")
        }
        return LifetraceLTTngTests.lines(result.stdout)
    }
}

/// Where two line lists first differ, described for a failure message; nil when they are equal.
func firstDifference(_ expected: [String], _ actual: [String], expectedName: String, actualName: String) -> String? {
    if expected == actual { return nil }
    let shared = min(expected.count, actual.count)
    let index = (0..<shared).first { expected[$0] != actual[$0] } ?? shared
    let context = max(0, index - 2)
    func show(_ lines: [String]) -> String {
        lines[context..<min(lines.count, index + 3)].enumerated()
            .map { "  \(context + $0.offset + 1): \($0.element)" }.joined(separator: "\n")
    }
    return """
        \(expectedName) has \(expected.count) lines, \(actualName) \(actual.count); first difference at line \(index + 1)
        \(expectedName):
        \(show(expected))
        \(actualName):
        \(show(actual))
        """
}

/// One run of a command recorded by `tools/lttng-record` into a scratch directory.
struct Recording {
    /// The scratch directory (the trace is `trace/`, the conversion `converted.jsonl`).
    let directory: ScratchDirectory
    /// What `tools/lttng-record` left behind (its status is the command's).
    let result: ProcessResult

    /// The CTF trace directory.
    var trace: String { directory.path("trace") }
    /// The JSON lines `tools/ctf2jsonl` made of the trace (with `convert`).
    var converted: String { directory.path("converted.jsonl") }
    /// A JSON-lines sink's file, for commands that write one.
    var direct: String { directory.path("direct.jsonl") }

    /// The session name lttng-record reports (`trace of session NAME in DIR`).
    var session: String? {
        guard let match = result.stderr.firstMatch(of: #/trace of session (\S+) in /#) else { return nil }
        return String(match.1)
    }

    /// ctf2jsonl's summary line: events written and events discarded (0 when it reports none).
    var conversionSummary: (written: Int, discarded: Int)? {
        guard let match = result.stderr.firstMatch(of: #/ctf2jsonl: (\d+) events(?:; (\d+) events discarded)?/#) else {
            return nil
        }
        return (Int(match.1) ?? -1, match.2.flatMap { Int($0) } ?? 0)
    }

    /// The discard count of lttng's own warning, as lttng-record relays it.
    var relayedDiscards: Int? {
        guard let match = result.stderr.firstMatch(of: #/lttng-record: .*?(\d+) events were discarded/#) else {
            return nil
        }
        return Int(match.1)
    }

    /// The trace as `babeltrace2` prints it, one line per event.
    func babeltrace() throws -> [String] {
        let result = try runProcess(try tool("babeltrace2"), [trace])
        guard result.status == 0 else { throw LTTngTestError("babeltrace2 \(trace) failed: \(result)") }
        return lines(result.stdout)
    }

    /// The event names of ``babeltrace()``'s lines (`lifetrace:view_will_appear_entry`).
    func babeltraceEventNames() throws -> [String] {
        try babeltrace().map { line in
            guard let match = line.firstMatch(of: #/^\[[^\]]*\] \([^)]*\) \S+ (\S+): /#) else { return "?: \(line)" }
            return String(match.1)
        }
    }
}

/// Records `command` under `tools/lttng-record OPTIONS --output DIR/trace [--jsonl DIR/converted.jsonl]`,
/// checks that the session is gone afterwards, and hands the recording to `body` (the scratch
/// directory is removed afterwards).
func withRecording<R>(
    _ options: [String] = [],
    convert: Bool = true,
    environment: [String: String] = [:],
    command: (ScratchDirectory) throws -> [String],
    _ body: (Recording) throws -> R
) throws -> R {
    try withScratchDirectory { directory in
        var arguments = options + ["--output", directory.path("trace")]
        if convert { arguments += ["--jsonl", directory.path("converted.jsonl")] }
        arguments += ["--"] + (try command(directory))
        let result = try runProcess(Repository.lttngRecord, arguments, environment: environment)
        let recording = Recording(directory: directory, result: result)
        if let session = recording.session {
            let list = try runProcess(try tool("lttng"), ["list"])
            #expect(!list.stdout.contains(session), "lttng-record left session \(session) behind:\n\(list.stdout)")
        } else {
            Issue.record("lttng-record did not say which session it used: \(result)")
        }
        return try body(recording)
    }
}

/// Expects the events `condition` selects from the JSON-lines sink's file `direct` to be, in the same
/// order, the events `tools/ctf2jsonl` converted from the trace (`converted`): the same
/// ``JQ/projection`` per line, and the same `text` on begin and instant records. (Absent strings are
/// recorded as NULL, not "": babeltrace2 2.0.4 reads an empty string as the previous event's value
/// of that field.) Returns the number of events compared.
@discardableResult
func expectSameEvents(
    direct: String, converted: String, where condition: String = "true", _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Int {
    let select = "select(\(condition)) | "
    let expected = try JQ.lines(select + JQ.projection, file: direct)
    let actual = try JQ.lines(select + JQ.projection, file: converted)
    #expect(!expected.isEmpty, "\(label): the JSON-lines sink wrote no selected event", sourceLocation: sourceLocation)
    if let difference = firstDifference(expected, actual, expectedName: "JSON-lines sink", actualName: "LTTng (ctf2jsonl)") {
        Issue.record("\(label): \(difference)", sourceLocation: sourceLocation)
    }
    let textFilter = select + #"[.seq, (if .phase=="end" then null else .text end)]"#
    let expectedTexts = try JQ.lines(textFilter, file: direct)
    let actualTexts = try JQ.lines(textFilter, file: converted)
    for (wanted, got) in zip(expectedTexts, actualTexts) where wanted != got {
        Issue.record("\(label): text \(wanted) came out as \(got)", sourceLocation: sourceLocation)
    }
    return expected.count
}
