import Lifetrace
import Testing

@Suite("Text line format")
struct TextLineFormatTests {
    let format = TextSink.Format()
    let withEnds = TextSink.Format(showsEnds: true)

    @Test("NSLog-like line with the animated flag")
    func animated() {
        #expect(
            format.line(makeEvent(hook: .viewWillAppear, phase: .begin, details: Details(animated: true)))
                == "<B: 0x6c16980> viewWillAppear animated\n")
        #expect(
            format.line(makeEvent(hook: .viewDidAppear, phase: .instant, details: Details(animated: false)))
                == "<B: 0x6c16980> viewDidAppear not animated\n")
    }

    @Test("a target is printed like the subject, then the text")
    func targetAndText() {
        let event = makeEvent(
            hook: .willShowViewController, name: "Nav", id: 0x6c118f0,
            details: Details(target: Subject(name: "B", id: 0x6c16980), text: "push"))
        #expect(format.line(event) == "<Nav: 0x6c118f0> willShowViewController <B: 0x6c16980> push\n")
    }

    @Test("one event, one line: control characters in names and texts are escaped")
    func controlCharacters() {
        let event = makeEvent(
            hook: Hook("custom\thook"), name: "Two\nLines", id: 0x10,
            details: Details(target: Subject(name: "Bell\u{7}", id: 0x20), text: "a\rb\u{1B}[31m é"))
        #expect(format.line(event) == #"<Two\nLines: 0x10> custom\thook <Bell\u{07}: 0x20> a\rb\u{1b}[31m é"# + "\n")
        let step = makeEvent(hook: .scenarioStep, details: Details(index: 1, text: "launch\nA"))
        #expect(format.line(step) == #"── step 1: launch\nA"# + "\n")
        // A backslash is escaped too, so an escape reads back as one; C1 controls and the Unicode
        // line separators break lines as well.
        let tricky = makeEvent(hook: .viewDidLoad, phase: .instant, name: #"a\nb"# + "\u{85}\u{2028}\u{2029}", id: 0x1)
        #expect(format.line(tricky) == #"<a\\nb\u{85}\u{2028}\u{2029}: 0x1> viewDidLoad"# + "\n")
    }

    @Test("end records are left out unless the format shows ends")
    func endsHiddenByDefault() {
        let end = makeEvent(phase: .end, details: Details(animated: true), duration: 1_234)
        #expect(format.line(end) == "")
        #expect(withEnds.line(end) == "<B: 0x6c16980> viewWillAppear animated end 1234 ns\n")
    }

    @Test(
        "durations pick ns, µs or ms",
        arguments: [
            (UInt64(0), "0 ns"), (9_999, "9999 ns"), (10_000, "10 µs"), (9_999_999, "9999 µs"),
            (10_000_000, "10 ms"), (2_500_000_000, "2500 ms"),
        ])
    func durationUnits(duration: UInt64, text: String) {
        let line = withEnds.line(makeEvent(hook: .viewDidLoad, phase: .end, duration: duration))
        #expect(line == "<B: 0x6c16980> viewDidLoad end \(text)\n")
    }

    @Test("a layout pass's end names the views it laid out")
    func countOnEnd() {
        let begin = makeEvent(hook: .layoutPass, phase: .begin, name: "Window", id: 1, details: Details(count: 3))
        #expect(withEnds.line(begin) == "<Window: 0x1> layoutPass\n")
        let one = makeEvent(hook: .layoutPass, phase: .end, name: "Window", id: 1, details: Details(count: 1), duration: 5)
        #expect(withEnds.line(one) == "<Window: 0x1> layoutPass 1 view end 5 ns\n")
        let many = makeEvent(hook: .layoutPass, phase: .end, name: "Window", id: 1, details: Details(count: 3), duration: 5)
        #expect(withEnds.line(many) == "<Window: 0x1> layoutPass 3 views end 5 ns\n")
    }

    @Test("timestamps in seconds with microseconds")
    func timestamps() {
        let format = TextSink.Format(showsTimestamps: true)
        #expect(
            format.line(makeEvent(timestamp: 12_345_678_901, hook: .viewDidLoad)) == "[12.345678] <B: 0x6c16980> viewDidLoad\n")
        #expect(format.line(makeEvent(timestamp: 5_000_001_000, hook: .viewDidLoad)) == "[5.000001] <B: 0x6c16980> viewDidLoad\n")
    }

    @Test("scenario steps print as separators")
    func scenarioStep() {
        let step = makeEvent(hook: .scenarioStep, phase: .begin, name: "scenario", details: Details(index: 3, text: "pop"))
        #expect(format.line(step) == "── step 3: pop\n")
        let end = makeEvent(
            hook: .scenarioStep, phase: .end, name: "scenario", details: Details(index: 3, text: "pop"), duration: 42)
        #expect(withEnds.line(end) == "── step 3: pop end 42 ns\n")
    }
}
