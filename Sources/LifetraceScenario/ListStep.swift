import LifetraceUI

/// A step that reaches the runtime's lists (docs/lists.md).
///
/// | step | meaning |
/// |---|---|
/// | `table NAME rows=N [height=H] [estimate=E]` | declare a table view controller of N rows, each a cell of the system's style whose text grows with the row (self-sizing unless `height=H`; estimates `E`, 44 unless given) |
/// | `scroll NAME to Y\|row N\|end [over DURATION] [fps=N] [curve=decelerating\|linear]` | a driven scroll of NAME's table to the offset Y, to row N, or to the end, one display frame at a time (`frame` intervals) over DURATION (300ms unless given) at N frames a second (120 unless given) |
/// | `tap-row NAME N` | tap row N: `willSelectRowAt`, the selection, `didSelectRowAt` |
/// | `reload NAME` | `reloadData()` |
public enum ListStep: Sendable, Hashable {
    /// Where a driven scroll goes.
    public enum Target: Sendable, Hashable {
        case offset(Double)
        case row(Int)
        case end
    }

    /// `table NAME rows=N [height=H] [estimate=E]`.
    case declareTable(name: String, rows: Int, rowHeight: Double?, estimate: Double?)
    /// `scroll NAME to …`.
    case scroll(name: String, target: Target, nanoseconds: UInt64, framesPerSecond: Int, curve: ScrollView.Curve)
    /// `tap-row NAME N`.
    case tapRow(name: String, row: Int)
    /// `reload NAME`.
    case reload(name: String)

    /// The list steps' keywords.
    static let keywords = ["table", "scroll", "tap-row", "reload"]
}
