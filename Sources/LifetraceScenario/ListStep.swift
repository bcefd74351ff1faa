import LifetraceUI

/// A step that reaches the runtime's lists (docs/lists.md).
///
/// | step | meaning |
/// |---|---|
/// | `table NAME rows=N [height=H] [estimate=E] [source=diffable]` | declare a table view controller of N rows, each a cell of the system's style whose text grows with the row (self-sizing unless `height=H`; estimates `E`, 44 unless given); with `source=diffable`, a diffable data source feeds the table and row changes are applied snapshots |
/// | `scroll NAME to Y\|row N\|end [over DURATION] [fps=N] [curve=decelerating\|linear]` | a driven scroll of NAME's table to the offset Y, to row N, or to the end, one display frame at a time (`frame` intervals) over DURATION (300ms unless given) at N frames a second (120 unless given) |
/// | `tap-row NAME N` | tap row N: `willSelectRowAt`, the selection, `didSelectRowAt` |
/// | `reload NAME` | `reloadData()` |
/// | `insert-rows NAME AT [count=N]` | N new rows (1 unless given) at row AT, animated (`insertRows(at:with: .automatic)`, or a snapshot applied with animation) |
/// | `delete-rows NAME AT [count=N]` | N rows from row AT deleted, animated |
public enum ListStep: Sendable, Hashable {
    /// Where a driven scroll goes.
    public enum Target: Sendable, Hashable {
        case offset(Double)
        case row(Int)
        case end
    }

    /// `table NAME rows=N [height=H] [estimate=E] [source=diffable]`.
    case declareTable(name: String, rows: Int, rowHeight: Double?, estimate: Double?, diffable: Bool)
    /// `scroll NAME to …`.
    case scroll(name: String, target: Target, nanoseconds: UInt64, framesPerSecond: Int, curve: ScrollView.Curve)
    /// `tap-row NAME N`.
    case tapRow(name: String, row: Int)
    /// `reload NAME`.
    case reload(name: String)
    /// `insert-rows NAME AT [count=N]` (`inserting`) or `delete-rows NAME AT [count=N]`.
    case changeRows(name: String, at: Int, count: Int, inserting: Bool)

    /// The list steps' keywords.
    static let keywords = ["table", "scroll", "tap-row", "reload", "insert-rows", "delete-rows"]
}
