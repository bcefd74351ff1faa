import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport
import Testing

/// Views' frames read back from JSON lines, and the report's data for its wireframes.
@Suite struct WireframeDataTests {
    static func frame(
        _ x: Double, _ y: Double, _ w: Double, _ h: Double, offset: (Double, Double)? = nil, in superview: UInt? = nil
    )
        -> Details.Frame
    {
        Details.Frame(x: x, y: y, width: w, height: h, offsetX: offset?.0, offsetY: offset?.1, superview: superview)
    }

    static func record(_ seq: UInt64, _ hook: Hook, _ phase: Phase, _ name: String, id: UInt, frame: Details.Frame? = nil)
        -> Event
    {
        Event(
            seq: seq, timestamp: 1_000 + seq * 100, hook: hook, phase: phase, subject: Subject(name: name, id: id),
            frame: frame, duration: phase == .end ? 50 : nil, thread: 1)
    }

    /// Two passes of a window (0x20): the first lays out the window, its root view (0x11) and a
    /// card (0x12) in it; then the card moves (frameChange) and a second pass lays out the root
    /// only; then a view named with HTML leaves.
    static let trace: Trace = {
        let events: [Event] = [
            record(1, .layoutPass, .begin, "Window", id: 0x20),
            record(2, .layoutSubviews, .begin, "Window", id: 0x20),
            record(3, .layoutSubviews, .end, "Window", id: 0x20, frame: frame(0, 0, 390, 844)),
            record(4, .layoutSubviews, .begin, "Feed.view", id: 0x11),
            record(5, .layoutSubviews, .end, "Feed.view", id: 0x11, frame: frame(0, 0, 390, 844, in: 0x20)),
            record(6, .layoutSubviews, .begin, "<b>Card</b>", id: 0x12),
            record(7, .layoutSubviews, .end, "<b>Card</b>", id: 0x12, frame: frame(20, 57.5, 300, 100, in: 0x11)),
            record(8, .layoutPass, .end, "Window", id: 0x20),
            record(
                9, .frameChange, .instant, "<b>Card</b>", id: 0x12, frame: frame(20, 247, 300, 100, offset: (20, 247), in: 0x11)),
            record(10, .layoutPass, .begin, "Window", id: 0x20),
            record(11, .layoutSubviews, .begin, "Feed.view", id: 0x11),
            record(12, .layoutSubviews, .end, "Feed.view", id: 0x11, frame: frame(0, 0, 390, 844, in: 0x20)),
            record(13, .layoutPass, .end, "Window", id: 0x20),
            record(14, .frameChange, .instant, "<b>Card</b>", id: 0x12),
        ]
        return Trace(source: "frames", events: events)
    }()

    @Test("JSON lines with frames read back into the same events and the same lines")
    func roundTrip() throws {
        let text = Self.trace.events.map(JSONLineFormat.line).joined()
        let read = TraceReader.parse(text, source: "frames")
        #expect(read.issues.isEmpty, "\(read.issues)")
        #expect(read.events == Self.trace.events)
        #expect(read.events.map(JSONLineFormat.line).joined() == text)
        // Numbers that are not whole, and not finite (null), read back too.
        let odd = Self.record(1, .frameChange, .instant, "Odd", id: 1, frame: Self.frame(-0.5, 1e-7, 1.0 / 3.0, 1e300, in: 0xabc))
        let line = JSONLineFormat.line(odd)
        #expect(TraceReader.parse(line).events == [odd])
        var notFinite = odd
        notFinite.frame?.height = .infinity
        let nullLine = JSONLineFormat.line(notFinite)
        #expect(nullLine.contains(",null],"))
        #expect(TraceReader.parse(nullLine).events.first?.frame?.height.isNaN == true)
        #expect(TraceReader.parse(nullLine).events.map(JSONLineFormat.line) == [nullLine])
    }

    @Test("a malformed frame is an issue that says what was expected")
    func malformedFrame() {
        let good = JSONLineFormat.line(Self.record(1, .frameChange, .instant, "A", id: 1, frame: Self.frame(1, 2, 3, 4)))
        for (bad, expected) in [
            (good.replacingOccurrences(of: "[1,2,3,4]", with: "[1,2,3]"), "expected \"frame\" to be [x,y,width,height]"),
            (good.replacingOccurrences(of: "[1,2,3,4]", with: "\"1,2,3,4\""), "expected \"frame\" to be [x,y,width,height]"),
            (good.replacingOccurrences(of: "\"offset\":[1,2]", with: "\"offset\":[1,[2]]"), "expected \"offset\" to be [x,y]"),
        ] {
            let read = TraceReader.parse(bad)
            #expect(read.events.isEmpty)
            #expect(read.issues.first?.message.contains(expected) == true, "\(read.issues)")
        }
    }

