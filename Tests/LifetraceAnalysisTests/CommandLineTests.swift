import Foundation
import LifetraceTestSupport
import Testing

/// `lifetrace stats|report|export|diff` through the built binary.
@Suite struct CommandLineTests {
    static func withExample<R>(_ body: (ScratchDirectory, String) throws -> R) throws -> R {
        try withScratchDirectory { directory in
            let path = directory.path("trace.jsonl")
            try TestTraces.jqExample().write(toFile: path, atomically: true, encoding: .utf8)
            return try body(directory, path)
        }
    }

    /// Start-up: liblttng-ust (its constructor reads every loaded object's ELF headers: about 3 ms)
    /// and libbabeltrace2 (with GLib: about 1 ms) are loaded by the commands that need them
    /// (`--sink lttng`, reading CTF), not linked. (Foundation, which the runtime's geometry comes
    /// from, is linked: release builds link it statically, where it adds nothing measurable to a
    /// start; docs/benchmarks.md.)
    @Test("the lifetrace binary links neither liblttng-ust nor libbabeltrace2")
    func heavyLibrariesLoadedOnDemand() throws {
        let result = try runProcess(try tool("readelf"), ["--dynamic", try LifetraceBinary.path()])
        try #require(result.status == 0, "\(result)")
        let needed = LifetraceTestSupport.lines(result.stdout).filter { $0.contains("(NEEDED)") }
        #expect(needed.contains { $0.contains("libswiftCore.so") }, "a dynamically linked (debug) build: \(needed)")
        let loadedOnDemand = needed.filter { $0.contains("liblttng-ust.so") || $0.contains("libbabeltrace2.so") }
        #expect(loadedOnDemand.isEmpty, "\(loadedOnDemand)")
    }

    @Test func statsPrintsTables() throws {
        try Self.withExample { _, trace in
            let result = try runProcess(try LifetraceBinary.path(), ["stats", trace])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty)
            let output = LifetraceTestSupport.lines(result.stdout)
            #expect(output.contains("  viewDidLoad                2  4.2 µs 1.2 µs 3.0 µs 3.0 µs 3.0 µs        -"))
            #expect(output.contains("  willMove                   0       -      -      -      -      -        1"))
            #expect(
                output.contains(
                    "Layout passes: 2, 6 views (3.0 per pass, at most 4), total 3.0 µs, p50 1.0 µs, max 2.0 µs, 500 ns per view"))
            #expect(output.contains("Transitions: 1, total 4.0 µs, p50 4.0 µs, max 4.0 µs"))

