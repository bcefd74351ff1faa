/// Durations for humans: `850 ns`, `12.3 µs`, `4.56 ms`, `1.234 s`.
public enum DurationText {
    /// Formats nanoseconds with a unit that keeps three significant digits or so.
    public static func format(_ nanoseconds: UInt64) -> String { format(Double(nanoseconds)) }

    /// Formats nanoseconds (possibly fractional, such as a cost per view).
    public static func format(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000:
            return nanoseconds == nanoseconds.rounded() ? "\(Int(nanoseconds)) ns" : fixed(nanoseconds, decimals: 1) + " ns"
        case ..<1_000_000: return fixed(nanoseconds / 1_000, decimals: 1) + " µs"
        case ..<1_000_000_000: return fixed(nanoseconds / 1_000_000, decimals: 2) + " ms"
        default: return fixed(nanoseconds / 1_000_000_000, decimals: 3) + " s"
        }
    }

    /// `value` with `decimals` digits after the point, rounded half away from zero (`%.Nf` without
    /// Foundation, whose `String(format:)` would load ICU at start-up).
    package static func fixed(_ value: Double, decimals: Int) -> String {
        var scale: UInt64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard value.isFinite, scaled < 9.0e18 else { return "\(value)" }
        let digits = UInt64(scaled)
        var text = (value < 0 && digits != 0 ? "-" : "") + String(digits / scale)
        if decimals > 0 {
            let fraction = String(digits % scale)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }
}
