import Foundation
import Lifetrace
import LifetraceAnalysis
import LifetraceTestSupport
import Testing

@Suite struct ReaderTests {
    static let good =
        #"{"seq":1,"ts":100,"event":"viewWillAppear","phase":"begin","controller":"A","id":"0x7f6ba8008330","animated":true,"thread":9}"#
    static let goodEnd =
        #"{"seq":3,"ts":160,"event":"viewWillAppear","phase":"end","controller":"A","id":"0x7f6ba8008330","animated":true,"dur_ns":60,"thread":9}"#

    @Test func readsEveryField() {
        let text =
            #"{"seq":2,"ts":120,"event":"prepareForSegue","phase":"instant","controller":"A \"quoted\" é","id":"0x10","target":"B","target_id":"0x20","index":-3,"text":"show\nDetail\u00e9","count":4,"thread":9,"future_key":[1,{"x":null}]}"#
        let trace = TraceReader.parse(text + "\n", source: "t.jsonl")
        #expect(trace.issues.isEmpty)
        let event = try! #require(trace.events.first)
        #expect(event.seq == 2 && event.timestamp == 120 && event.hook == .prepareForSegue && event.phase == .instant)
        #expect(event.subject == Subject(name: "A \"quoted\" é", id: 0x10))
        #expect(event.details.target == Subject(name: "B", id: 0x20))
        #expect(event.details.index == -3 && event.details.count == 4)
        #expect(event.details.text == "show\nDetailé")
        #expect(event.thread == 9)
        #expect(event.details.fields == [Field("future_key", .list([.integer(1), .object([Field("x", .null)])]))])
    }

    /// A span's end as the JSON-lines sink writes it, with every field it can carry (a renamed span,
    /// an error recorded with attributes, a link with attributes, a status with a message).
    static let spanEnd =
        #"{"seq":7,"ts":2000,"event":"span","phase":"end","controller":"GET /users","id":"0xa1b2c3d4e5f60718","#
        + #""trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","span_id":"a1b2c3d4e5f60718","parent_span_id":"00f067aa0ba902b7","#
        + #""kind":"server","attributes":{"a.list":["x","y"],"b.ratio":0.5,"cache.hit":false,"m.count":7,"#
        + #""note":"say \"hi\"\tthen\\go é"},"status":{"code":"error","message":"teapot"},"#
        + #""errors":[{"type":"Emitter.Teapot","message":"short and stout","attributes":{"retry":true}}],"#
        + #""links":[{"trace_id":"0af7651916cd43dd8448eb211c80319c","span_id":"b7ad6b7169203331","attributes":{"why":"batch"}},{}],"#
        + #""name":"GET /users/:id","dur_ns":1500,"thread":3}"#
    /// A log record as the JSON-lines sink writes it, with every field it can carry.
    static let logRecord =
        #"{"seq":8,"ts":2100,"event":"log","phase":"instant","controller":"app.network","id":"0x0","text":"retrying","#
        + #""level":"warning","source":"App","metadata":{"attempt":"2","request":{"headers":["a","b"],"none":{},"path":"/users"}},"#
        + #""error":"Teapot(code: 418)","trace_id":"4bf92f3577b34da6a3ce929d0e0e4736","span_id":"a1b2c3d4e5f60718","#
        + #""file":"App/Network.swift","line":42,"function":"fetch(_:)","thread":3}"#

