import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport
import Testing

/// The report's timeline data (`<script type="application/json" id="trace-data">`), as its script
/// reads it: lanes, marks with their nesting, appearance states, the hook and detail tables.
@Suite struct ReportTimelineTests {
    /// A step around a controller's appearance (with an instant inside), a layout pass with a
    /// view's layout nested in it, a controller whose `viewDidLoad` never ends, a disappearance
    /// that the trace cuts off; texts that need escaping inside a `<script>`.
    static let trace: Trace = {
        typealias T = TestTraces
        let feed = 0x10 as UInt
        let events: [Event] = [
            T.event(
                1, 1_000, .scenarioStep, .begin, "scenario", id: 0, details: Details(index: 1, text: "launch <Nav> & \"Feed\"")),
            T.event(2, 1_100, .viewWillAppear, .begin, "Feed", id: feed, details: Details(animated: true)),
            T.event(3, 1_200, .willMove, .instant, "Feed", id: feed, details: Details(target: Subject(name: "Nav", id: 0x40))),
            T.event(4, 1_300, .viewWillAppear, .end, "Feed", id: feed, duration: 200, details: Details(animated: true)),
            T.event(5, 1_400, .layoutPass, .begin, "Window", id: 0x20, details: Details(index: 0)),
            T.event(6, 1_450, .layoutSubviews, .begin, "Feed.view", id: 0x11),
            T.event(7, 1_500, .layoutSubviews, .end, "Feed.view", id: 0x11, duration: 50),
            T.event(8, 1_600, .layoutPass, .end, "Window", id: 0x20, duration: 200, details: Details(index: 0, count: 3)),
            T.event(9, 1_700, .viewDidAppear, .begin, "Feed", id: feed),
            T.event(10, 1_800, .viewDidAppear, .end, "Feed", id: feed, duration: 100),
            T.event(
                11, 1_900, .scenarioStep, .end, "scenario", id: 0, duration: 900,
                details: Details(index: 1, text: "launch <Nav> & \"Feed\"")),
            T.event(12, 2_000, .viewDidLoad, .begin, "Detail", id: 0x30),
            T.event(13, 2_100, .viewWillDisappear, .begin, "Feed", id: feed, details: Details(animated: false)),
        ]
        return Trace(source: "timeline", events: events)
    }()

    /// The JSON the report embeds for `trace`.
    static func timeline(_ trace: Trace) throws -> String {
        let html = HTMLReport().render(trace)
        let start = try #require(html.range(of: #"<script type="application/json" id="trace-data">"#))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test("the timeline's JSON, field for field")
    func exactJSON() throws {
        let json = try Self.timeline(Self.trace)
        // Times from the first event; marks are [hook, start, duration (-1 instant), detail, seq,
        // depth]: willMove is an instant inside viewWillAppear (depth 1), layoutSubviews nests in its
        // pass, the unfinished intervals run to the last event; Feed's states are appearing,
        // appeared, then disappearing cut off at the end.
        #expect(
            json == #"""
                {"t0":1000,"span":1100,"events":13,"hooks":["scenario.step","viewWillAppear","layoutPass","layoutSubviews","viewDidAppear","viewDidLoad","viewWillDisappear","willMove"],"categories":["scenario","appearance","layout","layout","appearance","loading","appearance","containment"],"details":["1: launch \u003cNav\u003e \u0026 \"Feed\"","animated · Feed 0x10","index 0 · 3 views · Window 0x20","Feed.view 0x11","Feed 0x10","Detail 0x30 · no end in the trace","not animated · Feed 0x10 · no end in the trace","→ Nav · Feed 0x10"],"lanes":[
                {"name":"Scenario steps","kind":"steps","instances":1,"maxDuration":900,"marks":[0,0,900,0,1,0],"states":[]},
                {"name":"Layout passes","kind":"layout","instances":2,"maxDuration":200,"marks":[2,400,200,2,5,0,3,450,50,3,6,1],"states":[]},
                {"name":"Feed","kind":"controller","instances":1,"maxDuration":200,"marks":[1,100,200,1,2,0,7,200,-1,7,3,1,4,700,100,4,9,0,6,1100,0,6,13,0],"states":[0,100,800,1,800,1100,2,1100,1100]},
                {"name":"Detail","kind":"controller","instances":1,"maxDuration":100,"marks":[5,1000,100,5,12,0],"states":[]}
                ]}
                """#)
    }

    @Test("the timeline is JSON that jq reads, with no < > & left for the HTML parser", .needs("jq"))
    func validJSON() throws {
        let json = try Self.timeline(Self.trace)
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        let lanes = try JQ.run(
            ["-c", "[.lanes[] | [.name, .kind, .instances, (.marks | length) / 6, (.states | length) / 3]]"], input: json)
        #expect(
            lanes
                == #"[["Scenario steps","steps",1,1,0],["Layout passes","layout",2,2,0],["Feed","controller",1,4,3],["Detail","controller",1,1,0]]"#
                + "\n")
        let step = try JQ.run(["-r", ".details[.lanes[0].marks[3]]"], input: json)
        #expect(step == "1: launch <Nav> & \"Feed\"\n")
    }

    @Test("a trace of several hosts groups lanes by host and process: the same pid on two hosts stays apart")
    func hostsStayApart() throws {
        var events: [Event] = []
        for (offset, host) in ["web-1", "web-2"].enumerated() {
            let start = UInt64(1_000 + 100 * offset)
            for (index, (hook, phase)) in [
                (Hook.viewWillAppear, Phase.begin), (.viewWillAppear, .end), (.viewDidAppear, .begin), (.viewDidAppear, .end),
            ].enumerated() {
                events.append(
                    Event(
                        seq: UInt64(events.count + 1), timestamp: start + UInt64(1_000 * index), hook: hook, phase: phase,
                        subject: Subject(name: "Feed", id: 0x10), duration: phase == .end ? 1_000 : nil, thread: 7,
                        process: 7, host: host))
            }
        }
        let json = try Self.timeline(Trace(source: "hosts", events: events.sorted { $0.timestamp < $1.timestamp }))
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let lanes = try #require(object["lanes"] as? [[String: Any]])
        #expect(lanes.map { $0["name"] as? String } == ["Feed", "Feed"])
        #expect(lanes.map { $0["process"] as? Int } == [7, 7])
        #expect(lanes.map { $0["host"] as? String } == ["web-1", "web-2"])
        // Each host's marks and states in its own lane: two intervals, appearing then appeared.
        #expect(lanes.map { ($0["marks"] as? [Int])?.count } == [12, 12])
        #expect(lanes.map { ($0["states"] as? [Int])?.count } == [6, 6])
        // A trace of one host has no groups, as one without hosts.
        let single = try Self.timeline(Trace(source: "one", events: events.filter { $0.host == "web-1" }))
        #expect(!single.contains("\"host\"") && !single.contains("\"process\""))
    }

    @Test("an empty trace has no lanes")
    func emptyTrace() throws {
        #expect(
            try Self.timeline(Trace(source: "empty", events: [])) == """
                {"t0":0,"span":0,"events":0,"hooks":[],"categories":[],"details":[],"lanes":[

                ]}
                """)
    }
}