            let byController = try runProcess(try LifetraceBinary.path(), ["stats", trace, "--by-controller"])
            #expect(byController.status == 0)
            #expect(
                LifetraceTestSupport.lines(byController.stdout).contains(
                    "  B          viewDidLoad                1  3.0 µs 3.0 µs 3.0 µs 3.0 µs 3.0 µs        -"))
        }
    }

    @Test(.needs("jq")) func statsAsJSON() throws {
        try Self.withExample { directory, trace in
            let result = try runProcess(try LifetraceBinary.path(), ["stats", trace, "--json", "--by-controller"])
            #expect(result.status == 0, "\(result)")
            let output = directory.path("stats.json")
            try result.stdout.write(toFile: output, atomically: true, encoding: .utf8)
            #expect(
                try JQ.lines(#".hooks[] | select(.controller == "B" and .hook == "viewDidLoad") | .durations"#, file: output)
                    == [#"{"count":1,"max":3000,"p50":3000,"p90":3000,"p99":3000,"total":3000}"#])
            #expect(
                try JQ.lines(
                    "[.layout.passes, .layout.views, .layout.cost_per_view, (.transitions | length), .by_controller]",
                    file: output)
                    == ["[2,6,500,1,true]"])
        }
    }

    @Test(.needs("jq")) func badInputNamesTheFileAndLineAndStillReports() throws {
        try Self.withExample { directory, trace in
            var text = try readText(trace)
            var records = LifetraceTestSupport.lines(text)
            records[4] = String(records[4].prefix(30))  // line 5 torn
            text = records.joined(separator: "\n") + "\n" + #"{"seq":41,"ts":15000,"event":"viewDid"#  // truncated end
            let bad = directory.path("bad.jsonl")
            try text.write(toFile: bad, atomically: true, encoding: .utf8)
            let result = try runProcess(try LifetraceBinary.path(), ["stats", bad])
            #expect(result.status == 1)
            let errors = LifetraceTestSupport.lines(result.stderr)
            #expect(errors.count == 3, "\(errors)")
            #expect(errors.first?.hasPrefix("\(bad):5:") == true)
            #expect(errors.dropFirst().first?.hasPrefix("\(bad):41:") == true)
            #expect(errors.dropFirst().first?.contains("truncated") == true)
            #expect(errors.last == "\(bad): 2 unreadable lines; using the 39 valid events")
            #expect(result.stdout.hasPrefix("\(bad): 39 events, 2 unreadable lines\n"))
            #expect(result.stdout.contains("Layout passes: 2"))

            let report = try runProcess(try LifetraceBinary.path(), ["report", bad, "-o", directory.path("r.html")])
            #expect(report.status == 1)
            #expect(try readText(directory.path("r.html")).contains("2 unreadable lines"))
            let export = try runProcess(
                try LifetraceBinary.path(), ["export", bad, "--format", "chrome", "-o", directory.path("c.json")])
            #expect(export.status == 1)
            #expect(try JQ.lines(".traceEvents | length > 20", file: directory.path("c.json")) == ["true"])

            let missing = try runProcess(try LifetraceBinary.path(), ["stats", directory.path("none.jsonl")])
            #expect(missing.status == 1)
            #expect(missing.stderr == "lifetrace: \(directory.path("none.jsonl")): error: no such file\n")
        }
    }

    @Test func statsReadsStandardInput() throws {
        let result = try runProcess(
            try LifetraceBinary.path(), ["stats", "-", "--json"], standardInput: try TestTraces.jqExample())
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"source\" : \"<stdin>\""))
    }

    @Test(.needs("jq")) func exportWritesChromeTraceJSON() throws {
        try Self.withExample { directory, trace in
            let output = directory.path("trace.json")
            let result = try runProcess(try LifetraceBinary.path(), ["export", trace, "--format", "chrome", "-o", output])
            #expect(result.status == 0, "\(result)")
            #expect(
                try JQ.lines(#"[.traceEvents[] | .ph] | group_by(.) | map("\(.[0]) \(length)") | join(", ")"#, file: output)
                    == [#""M 3, X 19, i 2""#])
            #expect(
                try JQ.lines(
                    #".traceEvents[] | select(.ph == "X" and .name == "Window layoutPass") | [.ts, .dur, .args.count]"#,
                    file: output)
                    == ["[3.5,2,4]", "[11.4,1,2]"])
        }
    }

    @Test func reportWritesOneSelfContainedFile() throws {
        try Self.withExample { directory, trace in
            let output = directory.path("report.html")
            let result = try runProcess(try LifetraceBinary.path(), ["report", trace, "-o", output])
            #expect(result.status == 0, "\(result)")
            let html = try readText(output)
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains(#"<script type="application/json" id="trace-data">"#))
            #expect(html.contains("<canvas"))
            for external in ["http://", "https://", "src=", "<link", "@import", "url("] {
                #expect(!html.contains(external), "the report refers to something outside: \(external)")
            }
        }
    }

    @Test func diffExitStatuses() throws {
        try Self.withExample { directory, trace in
            let binary = try LifetraceBinary.path()
            let example = try readText(trace)
            // The same order with other identities and times: equal.
            let moved = example.replacingOccurrences(of: "\"0x40\"", with: "\"0x99\"").replacingOccurrences(
                of: "\"ts\":1", with: "\"ts\":9")
            try moved.write(toFile: directory.path("same.jsonl"), atomically: true, encoding: .utf8)
            let equal = try runProcess(binary, ["diff", trace, directory.path("same.jsonl")])
            #expect(equal.status == 0, "\(equal)")
            #expect(
                equal.stdout
                    == "traces agree: 21 records in the same order (begin and instant records: controller, event, target)\n")

            // B's viewWillAppear before A's viewWillDisappear: differs at record 13.
            var records = LifetraceTestSupport.lines(example)
            records.swapAt(23, 25)
            records.swapAt(24, 26)
            try (records.joined(separator: "\n") + "\n").write(
                toFile: directory.path("swapped.jsonl"), atomically: true, encoding: .utf8)
            let differ = try runProcess(binary, ["diff", trace, directory.path("swapped.jsonl"), "--context", "1"])
            #expect(differ.status == 1, "\(differ)")
            #expect(
                LifetraceTestSupport.lines(differ.stdout) == [
                    "traces differ at record 14 (\(trace) line 24, 21 records in all; \(directory.path("swapped.jsonl")) line 24, 21 records in all)",
                    "--- \(trace)",
                    "+++ \(directory.path("swapped.jsonl"))",
                    "  \(trace):23\(String(repeating: " ", count: directory.path("swapped.jsonl").count - trace.count))  Nav transition B",
                    "- \(trace):24\(String(repeating: " ", count: directory.path("swapped.jsonl").count - trace.count))  A viewWillDisappear",
                    "- \(trace):26\(String(repeating: " ", count: directory.path("swapped.jsonl").count - trace.count))  B viewWillAppear",
                    "+ \(directory.path("swapped.jsonl")):24  B viewWillAppear",
                    "+ \(directory.path("swapped.jsonl")):26  A viewWillDisappear",
                ])

            try "{\"seq\":1,\n".write(toFile: directory.path("broken.jsonl"), atomically: true, encoding: .utf8)
            let bad = try runProcess(binary, ["diff", trace, directory.path("broken.jsonl")])
            #expect(bad.status == 2)
            #expect(bad.stderr.hasPrefix("\(directory.path("broken.jsonl")):1:"))
            let missing = try runProcess(binary, ["diff", trace, directory.path("none.jsonl")])
            #expect(missing.status == 2)
        }
    }
}
