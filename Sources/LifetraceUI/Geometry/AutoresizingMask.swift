/// How a view resizes when its superview's bounds change: UIKit's springs and struts
/// (`UIView.AutoresizingMask`). A flexible part absorbs a share of the change proportional to its size.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Creates a mask from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The left margin may change.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width may change.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin may change.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin may change.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height may change.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin may change.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    /// Width and height follow the superview: a view that fills its superview.
    public static let flexibleSize: AutoresizingMask = [.flexibleWidth, .flexibleHeight]

    /// The frame a view with this mask gets when its superview's size changes from `old` to `new`.
    public func resize(_ frame: Rect, fromSuperviewSize old: Size, to new: Size) -> Rect {
        let (x, width) = Self.distribute(
            new.width - old.width,
            leading: (frame.minX, contains(.flexibleLeftMargin)),
            length: (frame.width, contains(.flexibleWidth)),
            trailing: (old.width - frame.maxX, contains(.flexibleRightMargin)))
        let (y, height) = Self.distribute(
            new.height - old.height,
            leading: (frame.minY, contains(.flexibleTopMargin)),
            length: (frame.height, contains(.flexibleHeight)),
            trailing: (old.height - frame.maxY, contains(.flexibleBottomMargin)))
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// Shares `delta` among the flexible parts of one axis; returns the new position and length.
    private static func distribute(
        _ delta: Double,
        leading: (Double, Bool),
        length: (Double, Bool),
        trailing: (Double, Bool)
    ) -> (Double, Double) {
        let parts = [leading, length, trailing]
        let flexible = parts.filter(\.1)
        guard delta != 0, !flexible.isEmpty else { return (leading.0, length.0) }
        let total = flexible.reduce(0) { $0 + max($1.0, 0) }
        func share(_ part: (Double, Bool)) -> Double {
            guard part.1 else { return 0 }
            return total > 0 ? delta * max(part.0, 0) / total : delta / Double(flexible.count)
        }
        return (leading.0 + share(leading), max(0, length.0 + share(length)))
    }
}
