import Foundation
import LifetracePerfetto
import LifetraceTestSupport
import PerfettoProtos
import Testing

/// `lifetrace export --format perfetto` through the built binary, checked with the generated types
/// and with `protoc --decode` against the same .proto.
@Suite struct PerfettoCommandLineTests {
    static let proto = Repository.path("PerfettoProtos/Sources/PerfettoProtos/perfetto_trace.proto")

    /// `lifetrace demo`'s JSON lines, exported both ways: (source lines, Chrome JSON, Perfetto bytes).
    static func demoExports(_ directory: ScratchDirectory) throws -> (events: [[String: Any]], chrome: Data, perfetto: Data) {
        let jsonl = directory.path("demo.jsonl")
        let demo = try runProcess(try LifetraceBinary.path(), ["demo", "--sink", "jsonl=\(jsonl)"])
        try #require(demo.status == 0, "\(demo)")
        let chrome = directory.path("demo.json")
        let perfetto = directory.path("demo.perfetto-trace")
        for (format, output) in [("chrome", chrome), ("perfetto", perfetto)] {
            let result = try runProcess(try LifetraceBinary.path(), ["export", jsonl, "--format", format, "-o", output])
            try #require(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
        let events = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        return (events, try Data(contentsOf: URL(fileURLWithPath: chrome)), try Data(contentsOf: URL(fileURLWithPath: perfetto)))
    }

    static func count(_ events: [[String: Any]], _ phase: String) -> Int {
        events.filter { $0["phase"] as? String == phase }.count
    }

    @Test("a scenario run's export decodes, holds every event at its time, pairs every begin, and is < 0.4× the Chrome JSON")
    func demoExport() throws {
        try withScratchDirectory { directory in
            let (events, chrome, perfetto) = try Self.demoExports(directory)
            let trace = try DecodedTrace([UInt8](perfetto))
            #expect(trace.problems == [])
            // The demo's intervals all end and nest: one slice per begin, one end per end.
            #expect(trace.items(.sliceBegin).count == Self.count(events, "begin"))
            #expect(trace.items(.sliceEnd).count == Self.count(events, "end"))
            #expect(trace.items(.instant).count == Self.count(events, "instant"))
            // Every event at its time.
            func times(_ phase: String) -> [UInt64] {
                events.filter { $0["phase"] as? String == phase }.compactMap { ($0["ts"] as? NSNumber)?.uint64Value }.sorted()
            }
            #expect(trace.timestamps(.sliceBegin) == times("begin"))
            #expect(trace.timestamps(.sliceEnd) == times("end"))
            #expect(trace.timestamps(.instant) == times("instant"))
            #expect(
                trace.counter("views per layout pass").count
                    == events.filter { $0["event"] as? String == "layoutPass" && $0["phase"] as? String == "end" }.count)
            #expect(
                !trace.items.flatMap(\.event.terminatingFlowIds).isEmpty,
                "the demo's pushes and presents flow to their appearances")
            let ratio = Double(perfetto.count) / Double(chrome.count)
            print(
                "demo: \(events.count) events; Chrome JSON \(chrome.count) bytes, Perfetto \(perfetto.count) bytes (\(String(format: "%.3f", ratio))×)"
            )
            // A short run pays for its table of names (each "Controller hook" once; docs/analysis.md).
            #expect(ratio < 0.4, "Perfetto \(perfetto.count) bytes, Chrome JSON \(chrome.count) bytes")
        }
    }

    @Test("`lifetrace emit`'s export (20 000 events, two threads) is ≤ 0.3× the Chrome JSON")
    func emitExport() throws {
        try withScratchDirectory { directory in
            let jsonl = directory.path("emit.jsonl")
            let emit = try runProcess(
                try LifetraceBinary.path(), ["emit", "--count", "2000", "--threads", "2"],
                environment: ["LIFETRACE_SINKS": "jsonl=\(jsonl)"])
            try #require(emit.status == 0, "\(emit)")
            var sizes: [String: Int] = [:]
            for format in ["chrome", "perfetto"] {
                let output = directory.path("emit.\(format)")
                let result = try runProcess(try LifetraceBinary.path(), ["export", jsonl, "--format", format, "-o", output])
                try #require(result.status == 0, "\(result)")
                sizes[format] = try Data(contentsOf: URL(fileURLWithPath: output)).count
            }
            let perfetto = try Data(contentsOf: URL(fileURLWithPath: directory.path("emit.perfetto")))
            let trace = try DecodedTrace([UInt8](perfetto))
            #expect(trace.problems == [])
            #expect(trace.items(.sliceBegin).count == 2 * 2000 * 2)
            #expect(trace.items(.instant).count == 2 * 2000)
            #expect(trace.threadTracks.count == 2)
            let ratio = Double(sizes["perfetto"]!) / Double(sizes["chrome"]!)
            print(
                "emit: 20 000 events; Chrome JSON \(sizes["chrome"]!) bytes, Perfetto \(sizes["perfetto"]!) bytes (\(String(format: "%.3f", ratio))×)"
            )
            #expect(ratio <= 0.3)
        }
    }

    @Test(
        "protoc --decode reads the export with perfetto_trace.proto",
        .needs("protoc"))
    func protocDecodes() throws {
        try withScratchDirectory { directory in
            let (events, _, _) = try Self.demoExports(directory)
            let input = directory.path("demo.perfetto-trace")
            let result = try runProcess(
                "/bin/sh",
                [
                    "-c", #""$0" --decode perfetto.protos.Trace --proto_path="$1" perfetto_trace.proto < "$2""#,
                    try tool("protoc"), (Self.proto as NSString).deletingLastPathComponent, input,
                ])
            try #require(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            let text = LifetraceTestSupport.lines(result.stdout)
            func count(_ line: String) -> Int { text.filter { $0.trimmingCharacters(in: .whitespaces) == line }.count }
            let packets = count("packet {")
            #expect(packets > events.count)
            // Every packet on the one sequence, the first clearing its state, every event needing it.
            #expect(count("trusted_packet_sequence_id: 1") == packets)
            #expect(count("sequence_flags: 1") == 1)
            #expect(count("sequence_flags: 2") == count("track_event {"))
            #expect(count("type: TYPE_SLICE_BEGIN") == Self.count(events, "begin"))
            #expect(count("type: TYPE_SLICE_END") == Self.count(events, "end"))
            #expect(count("type: TYPE_INSTANT") == Self.count(events, "instant"))
            #expect(count("type: TYPE_COUNTER") > 0)
            // No field the .proto does not name (protoc prints unknown fields by number).
            #expect(!text.contains { $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true }, "unknown fields")
            // The names interned, once each.
            #expect(count(#"name: "Inbox viewDidLoad""#) == 1)
            #expect(count(#"name: "appearance""#) == 1)
            #expect(text.contains { $0.contains(#"process_name: "lifetrace""#) })
            #expect(text.contains { $0.contains("thread_name: ") })
        }
    }

    @Test func aTraceThatCannotBeReadIsAnErrorAndWritesNothing() throws {
        try withScratchDirectory { directory in
            let output = directory.path("none.perfetto-trace")
            let result = try runProcess(
                try LifetraceBinary.path(), ["export", directory.path("missing.jsonl"), "--format", "perfetto", "-o", output])
            #expect(result.status == 1)
            #expect(result.stderr.contains("missing.jsonl"))
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func unreadableLinesAreReportedAndTheRestExported() throws {
        try withScratchDirectory { directory in
            let jsonl = directory.path("cut.jsonl")
            try """
            {"seq":1,"ts":1000,"event":"viewDidLoad","phase":"begin","controller":"A","id":"0x1","thread":7}
            {"seq":2,"ts":2000,"event":"viewDidLoad","phase":"end","controller":"A","id":"0x1","dur_ns":1000,"thread":7}
            {"seq":3,"ts":3000,"event":"viewDidLoad","pha

            """.write(toFile: jsonl, atomically: true, encoding: .utf8)
            let output = directory.path("cut.perfetto-trace")
            let result = try runProcess(try LifetraceBinary.path(), ["export", jsonl, "--format", "perfetto", "-o", output])
            #expect(result.status == 1)
            #expect(result.stderr.contains("cut.jsonl:3:"))
            let trace = try DecodedTrace([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
            #expect(trace.problems == [])
            #expect(trace.items(.sliceBegin).map(\.name) == ["A viewDidLoad"])
        }
    }
}
