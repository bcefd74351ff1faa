import Foundation
import Lifetrace
import LifetraceTestSupport
import Testing

@Suite("JSON-lines format")
struct JSONLineFormatTests {
    @Test("every key, in the documented order", .needs("jq"))
    func fullRecordHasEveryKeyInOrder() throws {
        let event = makeEvent(
            seq: 7, timestamp: 123_456_789, hook: .layoutPass, phase: .end, name: "Feed", id: 0x6c1_6980,
            details: Details(target: Subject(name: "Detail", id: 0xabc), animated: false, index: 3, text: "step", count: 12),
            duration: 4_500, thread: 99)
        let line = JSONLineFormat.line(event)
        #expect(
            line == """
                {"seq":7,"ts":123456789,"event":"layoutPass","phase":"end","controller":"Feed","id":"0x6c16980",\
                "target":"Detail","target_id":"0xabc","animated":false,"index":3,"text":"step","count":12,\
                "dur_ns":4500,"thread":99}

                """)
        // jq agrees on the keys and their order.
        let keys = try JQ.eachLine(line, "keys_unsorted")
        #expect(
            keys == [
                #"["seq","ts","event","phase","controller","id","target","target_id","animated","index","text","count","dur_ns","thread"]"#
            ])
    }

    @Test("absent details are omitted, not null")
    func minimalRecordOmitsAbsentKeys() {
        let line = JSONLineFormat.line(makeEvent(seq: 1, timestamp: 5, hook: .viewDidLoad, phase: .instant, name: "A", id: 0))
        #expect(
            line == #"{"seq":1,"ts":5,"event":"viewDidLoad","phase":"instant","controller":"A","id":"0x0","thread":42}"# + "\n")
    }

    @Test("phases", .needs("jq"), arguments: [(Phase.begin, "begin"), (.end, "end"), (.instant, "instant")])
    func phaseNames(phase: Phase, name: String) throws {
        let line = JSONLineFormat.line(makeEvent(phase: phase))
        #expect(try JQ.eachLineRaw(line, ".phase") == [name])
    }

    @Test("numbers at their extremes", .needs("jq"))
    func extremeNumbers() throws {
        let event = makeEvent(
            seq: UInt64.max, timestamp: 0, name: "X", id: UInt.max,
            details: Details(animated: true, index: Int.min, count: Int.max), duration: 0, thread: UInt32.max)
        let line = JSONLineFormat.line(event)
        #expect(line.contains(#""seq":18446744073709551615,"ts":0,"#))
        #expect(line.contains(#""id":"0xffffffffffffffff""#))
        #expect(line.contains(#""index":-9223372036854775808,"#))
        #expect(line.contains(#""count":9223372036854775807,"dur_ns":0,"thread":4294967295}"#))
        // Valid JSON for jq (which reads big numbers as doubles).
        #expect(try JQ.eachLineRaw(line, ".animated") == ["true"])
    }

    @Test(
        "hex identities",
        arguments: [
            (UInt(0), "0x0"), (0x1, "0x1"), (0x10, "0x10"), (0xf, "0xf"), (0x6c16980, "0x6c16980"),
            (0xdead_beef_0000, "0xdeadbeef0000"),
        ])
    func hexIdentity(id: UInt, text: String) {
        #expect(JSONLineFormat.line(makeEvent(id: id)).contains(#""id":"\#(text)""#))
    }

    /// A string shown escaped in test names (some hold newlines and NUL).
    struct Awkward: CustomTestStringConvertible, Sendable {
        let text: String
        var testDescription: String { text.debugDescription }
    }

    static let awkwardStrings: [Awkward] = [String]([
        #"say "hi""#,
        #"back\slash\\ and \"escaped\""#,
        "line\nbreak\rreturn\ttab\u{8}backspace\u{C}formfeed",
        "nul\u{0}inside",
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }),
        "delete\u{7F}",
        "é ü ß — “quotes” 日本語 Привет",
        "emoji 👩‍💻🇫🇷 and U+2028\u{2028}U+2029\u{2029}",
        "</script><!-- '\"' -->",
        "",
    ]).map(Awkward.init)

    @Test("awkward strings survive a round trip through jq", .needs("jq"), arguments: awkwardStrings)
    func escapingRoundTripsThroughJQ(_ awkward: Awkward) throws {
        let text = awkward.text
        let event = makeEvent(
            hook: Hook(text), name: text, details: Details(target: Subject(name: text, id: 1), text: text))
        let line = JSONLineFormat.line(event)

        // One line: the only byte below 0x20 is the final newline.
        let bytes = Array(line.utf8)
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(!bytes.dropLast().contains { $0 < 0x20 }, "raw control byte in \(line.debugDescription)")

        // jq parses the line and gives back exactly the original bytes (base64, so NUL and
        // control characters compare exactly).
        let decoded = try JQ.eachLineRaw(line, "[.event, .controller, .target, .text][] | @base64")
        #expect(decoded.count == 4)
        for field in decoded {
            let data = try #require(Data(base64Encoded: field), "jq output \(field) is not base64")
            #expect(Array(data) == Array(text.utf8))
        }
    }

    @Test("escapes use the short forms JSON defines, \\u00XX otherwise")
    func escapeForms() {
        let line = JSONLineFormat.line(makeEvent(name: "\"\\\n\r\t\u{8}\u{C}\u{1}\u{1F}é"))
        #expect(line.contains(#""controller":"\"\\\n\r\t\b\f\u0001\u001fé""#))
    }
}
