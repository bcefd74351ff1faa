/// A part of a view's or a layout guide's frame that a constraint relates (UIKit's
/// `NSLayoutConstraint.Attribute`). The runtime lays out left to right, so `leading` is `left`
/// and `trailing` is `right`.
public enum LayoutAttribute: Sendable, Hashable, CustomStringConvertible {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    /// No attribute: the second attribute of a constraint on a constant (`width == 100`).
    case notAnAttribute

    /// Whether the attribute is a size (a constraint on it may have no second item).
    public var isDimension: Bool { self == .width || self == .height }

    /// Whether the attribute lies on the horizontal axis.
    public var isHorizontal: Bool {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX: true
        default: false
        }
    }

    /// The name UIKit prints in a constraint's description.
    public var description: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

/// How a constraint relates its two sides (UIKit's `NSLayoutConstraint.Relation`).
public enum LayoutRelation: Sendable, Hashable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    /// `<=`, `==` or `>=`, as UIKit prints it.
    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
