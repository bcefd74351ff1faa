import LifetraceCassowary

/// A rectangle that takes part in Auto Layout without being a view (UIKit's `UILayoutGuide`):
/// the safe area and the layout margins of a view, or a guide of your own added with
/// ``View/addLayoutGuide(_:)`` and placed by constraints.
@MainActor
public final class LayoutGuide: LayoutNode {
    /// What places a guide.
    enum Kind {
        /// The owning view's bounds inset by its safe-area insets.
        case safeArea
        /// The owning view's bounds inset by its layout margins (and safe area).
        case layoutMargins
        /// Placed by constraints of its user.
        case custom
    }

    let kind: Kind

    /// A name in constraint descriptions and traces.
    public var identifier: String

    /// The view the guide belongs to.
    public internal(set) weak var owningView: View?

    private var variables: LayoutVariables?

    /// The insets the guide's constraints hold now (safe area and margins guides).
    var appliedInsets: EdgeInsets?
    /// The engine constraints that place a safe-area or margins guide in its view (left, top,
    /// right, bottom).
    var placement: [Constraint] = []

    /// Creates a guide of your own; add it to a view with ``View/addLayoutGuide(_:)``.
    public convenience init() { self.init(kind: .custom, identifier: "LayoutGuide") }

    init(kind: Kind, identifier: String) {
        self.kind = kind
        self.identifier = identifier
    }

    var layoutVariables: LayoutVariables {
        if let variables { return variables }
        let made = LayoutVariables(name: identifier)
        variables = made
        return made
    }

    var nodeView: View? { owningView }

    var layoutDescription: String { "\(identifier)" }

    /// The guide's rectangle in its owning view's coordinates, as the last layout pass solved it.
    public var layoutFrame: Rect {
        guard let variables, let owner = owningView, let ownerVariables = owner.autoLayout?.variables,
            owner.autoLayout?.engine != nil
        else { return fallbackFrame }
        let frame = variables.solvedFrame
        return Rect(
            x: frame.minX - ownerVariables.minX.value, y: frame.minY - ownerVariables.minY.value,
            width: frame.width, height: frame.height)
    }

    /// Where the guide is when no engine placed it: from the owning view's bounds and insets.
    private var fallbackFrame: Rect {
        guard let owner = owningView else { return .zero }
        let insets = kind == .custom ? .zero : owner.insets(for: kind)
        let bounds = owner.bounds
        return Rect(
            x: insets.left, y: insets.top, width: max(0, bounds.width - insets.left - insets.right),
            height: max(0, bounds.height - insets.top - insets.bottom))
    }

    // MARK: Anchors

    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }
}
