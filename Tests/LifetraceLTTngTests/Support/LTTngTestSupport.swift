import Foundation
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The paths of the package the LTTng tests use: its tools and its scenarios.
extension Repository {
    /// `tools/lttng-record`.
    static var lttngRecord: String { path("tools/lttng-record") }

    /// The file names of every `Scenarios/*.scenario`, sorted (the arguments of a parameterized test).
    static let scenarioNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path("Scenarios"))) ?? []
        return names.filter { $0.hasSuffix(".scenario") }.sorted()
    }()

    /// The absolute path of a scenario file.
    static func scenario(_ name: String) -> String { path("Scenarios/\(name)") }
}

/// jq filters of the LTTng comparisons.
extension JQ {
    /// What the LTTng events must reproduce: every field of every record, in the same key order,
    /// but `ts` (LTTng takes its own timestamp), `pid` and `host` (the converter adds LTTng's `vpid`
    /// and the trace's host name) and the value of `dur_ns` (`lifetrace convert` computes it from LTTng's timestamps): only its presence
    /// and sign must agree. `_exit` tracepoints carry only seq, controller, id (and count); the
    /// native reader restores the details from the matching begin.
    static let projection = "del(.ts, .pid, .host) | if has(\"dur_ns\") then .dur_ns |= (. >= 0) else . end"
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
    /// The JSON lines `lifetrace convert` made of the trace (with `convert`).
    var converted: String { directory.path("converted.jsonl") }
    /// A JSON-lines sink's file, for commands that write one.
    var direct: String { directory.path("direct.jsonl") }

    /// The session name lttng-record reports (`trace of session NAME in DIR`).
    var session: String? {
        guard let match = result.stderr.firstMatch(of: #/trace of session (\S+) in /#) else { return nil }
        return String(match.1)
    }

    /// `lifetrace convert`'s summary line: events written and events discarded (0 when it reports none).
    var conversionSummary: (written: Int, discarded: Int)? {
        guard let match = result.stderr.firstMatch(of: #/lifetrace convert: (\d+) events(?:; (\d+) events discarded)?/#) else {
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
        guard result.status == 0 else { throw TestSupportError("babeltrace2 \(trace) failed: \(result)") }
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

/// Records `command` under `tools/lttng-record OPTIONS --output DIR/trace [--jsonl DIR/converted.jsonl]`
/// with the tests' own session daemon (``SessionDaemon``; the command runs as its user), checks
/// that the session is gone afterwards, and hands the recording to `body` (the scratch directory is
/// removed afterwards).
func withRecording<R>(
    _ options: [String] = [],
    convert: Bool = true,
    environment: [String: String] = [:],
    command: (ScratchDirectory) throws -> [String],
    _ body: (Recording) throws -> R
) throws -> R {
    let daemon = try SessionDaemon.started()
    return try withScratchDirectory { directory in
        try daemon.allowWriting(directory)
        var arguments = options + ["--output", directory.path("trace")]
        if convert { arguments += ["--jsonl", directory.path("converted.jsonl")] }
        arguments += ["--"] + (try command(directory))
        // lttng-record converts with the binary under test.
        var environment = environment
        environment["LIFETRACE"] = try LifetraceBinary.path()
        let result = try daemon.run(Repository.lttngRecord, arguments, environment: environment)
        let recording = Recording(directory: directory, result: result)
        if let session = recording.session {
            let list = try daemon.lttng(["list"])
            #expect(!list.stdout.contains(session), "lttng-record left session \(session) behind:\n\(list.stdout)")
        } else {
            Issue.record("lttng-record did not say which session it used: \(result)")
        }
        return try body(recording)
    }
}

/// Runs `scenario` twice, once recorded with the lttng sink alone (the tracer's direct, lock-free
/// path) and once with a JSON-lines sink, and expects the records of both that `filter` keeps to be
/// the same, in order; `body` gets the JSON-lines run's and the recording. What two processes
/// cannot share is left out
/// before `filter`: deinits at exit (they come in dictionary order) and the views' releases that
/// come with them (a `frameChange` without a frame).
func withDirectPathRuns(
    of scenario: String, filter: String, _ body: (_ expected: [String], Recording) throws -> Void
) throws {
    let path = Repository.scenario(scenario)
    try withRecording(command: { _ in [try LifetraceBinary.path(), "run", path, "--sink", "lttng"] }) { recording in
        try #require(recording.result.status == 0, "\(recording.result)")
        let plain = try runProcess(try LifetraceBinary.path(), ["run", path, "--sink", "jsonl=\(recording.direct)"])
        try #require(plain.status == 0, "\(plain)")
        let kept = #"select(.event != "deinit" and (.event != "frameChange" or .frame != null)) | "# + filter
        let expected = try JQ.lines(kept, file: recording.direct)
        let actual = try JQ.lines(kept, file: recording.converted)
        if let difference = firstDifference(expected, actual, expectedName: "JSON-lines run", actualName: "LTTng alone") {
            Issue.record("\(difference)")
        }
        try body(expected, recording)
    }
}

/// Expects the events `condition` selects from the JSON-lines sink's file `direct` to be, in the same
/// order, the events `lifetrace convert` converted from the trace (`converted`): the same
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
    if let difference = firstDifference(
        expected, actual, expectedName: "JSON-lines sink", actualName: "LTTng (lifetrace convert)")
    {
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

/// Runs `body` with a session of its own on `daemon`, made by hand (no `tools/lttng-record`, so no
/// context added and every process traced): created to write into `directory/trace`, enabling
/// `lifetrace:*`, started; `body` gets the session's name. The session is destroyed afterwards,
/// whatever happened, once `cleanup` has run.
func withHandMadeSession<R>(
    in directory: ScratchDirectory,
    daemon: SessionDaemon,
    cleanup: () -> Void = {},
    _ body: (_ session: String) throws -> R
) throws -> R {
    try daemon.allowWriting(directory)
    let session = "lifetrace-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try #require(try daemon.lttng(["create", session, "--output=\(directory.path("trace"))"]).status == 0)
    defer {
        cleanup()
        _ = try? daemon.lttng(["destroy", session])
    }
    try #require(try daemon.lttng(["enable-event", "-u", "lifetrace:*", "-s", session]).status == 0)
    try #require(try daemon.lttng(["start", session]).status == 0)
    return try body(session)
}
