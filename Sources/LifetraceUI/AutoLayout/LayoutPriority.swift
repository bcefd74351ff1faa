import LifetraceCassowary

/// How much a constraint matters, from 1 to 1000 (UIKit's `UILayoutPriority`): a `required`
/// constraint must hold; the others are satisfied as well as they can be, higher ones first.
///
/// Priorities are an order, not weights (Apple: "higher priority constraints are satisfied before
/// lower priority constraints"): in the engine a priority below 1000 is a level of its own
/// (`LifetraceCassowary`'s `Strength.init(priority:)`), whose errors are minimised, and that
/// optimum kept, before any lower priority's are considered; no number of constraints at 750
/// outweighs one at 751.
public struct LayoutPriority: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
    /// The priority, 1…1000 (values outside are clamped).
    public let rawValue: Float

    /// Creates a priority, clamped to 1…1000.
    public init(rawValue: Float) { self.rawValue = min(max(rawValue.isNaN ? 1 : rawValue, 1), 1000) }
    /// Creates a priority, clamped to 1…1000.
    public init(_ value: Float) { self.init(rawValue: value) }
    public init(floatLiteral value: Float) { self.init(rawValue: value) }
    public init(integerLiteral value: Int) { self.init(rawValue: Float(value)) }

    /// 1000: the constraint must hold.
    public static let required = LayoutPriority(1000)
    /// 750: a button's compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 250: a button's content hugging.
    public static let defaultLow = LayoutPriority(250)
    /// 50: what `systemLayoutSizeFitting` uses to pull a view to its fitting size.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether the constraint must hold.
    public var isRequired: Bool { rawValue >= 1000 }

    /// The engine's strength for this priority.
    var strength: Strength { Strength(priority: rawValue) }

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The number, as UIKit prints it (`750`).
    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }
}

/// The axis a content priority applies to (UIKit's `NSLayoutConstraint.Axis`).
public enum LayoutAxis: Sendable, Hashable {
    case horizontal, vertical
}