    @Test("a span's end and a log record keep every field, in order, with its whole value")
    func spanAndLogFieldsAreKept() throws {
        let trace = TraceReader.parse(Self.spanEnd + "\n" + Self.logRecord + "\n", source: "fields.jsonl")
        #expect(trace.issues.isEmpty, "\(trace.issues)")
        try #require(trace.events.count == 2)
        let span = try #require(trace.events[0].details.fields)
        #expect(
            span.map(\.key) == [
                "trace_id", "span_id", "parent_span_id", "kind", "attributes", "status", "errors", "links", "name",
            ])
        #expect(
            span["attributes"]
                == .object([
                    Field("a.list", .list([.string("x"), .string("y")])), Field("b.ratio", .double(0.5)),
                    Field("cache.hit", .bool(false)), Field("m.count", .integer(7)),
                    Field("note", .string("say \"hi\"\tthen\\go é")),
                ]))
        #expect(span["status"] == .object([Field("code", .string("error")), Field("message", .string("teapot"))]))
        guard case .list(let errors) = span["errors"], case .object(let error) = errors.first else {
            Issue.record("errors: \(String(describing: span["errors"]))")
            return
        }
        #expect(error["attributes"] == .object([Field("retry", .bool(true))]))
        guard case .list(let links) = span["links"] else {
            Issue.record("links: \(String(describing: span["links"]))")
            return
        }
        #expect(links.count == 2 && links.last == .object([]))
        let log = try #require(trace.events[1].details.fields)
        #expect(log.map(\.key) == ["level", "source", "metadata", "error", "trace_id", "span_id", "file", "line", "function"])
        #expect(log["line"] == .integer(42))
        guard case .object(let metadata) = log["metadata"], case .object(let request) = metadata["request"] else {
            Issue.record("metadata: \(String(describing: log["metadata"]))")
            return
        }
        #expect(request["headers"] == .list([.string("a"), .string("b")]) && request["none"] == .object([]))
    }

    @Test("read and written again (what lifetrace convert does), span and log records are byte for byte the input")
    func fieldsRoundTrip() throws {
        // A hook's record with a frame (its short arrays of numbers held inline) and a record of
        // another writer, whose unknown keys (a short array of integers among them) are kept too.
        let frame =
            #"{"seq":9,"ts":2200,"event":"layoutSubviews","phase":"end","controller":"Title","id":"0x6c1a2b0","#
            + #""frame":[16,63,200,30.5],"offset":[16,63],"superview":"0x6c16a50","dur_ns":13000,"thread":3}"#
        let other =
            #"{"seq":10,"ts":2300,"event":"custom","phase":"instant","controller":"C","id":"0x1","#
            + #""pair":[1,2],"empty":[],"deep":[[[{"a":null}]]],"flag":true,"minus":-3,"real":-2.5e-7,"thread":3}"#
        let input = [Self.spanEnd, Self.logRecord, frame, other].map { $0 + "\n" }.joined()
        let reader = JSONLinesReader(data: Data(input.utf8), source: "fields.jsonl")
        var output = ""
        var events: [Event] = []
        while let event = try reader.next() {
            events.append(event)
            output += JSONLineFormat.line(event)
        }
        #expect(reader.summary.issues.isEmpty, "\(reader.summary.issues)")
        #expect(events.count == 4)
        #expect(
            events[2].frame
                == Details.Frame(x: 16, y: 63, width: 200, height: 30.5, offsetX: 16, offsetY: 63, superview: 0x6c16a50))
        #expect(events[2].details.fields == nil)
        #expect(events[3].details.fields?["pair"] == .list([.integer(1), .integer(2)]))
        #expect(events[3].details.fields?["real"] == .double(-2.5e-7))
        // `-2.5e-7` is written back as Swift prints the double; every other value as it was.
        #expect(output == input.replacing("-2.5e-7", with: "-2.5e-07"))

        // The same through the command.
        try withScratchDirectory { directory in
            let path = directory.path("fields.jsonl")
            try input.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try runProcess(try LifetraceBinary.path(), ["convert", path, "-o", directory.path("out.jsonl")])
            try #require(result.status == 0, "\(result)")
            #expect(try String(contentsOfFile: directory.path("out.jsonl"), encoding: .utf8) == output)
        }
    }

    @Test("a malformed value inside metadata or attributes is an error located at its byte")
    func malformedNestedValueIsLocated() {
        let prefix = #"{"seq":1,"ts":1,"event":"log","phase":"instant","controller":"L","id":"0x0","metadata":{"a":["#
        let lines = [
            prefix + #"1,]},"thread":1}"#,
            prefix + #""x" "y"]},"thread":1}"#,
            prefix + #"{"k" 1}]},"thread":1}"#,
            prefix + #"tru]},"thread":1}"#,
            #"{"seq":1,"ts":1,"event":"log","phase":"instant","controller":"L","id":"0x0","deep":"#
                + String(repeating: "[", count: 65) + String(repeating: "]", count: 65) + #","thread":1}"#,
        ]
        let trace = TraceReader.parse(lines.joined(separator: "\n") + "\n", source: "nested.jsonl")
        #expect(trace.events.isEmpty)
        let column = prefix.utf8.count + 1
        #expect(
            trace.issues.map(\.description) == [
                #"nested.jsonl:1:\#(column + 2): error: expected a value (a string, number, true, false, null, array or object), found "]}""#,
                #"nested.jsonl:2:\#(column + 4): error: expected "," or "]", found ""y"]}""#,
                #"nested.jsonl:3:\#(column + 5): error: expected ":" after the key "k", found "1}]}""#,
                #"nested.jsonl:4:\#(column): error: expected a value (a string, number, true, false or null), found "tru]}""#,
                #"nested.jsonl:5:\#(#"{"seq":1,"ts":1,"event":"log","phase":"instant","controller":"L","id":"0x0","deep":"#.utf8.count + 65): error: values nested more than 64 deep"#,
            ])
    }

    @Test("the format's values read alike whether written plainly (the fast readers) or in any other valid form")
    func plainAndOtherFormsReadAlike() throws {
        let plain =
            #"{"seq":18446744073709551615,"ts":120,"event":"viewDidLoad","phase":"end","controller":"A","id":"0xABCdef","#
            + #""target":"B","target_id":"0xffffffffffffffff","index":7,"count":4,"dur_ns":5,"thread":4294967295,"pid":3}"#
        let other =
            #"{ "seq" : 18446744073709551615 , "ts":120, "event":"viewDidLoad","phase":"end","#
            + #""controller":"A","id":"0x0000000000000000000abcdef","target":"B","target_id":"0xFFFFFFFFFFFFFFFF","#
            + #""index":7,"count":4,"dur_ns":5,"thread":4294967295,"pid":3 }"#
        let trace = TraceReader.parse(plain + "\n" + other + "\n", source: "forms.jsonl")
        #expect(trace.issues.isEmpty, "\(trace.issues)")
        #expect(trace.events.count == 2)
        let event = try #require(trace.events.first)
        #expect(event.seq == .max && event.hook == .viewDidLoad && event.phase == .end && event.duration == 5)
        #expect(event.subject == Subject(name: "A", id: 0xabcdef) && event.details.target == Subject(name: "B", id: .max))
        #expect(event.thread == .max && event.process == 3 && event.details.index == 7)
        #expect(trace.events.last == event)

        let bad = [
            #"{"seq":1,"ts":1,"event":"","phase":"begin","controller":"A","id":"0x1","thread":1}"#,
            #"{"seq":1,"ts":1,"event":"e","phase":"","controller":"A","id":"0x1","thread":1}"#,
            #"{"seq":1,"ts":1,"event":"e","phase":"begun","controller":"A","id":"0x1","thread":1}"#,
            #"{"seq":1,"ts":1,"event":"e","phase":"begin","controller":"A","id":"0x","thread":1}"#,
            #"{"seq":1,"ts":1,"event":"e","phase":"begin","controller":"A","id":"0x1ffffffffffffffff","thread":1}"#,
            #"{"seq":1.5,"ts":1,"event":"e","phase":"begin","controller":"A","id":"0x1","thread":1}"#,
            #"{"seq":1,"ts":1,"event":"e","phase":"begin","controller":"A","id":"0x1","thread":4294967296}"#,
        ]
        let messages = TraceReader.parse(bad.joined(separator: "\n") + "\n", source: "bad.jsonl").issues.map(\.description)
        #expect(messages.count == bad.count)
        #expect(messages[0] == #"bad.jsonl:1:25: error: expected "event" to be a non-empty string"#)
        #expect(messages[1] == #"bad.jsonl:2:37: error: expected "phase" to be a non-empty string"#)
        #expect(messages[2] == #"bad.jsonl:3:37: error: expected "phase" to be "begin", "end" or "instant", got "begun""#)
        #expect(messages[3].hasPrefix(#"bad.jsonl:4:67: error: expected "id" to be a hexadecimal identity"#))
        #expect(messages[4].hasPrefix(#"bad.jsonl:5:67: error: expected "id" to be a hexadecimal identity"#))
        #expect(messages[5] == #"bad.jsonl:6:8: error: expected "seq" to be a non-negative integer, got 1.5"#)
        #expect(messages[6] == #"bad.jsonl:7:82: error: expected "thread" to be a thread id below 2^32, got 4294967296"#)
    }

    @Test("a key that starts or ends like one of the format's, or is one written with an escape, reads as what it is")
    func keysNearTheFormatsReadAsWhatTheyAre() throws {
        // Each of the format's keys is told at a glance when a sink wrote it (`,"key":`); keys that
        // share its first bytes, or run past it, are fields of another writer; an escaped key is the
        // format's key it decodes to.
        let line =
            #"{"seq":1,"ts":2,"event":"viewDidLoad","phase":"end","controller":"A","id":"0x1","dur_ns":3,"thread":4,"#
            + #""target_idx":"a","targe":"b","controllers":"c","se":"d","thread_name":"e","text":"escaped","#
            + #""pid":5,"i":"f"}"#
        let trace = TraceReader.parse(line + "\n", source: "keys.jsonl")
        #expect(trace.issues.isEmpty, "\(trace.issues)")
        let event = try #require(trace.events.first)
        #expect(event.subject == Subject(name: "A", id: 1) && event.duration == 3 && event.thread == 4 && event.process == 5)
        #expect(event.details.text == "escaped" && event.details.target == nil)
        #expect(event.details.fields?.map(\.key) == ["target_idx", "targe", "controllers", "se", "thread_name", "i"])
    }

    @Test func malformedLinesAreReportedWithTheirLineAndTheRestIsKept() {
        let lines = [
            Self.good,
            "",
            #"{"seq":2,"ts":120,"event":"viewDidLoad" "phase":"instant","controller":"A","id":"0x1","thread":9}"#,
            #"{"seq":3,"ts":"soon","event":"viewDidLoad","phase":"instant","controller":"A","id":"0x1","thread":9}"#,
            #"{"seq":4,"ts":130,"event":"viewDidLoad","phase":"middle","controller":"A","id":"0x1","thread":9}"#,
            #"{"seq":5,"ts":140,"event":"viewDidLoad","phase":"instant","id":"0x1"}"#,
            #"{"seq":6,"ts":150,"event":"viewDidLoad","phase":"end","controller":"A","id":"0x1","thread":9}"#,
            "not json",
            #"{"seq":7,"ts":150,"event":"viewDidLoad","phase":"instant","controller":"A","id":"12","thread":9}"#,
            Self.goodEnd,
        ]
        let trace = TraceReader.parse(lines.joined(separator: "\n") + "\n", source: "bad.jsonl")
        #expect(trace.events.map(\.seq) == [1, 3])
        #expect(trace.lines == [1, 10])
        #expect(trace.issues.map(\.line) == [3, 4, 5, 6, 7, 8, 9])
        let messages = trace.issues.map(\.description)
        #expect(messages[0] == #"bad.jsonl:3:41: error: expected "," or "}" after the value of "event", found ""phase":"ins""#)
        #expect(messages[1] == #"bad.jsonl:4:15: error: expected "ts" to be a non-negative integer, got "soon""#)
        #expect(
            messages[2].hasPrefix(#"bad.jsonl:5:49: error: expected "phase" to be "begin", "end" or "instant", got "middle""#))
        #expect(
            messages[3]
                == #"bad.jsonl:6: error: expected the keys seq, ts, event, phase, controller, id and thread; missing "controller", "thread""#
        )
        #expect(messages[4] == #"bad.jsonl:7: error: an end record needs "dur_ns"; missing "dur_ns""#)
        #expect(messages[5] == #"bad.jsonl:8:1: error: expected "{" to start a record, found "not json""#)
        #expect(messages[6].contains(#"expected "id" to be a hexadecimal identity"#))
    }

    @Test func aTruncatedLastLineIsReported() {
        let full = Self.good + "\n" + Self.goodEnd + "\n"
        for cut in [Self.good.count + 10, Self.good.count + 40, full.utf8.count - 3] {
            let text = String(full.prefix(cut))
            let trace = TraceReader.parse(text, source: "cut.jsonl")
            #expect(trace.events.count == 1, "cut at \(cut)")
            #expect(trace.issues.count == 1)
            #expect(trace.issues.first?.line == 2)
            #expect(trace.issues.first?.description.contains("truncated") == true, "\(trace.issues)")
        }
        let unterminatedString = TraceReader.parse(#"{"seq":1,"ts":1,"event":"viewDid"#, source: "s")
        #expect(
            unterminatedString.issues.first?.description
                == #"s:1:33: error: expected a closing " for the string that starts at column 25, found the end of the line (truncated line?)"#
        )
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: TraceIssue.self) { try TraceReader.read(path: "/nonexistent/trace.jsonl") }
        do {
            _ = try TraceReader.read(path: "/nonexistent/trace.jsonl")
        } catch {
            #expect("\(error)" == "/nonexistent/trace.jsonl: error: no such file")
        }
    }

    /// What reading costs is measured by tools/bench-readers (docs/benchmarks.md), not here.
    @Test func readsALargeTrace() {
        let text = TestTraces.large(count: 100_000)
        let trace = TraceReader.parse(text, source: "large")
        #expect(trace.issues.isEmpty)
        #expect(trace.events.count >= 100_000)
    }

    @Test func intervalsPairBeginsWithEnds() {
        let events = [
            TestTraces.event(1, 10, .viewWillAppear, .begin, "A"),
            TestTraces.event(2, 20, .viewWillAppear, .begin, "A"),  // re-entered
            TestTraces.event(3, 25, .viewWillAppear, .end, "A", duration: 5),
            TestTraces.event(4, 40, .viewWillAppear, .end, "A", duration: 30),
            TestTraces.event(5, 50, .viewDidLoad, .end, "B", duration: 8),  // begin cut off
            TestTraces.event(6, 60, .loadView, .begin, "C"),  // end cut off
        ]
        let intervals = Trace(events: events).intervals()
        #expect(intervals.map(\.startTimestamp) == [10, 20, 42, 60])
        #expect(intervals.map(\.duration) == [30, 5, 8, nil])
        #expect(intervals.map(\.isComplete) == [true, true, false, false])
    }
}
