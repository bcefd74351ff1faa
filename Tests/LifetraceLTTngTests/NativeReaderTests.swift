import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceCTF
import LifetraceTestSupport
import Testing

/// The native CTF reader (libbabeltrace2 inside `lifetrace`) on real recordings: the analysis
/// commands read a session's directory as they read JSON lines, several processes merge in time
/// order, and what is not a trace is a one-line error.
///
/// In ``LTTngRecordingTests``'s serialized suite: a session recording every process would see
/// another test's events.
extension LTTngRecordingTests {
    @Test("stats of the trace directory count what stats of the sink's JSON lines count")
    func statsOfTraceDirectory() throws {
        let binary = try LifetraceBinary.path()
        let scenario = "auto-layout.scenario"
        try withRecording(
            convert: false,
            command: {
                [binary, "run", Repository.scenario(scenario), "--sink", "lttng", "--sink", "jsonl=\($0.path("direct.jsonl"))"]
            }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let fromTrace = try runProcess(binary, ["stats", recording.trace, "--json"])
            let fromLines = try runProcess(binary, ["stats", recording.direct, "--json"])
            try #require(fromTrace.status == 0, "\(fromTrace)")
            try #require(fromLines.status == 0, "\(fromLines)")
            let counts = "[.events, (.hooks | map([.hook, .durations.count, .instants]) | sort), .layout.passes, .layout.views]"
            let traceCounts = try JQ.run([counts, "-c"], input: fromTrace.stdout)
            let lineCounts = try JQ.run([counts, "-c"], input: fromLines.stdout)
            #expect(traceCounts == lineCounts)
            #expect(traceCounts.contains("layoutEngineSolve"), "\(traceCounts)")
            // Read on several threads, each building the events of its share of the records, the
            // statistics are the same, to the byte (every percentile, every listed pass).
            for flags in [["--json"], ["--json", "--by-controller", "--rows", "3"]] {
                let one = try runProcess(binary, ["stats", recording.trace, "--jobs", "1"] + flags)
                try #require(one.status == 0, "\(one)")
                for jobs in ["2", "3"] {
                    let several = try runProcess(binary, ["stats", recording.trace, "--jobs", jobs] + flags)
                    #expect(several.status == 0, "\(several)")
                    #expect(several.stdout == one.stdout, "--jobs \(jobs) \(flags)")
                }
            }
            // Three readers keeping a share each read every event once between them, each end
            // paired with its begin (the same duration as one reader of every record gives it).
            let whole = try Self.durations(of: recording.trace, share: nil)
            var shared: [String: UInt64?] = [:]
            for index in 0..<3 {
                for (key, duration) in try Self.durations(of: recording.trace, share: (index, 3)) {
                    #expect(shared.updateValue(duration, forKey: key) == nil, "\(key) read by two shares")
                }
            }
            #expect(shared == whole)
            #expect(whole.values.contains { $0 != nil }, "no interval was paired")
            // The drawing commands take the directory too.
            let report = try runProcess(binary, ["report", recording.trace, "-o", recording.directory.path("report.html")])
            #expect(report.status == 0, "\(report)")
            let export = try runProcess(binary, ["export", recording.trace, "-o", recording.directory.path("chrome.json")])
            #expect(export.status == 0, "\(export)")
            #expect(try JQ.lines(".traceEvents | length > 10", file: recording.directory.path("chrome.json")) == ["true"])
        }
    }