    @Test("the report's data: every frame record in flat arrays, each pass's record count and window", .needs("jq"))
    func timelineData() throws {
        let json = try ReportTimelineTests.timeline(Self.trace)
        #expect(
            try JQ.run(["-c", ".viewIDs, .viewNames"], input: json) == """
                ["0x20","0x11","0x12"]
                ["Window","Feed.view","<b>Card</b>"]

                """)
        // view, name, superview (-1 none, -2 left), x, y, width, height, offset x, offset y.
        #expect(
            try JQ.run(["-c", ".frames"], input: json) == """
                [0,0,-1,0,0,390,844,0,0,1,1,0,0,0,390,844,0,0,2,2,1,20,57.5,300,100,20,57.5,2,2,1,20,247,300,100,20,247,\
                1,1,0,0,0,390,844,0,0,2,2,-2,0,0,0,0,0,0]

                """)
        // The layout lane: its passes' mark numbers, the records before each pass's end, the window.
        #expect(try JQ.run(["-c", #".lanes[] | select(.kind == "layout") | .wireframes"#], input: json) == "[0,3,0,5,5,0]\n")
        #expect(
            try JQ.run(
                [
                    "-c",
                    #"[.lanes[] | select(.kind == "layout") | .marks as $m | .wireframes as $w | range(0; $w | length; 3) | $m[$w[.] * 6 + 4]]"#,
                ], input: json)
                == "[1,10]\n", "the passes' marks are the layoutPass begins (seq 1 and 10)")
        // No HTML left for the page's parser.
        #expect(!json.contains("<b>"))
    }

    @Test(
        "lifetrace demo: every view's last frame record says it left (released at the end), and the report has its wireframes",
        .needs("jq"))
    func releasedViewsLeave() throws {
        try withScratchDirectory { scratch in
            let binary = try LifetraceBinary.path()
            let jsonl = scratch.path("demo.jsonl")
            let demo = try runProcess(binary, ["demo", "--sink", "jsonl=\(jsonl)"])
            try #require(demo.status == 0, "\(demo)")
            // A view's release reaches the process's sink (not a task's scoped one): `lifetrace`
            // installs its sinks for the process.
            let last = try JQ.lines(
                #"[.[] | select((.event == "layoutSubviews" and .phase == "end") or .event == "frameChange")] | group_by(.id)[] | last | [.controller, .event, .frame]"#,
                file: jsonl, slurp: true)
            #expect(last.count >= 8, "\(last)")
            #expect(last.allSatisfy { $0.hasSuffix(#","frameChange",null]"#) }, "\(last)")
            let html = scratch.path("demo.html")
            let report = try runProcess(binary, ["report", jsonl, "-o", html])
            try #require(report.status == 0, "\(report)")
            let json = try ReportTimelineTests.timeline(TraceReader.read(path: jsonl))
            let passes = try JQ.run(
                ["-r", #"[.lanes[] | select(.kind == "layout") | .wireframes | length / 3] | add"#], input: json)
            let count = try JQ.run(
                ["-s", "-r", #"[.[] | select(.event == "layoutPass" and .phase == "begin")] | length"#],
                input: try readText(jsonl))
            #expect(passes == count, "every layout pass has its wireframe")
        }
    }

    @Test("the Chrome export carries the frames in its args", .needs("jq"))
    func chromeExport() throws {
        let json = ChromeTraceExporter().export(Self.trace)
        let args = try JQ.run(
            [
                "-c",
                #".traceEvents[] | select(.name == "<b>Card</b> layoutSubviews" or .name == "<b>Card</b> frameChange") | .args | [.frame, .offset, .superview]"#,
            ],
            input: json)
        #expect(args == "[[20,57.5,300,100],[20,57.5],\"0x11\"]\n[[20,247,300,100],[20,247],\"0x11\"]\n[null,null,null]\n")
    }

    @Test("a trace without frames has no wireframe data")
    func noFrames() throws {
        let json = try ReportTimelineTests.timeline(ReportTimelineTests.trace)
        #expect(!json.contains("\"frames\"") && !json.contains("wireframes"))
    }
}
