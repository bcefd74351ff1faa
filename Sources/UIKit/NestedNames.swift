public import LifetraceUI

// UIKit's nested type names (`NSLayoutConstraint.Attribute`, `UIView.AutoresizingMask`, …) for
// the runtime's top-level types.

extension LayoutConstraint {
    /// `NSLayoutConstraint.Attribute`.
    public typealias Attribute = LayoutAttribute
    /// `NSLayoutConstraint.Relation`.
    public typealias Relation = LayoutRelation
    /// `NSLayoutConstraint.Axis`.
    public typealias Axis = LayoutAxis
}

extension View {
    /// `UIView.AutoresizingMask`.
    public typealias AutoresizingMask = LifetraceUI.AutoresizingMask
    /// `UIView.noIntrinsicMetric`: a dimension with no intrinsic size.
    public static var noIntrinsicMetric: CGFloat { CGFloat(LifetraceUI.noIntrinsicMetric) }
}

extension TraitCollection {
    /// A trait collection of one appearance (UIKit's `init(userInterfaceStyle:)`), compact width
    /// and regular height otherwise.
    public init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(horizontalSizeClass: .compact, verticalSizeClass: .regular, userInterfaceStyle: userInterfaceStyle)
    }
}

/// The device's screen (UIKit's `UIScreen`): an iPhone's, 390 × 844 points at 3× (the runtime's
/// default window).
@MainActor
public final class UIScreen {
    /// The main screen.
    public static let main = UIScreen()
    /// The screen's bounds, in points.
    public let bounds = Window.defaultFrame
    /// Pixels per point.
    public let scale: CGFloat = 3
    /// Pixels per point of the physical screen.
    public var nativeScale: CGFloat { scale }
}
