import Foundation
import Lifetrace
import LifetraceTestSupport
import Testing

/// `lifetrace emit` run as a separate process: the configuration from the environment, the sinks'
/// output, and their failure modes (a closed pipe, a full disk) as a user meets them.
@Suite("lifetrace emit, end to end")
struct EmitCommandEndToEndTests {
    private func emit(_ arguments: [String] = [], sinks: String?, environment: [String: String] = [:]) throws -> ProcessResult {
        var environment = environment
        if let sinks { environment["LIFETRACE_SINKS"] = sinks }
        return try runProcess(try LifetraceBinary.path(), ["emit"] + arguments, environment: environment)
    }

    /// The lines of standard error that Lifetrace wrote (each starts with `lifetrace:`).
    private func reports(_ result: ProcessResult) -> [String] {
        lines(result.stderr).filter { $0.hasPrefix("lifetrace:") }
    }

    @Test("LIFETRACE_SINKS=jsonl: valid lines in seq order, every event shape", .needs("jq"))
    func jsonLinesOnStandardOutput() throws {
        let result = try emit(["--count", "3", "--name", "Feed"], sinks: "jsonl")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(lines(result.stdout).count == 15)
        // `jq -c .` accepts the whole stream, and each line on its own.
        #expect(lines(try JQ.run(["-c", "."], input: result.stdout)).count == 15)
        let seqs = try JQ.eachLineRaw(result.stdout, ".seq")
        #expect(seqs == (1...15).map(String.init))
        let shapes = try JQ.eachLine(result.stdout, "[.event, .phase, .controller, (keys_unsorted | join(\",\"))]")
        #expect(
            Array(shapes.prefix(5)) == [
                #"["viewWillAppear","begin","Feed","seq,ts,event,phase,controller,id,animated,thread"]"#,
                #"["prepareForSegue","instant","Feed","seq,ts,event,phase,controller,id,target,target_id,text,thread"]"#,
                #"["viewWillAppear","end","Feed","seq,ts,event,phase,controller,id,animated,dur_ns,thread"]"#,
                #"["layoutPass","begin","LayoutEngine","seq,ts,event,phase,controller,id,index,thread"]"#,
                #"["layoutPass","end","LayoutEngine","seq,ts,event,phase,controller,id,index,count,dur_ns,thread"]"#,
            ])
        // Each end lasts exactly from its begin.
        let consistent = try JQ.run(
            [
                "-s", "-c",
                "[.[] | select(.event == \"viewWillAppear\")] as $v | [range(0; $v|length; 2)] | map($v[.+1].dur_ns == $v[.+1].ts - $v[.].ts) | all",
            ],
            input: result.stdout)
        #expect(consistent == "true\n")
    }

    @Test("LIFETRACE_SINKS=text: NSLog-like lines")
    func textOnStandardOutput() throws {
        let result = try emit(["--count", "1", "--name", "B"], sinks: "text")
        #expect(result.status == 0)
        let output = lines(result.stdout)
        #expect(output.count == 3, "no end records without :ends: \(output)")
        #expect(output[0].wholeMatch(of: /<B: 0x[0-9a-f]+> viewWillAppear animated/) != nil)
        #expect(output[1].wholeMatch(of: /<B: 0x[0-9a-f]+> prepareForSegue <BDetail: 0x[0-9a-f]+> showDetail/) != nil)
        #expect(output[2] == "<LayoutEngine: 0x0> layoutPass")
    }

    @Test("several sinks at once, each to its destination", .needs("jq"))
    func multipleSinks() throws {
        try withScratchDirectory { directory in
            let path = directory.path("run.jsonl")
            let result = try emit(["--count", "2"], sinks: "text:ends=stderr,jsonl=\(path)")
            #expect(result.status == 0)
            #expect(result.stdout == "")
            #expect(lines(result.stderr).count == 10)
            #expect(lines(result.stderr).filter { $0.contains(" end ") }.count == 4)
            #expect(try JQ.eachLineRaw(try readText(path), ".seq") == (1...10).map(String.init))
        }
    }

    @Test("LIFETRACE_HOOKS and LIFETRACE_CONTROLLERS filter the output", .needs("jq"))
    func filters() throws {
        let hooks = try emit(["--count", "4"], sinks: "jsonl", environment: ["LIFETRACE_HOOKS": "layout*"])
        #expect(hooks.status == 0)
        #expect(Set(try JQ.eachLineRaw(hooks.stdout, ".event")) == ["layoutPass"])
        #expect(lines(hooks.stdout).count == 8)
        let controllers = try emit(
            ["--count", "4", "--name", "FeedList"], sinks: "jsonl", environment: ["LIFETRACE_CONTROLLERS": "Feed*"])
        #expect(Set(try JQ.eachLineRaw(controllers.stdout, ".controller")) == ["FeedList"])
        #expect(lines(controllers.stdout).count == 12)
    }

    @Test("many threads into one file: every line valid, seq unique and increasing", .needs("jq"))
    func threads() throws {
        try withScratchDirectory { directory in
            let path = directory.path("threads.jsonl")
            let result = try emit(["--count", "500", "--threads", "4"], sinks: "jsonl=\(path)")
            #expect(result.status == 0)
            let text = try readText(path)
            let records = try JQ.eachLineRaw(text, #""\(.seq) \(.thread)""#)
            #expect(records.count == 4 * 500 * 5)
            let seqs = records.compactMap { $0.split(separator: " ").first.flatMap { UInt64($0) } }
            #expect(seqs == Array(1...UInt64(10_000)))
            #expect(Set(records.map { $0.split(separator: " ")[1] }).count == 4)
        }
    }

    @Test("no LIFETRACE_SINKS: nothing is written")
    func unconfigured() throws {
        let result = try emit(sinks: nil)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    @Test("an unknown sink: exit status 2, a message naming it, nothing on stdout")
    func unknownSink() throws {
        let result = try emit(sinks: "text,bogus")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        // The list of known sinks grows with the registry the program uses (lttng, …).
        #expect(
            result.stderr.hasPrefix(#"lifetrace: LIFETRACE_SINKS item 2 (column 6): unknown sink "bogus"; expected one of: "#))
        #expect(result.stderr.contains("jsonl") && result.stderr.contains("text"))
        #expect(lines(result.stderr).count == 1)
    }

    @Test("a file that cannot be opened: exit status 2, a message naming the item and the path")
    func unopenableFile() throws {
        let result = try emit(sinks: "jsonl=/nonexistent-lifetrace-dir/run.jsonl")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("lifetrace: LIFETRACE_SINKS item 1 (column 1): "))
        #expect(result.stderr.contains(#"cannot open "/nonexistent-lifetrace-dir/run.jsonl""#))
    }

    @Test("invalid options are rejected")
    func invalidOptions() throws {
        #expect(try emit(["--threads", "0"], sinks: "jsonl").status != 0)
        #expect(try emit(["--count", "-1"], sinks: "jsonl").status != 0)
    }

    @Test(
        "a closed pipe (| head -1): exit 1 (output lost), one line out, one failure report, a count of dropped events",
        .needs("jq"))
    func closedPipe() throws {
        let binary = try LifetraceBinary.path()
        // bash, for PIPESTATUS: the script's status is lifetrace's, not head's.
        let result = try runProcess(
            "/bin/bash",
            ["-c", #"LIFETRACE_SINKS=jsonl "$0" emit --count 200000 | head -1; exit "${PIPESTATUS[0]}""#, binary])
        #expect(result.status == 1, "lifetrace exited with \(result.status); stderr: \(result.stderr)")
        let output = lines(result.stdout)
        #expect(output.count == 1)
        #expect(try JQ.eachLineRaw(result.stdout, ".seq") == ["1"])

        let reports = reports(result)
        #expect(reports.count == 2, "\(reports)")
        let failures = reports.filter { $0.contains("write failed") }
        #expect(failures == ["lifetrace: jsonl sink (stdout): write failed: Broken pipe (errno 32); dropping further events"])
        let counts = reports.compactMap {
            $0.wholeMatch(of: /lifetrace: jsonl sink \(stdout\): ([0-9]+) of ([0-9]+) events dropped/)
        }
        try #require(counts.count == 1, "\(reports)")
        let dropped = try #require(Int(counts[0].1))
        let total = try #require(Int(counts[0].2))
        #expect(total == 1_000_000)
        // What head read was written, not dropped.
        #expect(dropped > 0 && dropped < total)
    }

    @Test("a full disk (/dev/full): exit 1, one failure report, every event counted as dropped")
    func fullDisk() throws {
        let result = try emit(sinks: "jsonl=/dev/full")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            reports(result) == [
                "lifetrace: jsonl sink (/dev/full): write failed: No space left on device (errno 28); dropping further events",
                "lifetrace: jsonl sink (/dev/full): 50 of 50 events dropped",
            ])
    }

    @Test("a full disk for one sink does not stop the others (exit 1: that sink lost its events)")
    func fullDiskBesideText() throws {
        let result = try emit(["--count", "2"], sinks: "jsonl=/dev/full,text")
        #expect(result.status == 1)
        #expect(lines(result.stdout).count == 6)
        #expect(reports(result).count == 2)
        #expect(reports(result).last == "lifetrace: jsonl sink (/dev/full): 10 of 10 events dropped")
    }
}
