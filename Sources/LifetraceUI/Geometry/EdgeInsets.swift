/// Distances from the edges of a rectangle inwards, in points (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Sendable, Hashable, CustomStringConvertible {
    /// From the top edge.
    public var top: Double
    /// From the left edge.
    public var left: Double
    /// From the bottom edge.
    public var bottom: Double
    /// From the right edge.
    public var right: Double

    /// Creates insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// The part of these insets (of a container of `size`) that overlaps `frame`, in `frame`'s terms.
    func clipped(to frame: Rect, within size: Size) -> EdgeInsets {
        EdgeInsets(
            top: max(0, top - frame.minY),
            left: max(0, left - frame.minX),
            bottom: max(0, bottom - (size.height - frame.maxY)),
            right: max(0, right - (size.width - frame.maxX)))
    }

    /// `{top, left, bottom, right}`.
    public var description: String { "{\(top.compact), \(left.compact), \(bottom.compact), \(right.compact)}" }
}
