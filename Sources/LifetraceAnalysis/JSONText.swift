/// JSON text written by hand: string literals and numbers, for the exporters.
enum JSONText {
    /// `text` as a JSON string literal. `<`, `>` and `&` are escaped too (`\u003c` …), so the text
    /// can sit inside an HTML `<script>` element.
    static func quote(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    /// A number: a whole one without a fraction (`390`), another as Swift prints it (`97.5`), `null`
    /// when it is not finite (as the JSON-lines sink writes a frame's numbers).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero), value.magnitude < 9_007_199_254_740_992 { return String(Int(value)) }
        return value.description
    }

    /// Nanoseconds as microseconds with three decimals (`1234567` → `1234.567`), exactly.
    static func microseconds(_ nanoseconds: UInt64) -> String {
        let whole = nanoseconds / 1_000
        let fraction = nanoseconds % 1_000
        if fraction == 0 { return "\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