    /// Each event of the trace (or of one share of its records) by process and `seq`, with its
    /// duration.
    static func durations(of trace: String, share: (index: Int, count: Int)?) throws -> [String: UInt64?] {
        let reader = try CTFTraceReader(path: trace)
        if let share { try #require(reader.keepPartition(share.index, of: share.count)) }
        var durations: [String: UInt64?] = [:]
        while let event = try reader.next() {
            #expect(durations.updateValue(event.duration, forKey: "\(event.process ?? 0):\(event.seq)") == nil)
        }
        return durations
    }

    @Test(
        "export --format perfetto reads the trace directory: the slices, instants and counters of the sink's JSON lines",
        .needs("protoc"))
    func perfettoExportOfTraceDirectory() throws {
        let binary = try LifetraceBinary.path()
        try withRecording(
            convert: false,
            command: {
                [
                    binary, "run", Repository.scenario("auto-layout.scenario"), "--sink", "lttng", "--sink",
                    "jsonl=\($0.path("direct.jsonl"))",
                ]
            }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            var decoded: [[String: Int]] = []
            for (input, name) in [(recording.trace, "trace"), (recording.direct, "direct")] {
                let output = recording.directory.path("\(name).perfetto-trace")
                let export = try runProcess(binary, ["export", input, "--format", "perfetto", "-o", output])
                try #require(export.status == 0, "\(export)")
                let text = try runProcess(
                    "/bin/sh",
                    [
                        "-c", #""$0" --decode perfetto.protos.Trace --proto_path="$1" perfetto_trace.proto < "$2""#,
                        try tool("protoc"), Repository.path("PerfettoProtos/Sources/PerfettoProtos"), output,
                    ])
                try #require(text.status == 0, "\(text)")
                var counts: [String: Int] = [:]
                for line in LifetraceTestSupport.lines(text.stdout) {
                    let line = line.trimmingCharacters(in: .whitespaces)
                    if line.hasPrefix("type: TYPE_") { counts[line, default: 0] += 1 }
                    if line.hasPrefix("process {") || line.hasPrefix("thread {") { counts[line, default: 0] += 1 }
                }
                decoded.append(counts)
            }
            #expect(decoded[0] == decoded[1])
            #expect((decoded[0]["type: TYPE_SLICE_BEGIN"] ?? 0) > 10)
            #expect(decoded[0]["type: TYPE_SLICE_BEGIN"] == decoded[0]["type: TYPE_SLICE_END"])
            #expect((decoded[0]["type: TYPE_COUNTER"] ?? 0) > 0, "the layout passes' views, the solves' rows")
        }
    }

    @Test("the library reads a recording: every event babeltrace2 prints, ends timed by their begins")
    func libraryReadsRecording() throws {
        let binary = try LifetraceBinary.path()
        try withRecording(
            convert: false, environment: Self.liveEmitter, command: { _ in [binary, "emit", "--count", "500"] }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let reader = try CTFTraceReader(path: recording.trace)
            var events: [Event] = []
            while let event = try reader.next() { events.append(event) }
            #expect(events.count == (try recording.babeltrace()).count)
            #expect(events.count == 2_500)
            #expect(reader.summary.discardedEvents == 0)
            #expect(reader.position == events.count)
            let ends = events.filter { $0.phase == .end }
            #expect(!ends.isEmpty && ends.allSatisfy { $0.duration != nil }, "an end without its duration")
            #expect(Set(events.compactMap(\.process)).count == 1)
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp }, "events out of time order")
        }
    }

    @Test("two processes in one session: merged in time order, told apart by pid, each paired on its own")
    func twoProcesses() throws {
        let binary = try LifetraceBinary.path()
        try withRecording(
            ["--all-processes"], environment: Self.liveEmitter,
            command: { directory in
                // Both emitters run at once; their process ids are kept to pick their events.
                [
                    "/bin/bash", "-c",
                    "\"$0\" emit --count 300 & a=$!; \"$0\" emit --count 300 & b=$!; echo \"$a $b\" > \"$1\"; wait",
                    binary, directory.path("pids"),
                ]
            }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let pids = try String(contentsOfFile: recording.directory.path("pids"), encoding: .utf8)
                .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            try #require(pids.count == 2)
            let ours = "select(.pid == \(pids[0]) or .pid == \(pids[1]))"
            #expect(try JQ.lines("\(ours) | .pid", file: recording.converted).count == 3_000)
            for pid in pids {
                let seqs = try JQ.raw("select(.pid == \(pid)) | .seq", file: recording.converted).compactMap { Int($0) }
                #expect(seqs == Array(1...1_500), "process \(pid)'s events are not all there in order")
                let untimed = try JQ.lines(
                    "select(.pid == \(pid) and .phase == \"end\" and (has(\"dur_ns\") | not))", file: recording.converted)
                #expect(untimed.isEmpty, "ends without a duration: \(untimed.prefix(3))")
            }
            let times = try JQ.raw(".ts", file: recording.converted).compactMap { UInt64($0) }
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "the merged trace is out of time order")
        }
    }

    @Test(
        "what is not a trace: exit 1, one line naming the path, no output file", arguments: ["empty", "missing", "bad metadata"])
    func notATrace(kind: String) throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let trace = directory.path("trace")
            switch kind {
            case "empty":
                try FileManager.default.createDirectory(atPath: trace, withIntermediateDirectories: true)
            case "bad metadata":
                try FileManager.default.createDirectory(atPath: trace, withIntermediateDirectories: true)
                try "/* CTF 1.8 */\ntrace { major = 1; minor = 8; garbage".write(
                    toFile: trace + "/metadata", atomically: true, encoding: .utf8)
            default:
                break
            }
            let output = directory.path("out.jsonl")
            let result = try runProcess(binary, ["convert", trace, "-o", output])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.hasPrefix("lifetrace: \(trace)"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output))
            #expect(!FileManager.default.fileExists(atPath: output + ".partial"))
            let stats = try runProcess(binary, ["stats", trace])
            #expect(stats.status == 1, "\(stats)")
            #expect(stats.stdout.isEmpty)
        }
    }
}
