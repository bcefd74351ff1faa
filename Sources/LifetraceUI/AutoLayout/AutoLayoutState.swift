import LifetraceCassowary

/// What a view keeps for Auto Layout, made the first time the view uses it (a plain view pays
/// one pointer).
@MainActor
final class AutoLayoutState {
    /// The constraints installed on this view (it is their items' nearest common ancestor).
    var installed: [LayoutConstraint] = []
    /// The view's engine variables, made when the view first joins an engine.
    var variables: LayoutVariables?
    /// The engine the view has joined, if any (the window's, or a detached hierarchy's).
    weak var engine: LayoutEngine?
    /// The frame the engine solved for the view, relative to its superview, to apply in the
    /// superview's `layoutSubviews` (views that do not translate their autoresizing mask).
    var engineFrame: Rect?

    /// The engine hosted by this view: a window's or an engine host's, kept for its life (a
    /// detached hierarchy's until the hierarchy joins another).
    var hostedEngine: LayoutEngine?
    /// Whether the view keeps the constraints of its branch in an engine of its own wherever it
    /// is (a cell's content view: see ``View/hostLayoutEngine()``).
    var hostsEngine = false

    /// Content hugging (default 250) and compression resistance (default 750), per axis.
    var hugging = PerAxis(LayoutPriority.defaultLow)
    var compressionResistance = PerAxis(LayoutPriority.defaultHigh)

    /// The safe-area and layout-margins guides, made on first use, and guides of the view's user.
    var safeAreaGuide: LayoutGuide?
    var marginsGuide: LayoutGuide?
    var readableGuide: LayoutGuide?
    var guides: [LayoutGuide] = []

    /// Constraints a view subclass keeps in the engine for itself (a stack view's arrangement),
    /// with the views they relate.
    var internalConstraints: [Constraint] = []
    var internalViews: [View] = []
}

/// A value for each axis.
struct PerAxis<Value> {
    var horizontal: Value
    var vertical: Value

    init(_ both: Value) {
        horizontal = both
        vertical = both
    }

    subscript(axis: LayoutAxis) -> Value {
        get { axis == .horizontal ? horizontal : vertical }
        set {
            if axis == .horizontal { horizontal = newValue } else { vertical = newValue }
        }
    }
}

extension PerAxis: Equatable where Value: Equatable {}

/// The intrinsic-size metric that means "none on this axis" (UIKit's `UIView.noIntrinsicMetric`).
public let noIntrinsicMetric: Double = -1
