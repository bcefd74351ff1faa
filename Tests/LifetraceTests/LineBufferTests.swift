import Lifetrace
import Testing

@Suite("Line buffer")
struct LineBufferTests {
    private func written(_ body: (inout LineBuffer) -> Void) -> String {
        var buffer = LineBuffer(capacity: 16)
        body(&buffer)
        return buffer.string
    }

    @Test("decimal digits at every length, as Swift prints them")
    func decimals() {
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        for value in values {
            #expect(written { $0.appendDecimal(value) } == String(value))
        }
        for value in [0, -1, 42, -42, Int.max, Int.min] {
            #expect(written { $0.appendDecimal(value) } == String(value))
        }
    }

    @Test("hexadecimal ids with 0x, lowercase, no padding")
    func hexadecimals() {
        for value: UInt in [0, 1, 0xf, 0x10, 0xabc, 0x7f12_3456_789a, UInt.max] {
            #expect(written { $0.appendHex(value) } == "0x" + String(value, radix: 16))
        }
    }

    @Test("JSON strings: clean text copied, every escape where it falls")
    func jsonStrings() {
        #expect(written { $0.appendJSONString("") } == #""""#)
        #expect(written { $0.appendJSONString("FeedViewController") } == #""FeedViewController""#)
        #expect(written { $0.appendJSONString("\"a\\b\n") } == #""\"a\\b\n""#)
        #expect(written { $0.appendJSONString("é\u{1}x\u{1F}") } == #""é\u0001x\u001f""#)
        // Every byte escaped: the worst case the buffer reserves for.
        let controls = String(repeating: "\u{1}", count: 100)
        #expect(written { $0.appendJSONString(controls) } == "\"" + String(repeating: #"\u0001"#, count: 100) + "\"")
    }

    @Test("grows past its capacity and keeps what was written; removeAll keeps nothing")
    func growth() {
        var buffer = LineBuffer(capacity: 16)
        let long = String(repeating: "abcdefghij", count: 1_000)
        buffer.append("start:")
        buffer.appendUTF8(long)
        buffer.append(UInt8(ascii: "\n"))
        let count = buffer.count
        let text = buffer.string
        #expect(count == 6 + 10_000 + 1)
        #expect(text == "start:" + long + "\n")
        buffer.removeAll()
        let isEmpty = buffer.isEmpty
        #expect(isEmpty)
        buffer.appendDecimal(UInt64(7))
        let seven = buffer.string
        #expect(seven == "7")
    }
}
