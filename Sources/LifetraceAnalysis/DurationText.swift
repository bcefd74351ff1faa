import Foundation

/// Durations for humans: `850 ns`, `12.3 µs`, `4.56 ms`, `1.234 s`.
public enum DurationText {
    /// Formats nanoseconds with a unit that keeps three significant digits or so.
    public static func format(_ nanoseconds: UInt64) -> String { format(Double(nanoseconds)) }

    /// Formats nanoseconds (possibly fractional, such as a cost per view).
    public static func format(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return nanoseconds == nanoseconds.rounded() ? "\(Int(nanoseconds)) ns" : String(format: "%.1f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.1f µs", nanoseconds / 1_000)
        case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1_000_000)
        default: return String(format: "%.3f s", nanoseconds / 1_000_000_000)
        }
    }
}
