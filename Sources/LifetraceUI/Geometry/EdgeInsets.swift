import Foundation

/// Distances from the edges of a rectangle inwards, in points (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Sendable, Hashable, CustomStringConvertible {
    /// From the top edge.
    public var top: CGFloat
    /// From the left edge.
    public var left: CGFloat
    /// From the bottom edge.
    public var bottom: CGFloat
    /// From the right edge.
    public var right: CGFloat

    /// Creates insets.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
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

/// Insets by leading and trailing edge, which follow the layout direction (UIKit's
/// `NSDirectionalEdgeInsets`; the runtime lays out left to right, so leading is left).
public struct DirectionalEdgeInsets: Sendable, Hashable {
    /// From the top edge.
    public var top: CGFloat
    /// From the leading edge.
    public var leading: CGFloat
    /// From the bottom edge.
    public var bottom: CGFloat
    /// From the trailing edge.
    public var trailing: CGFloat

    /// Creates insets.
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No insets.
    public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}
