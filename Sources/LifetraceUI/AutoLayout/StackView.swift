import Foundation
import LifetraceCassowary

/// A view that lines up its arranged subviews along an axis with constraints, as UIKit's
/// `UIStackView` does: arranged subviews are placed by the stack (their
/// `translatesAutoresizingMaskIntoConstraints` is turned off), sized by their intrinsic content
/// and the ``distribution``, aligned across the axis by the ``alignment``; a hidden arranged
/// subview collapses (no length, no spacing). The stack rebuilds its constraints in its
/// ``updateConstraints()``, so a change costs one constraint pass, as in UIKit.
@MainActor
open class StackView: View {
    /// How arranged subviews fill the stack's length.
    public enum Distribution: Sendable, Hashable {
        /// Their lengths follow their content; the one that hugs least absorbs what is left.
        case fill
        /// Equal lengths.
        case fillEqually
        /// Lengths from their content, equal gaps (at least ``spacing``).
        case equalSpacing
    }

    /// How arranged subviews sit across the axis.
    public enum Alignment: Sendable, Hashable {
        /// Each fills the stack's breadth.
        case fill
        /// Each at the leading (top, for a horizontal stack) edge.
        case leading
        /// Each centred.
        case center
        /// Each at the trailing (bottom) edge.
        case trailing
    }

    /// The views the stack arranges, in order (each is also a subview).
    public private(set) var arrangedSubviews: [View] = []

    /// Along which axis the views line up.
    public var axis: LayoutAxis = .horizontal { didSet { arrangementDidChange(oldValue != axis) } }
    /// The gap between neighbours (the least gap with `equalSpacing`).
    public var spacing: Double = 0 { didSet { arrangementDidChange(oldValue != spacing) } }
    /// A ``spacing`` that asks for the system spacing (8 points) between arranged views.
    public static let spacingUseSystem: Double = -.greatestFiniteMagnitude
    /// Whether the views are arranged inside the stack's layout margins rather than its edges.
    public var isLayoutMarginsRelativeArrangement = false {
        didSet { arrangementDidChange(oldValue != isLayoutMarginsRelativeArrangement) }
    }

    /// The stack's margins changed: an arrangement inside them follows.
    override open func layoutMarginsDidChange() {
        super.layoutMarginsDidChange()
        arrangementDidChange(isLayoutMarginsRelativeArrangement)
    }
    /// How the views fill the stack's length.
    public var distribution: Distribution = .fill { didSet { arrangementDidChange(oldValue != distribution) } }
    /// How the views sit across the axis.
    public var alignment: Alignment = .fill { didSet { arrangementDidChange(oldValue != alignment) } }

    /// The hidden state each arranged view had when the arrangement was last built.
    private var builtHidden: [Bool] = []

    /// Creates an empty stack.
    public override init(frame: Rect) {
        super.init(frame: frame)
    }

    /// Creates an empty stack unarchived from a nib.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Creates a stack of `arrangedSubviews`.
    public convenience init(arrangedSubviews: [View], frame: Rect = .zero, identifier: String? = nil) {
        self.init(frame: frame)
        self.identifier = identifier
        for view in arrangedSubviews { addArrangedSubview(view) }
    }

    /// Appends a view to the arrangement (and to the subviews).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts a view into the arrangement at `index`.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, index), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementDidChange(true)
    }

    /// Takes a view out of the arrangement (it stays a subview, as in UIKit).
    public func removeArrangedSubview(_ view: View) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        arrangementDidChange(true)
    }

    override open func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    /// An arranged view was hidden or shown: the arrangement is rebuilt in the next constraint pass.
    func arrangedSubviewVisibilityDidChange() {
        if builtHidden != arrangedSubviews.map(\.isHidden) { arrangementDidChange(true) }
    }

    /// Rebuilds the arrangement's constraints. Overrides call `super`.
    override open func updateConstraints() {
        rebuildArrangement()
        super.updateConstraints()
    }

    private func arrangementDidChange(_ changed: Bool) {
        guard changed else { return }
        markBranchUsesAutoLayout()
        setNeedsUpdateConstraints()
        setNeedsLayout()
    }

    /// The arrangement as engine constraints, held for the stack by its engine.
    private func rebuildArrangement() {
        builtHidden = arrangedSubviews.map(\.isHidden)
        let state = autoLayoutState
        state.internalConstraints = Self.arrangement(
            of: layoutVariables, views: arrangedSubviews, axis: axis,
            spacing: spacing == Self.spacingUseSystem ? systemSpacing : spacing, distribution: distribution,
            alignment: alignment, insets: isLayoutMarginsRelativeArrangement ? layoutMargins : .zero)
        state.internalViews = arrangedSubviews
        engine?.viewDidChange(self)
        if engine == nil, let engine = enclosingEngine { engine.join(self) }
    }

    /// How strongly a stack keeps its fitting size where its arrangement leaves it free: across
    /// the axis (an alignment other than fill: the stack spans its largest arranged view) at 51,
    /// along it (equal spacing: the least spacing) at 49, the priorities of UIKit's own
    /// `UISV-spanning-fit` and `UISV-canvas-fit` constraints; below every priority apps use, above
    /// nothing but `fittingSizeLevel`'s neighbours.
    static let spanningFit = Strength(priority: 51)
    static let canvasFit = Strength(priority: 49)

    /// The constraints of an arrangement: along the axis a chain from the stack's leading edge
    /// through each visible view to its trailing edge (hidden views collapse to zero length at the
    /// chain's current edge), across the axis the alignment; and the stack's fitting size (Apple:
    /// "without additional constraints, the system calculates the size of the stack view based on
    /// its contents": along the axis the arranged views' lengths plus the spacing, across it the
    /// largest arranged view's breadth).
    static func arrangement(
        of stack: LayoutVariables, views: [View], axis: LayoutAxis, spacing: Double, distribution: Distribution,
        alignment: Alignment, insets: EdgeInsets = .zero
    ) -> [Constraint] {
        let horizontal = axis == .horizontal
        func start(_ v: LayoutVariables) -> Expression { horizontal ? v.minX.expression : v.minY.expression }
        func length(_ v: LayoutVariables) -> Expression { horizontal ? v.width.expression : v.height.expression }
        func crossStart(_ v: LayoutVariables) -> Expression { horizontal ? v.minY.expression : v.minX.expression }
        func breadth(_ v: LayoutVariables) -> Expression { horizontal ? v.height.expression : v.width.expression }
        // The stack's canvas: its bounds, or inside its margins for a margins-relative arrangement.
        let (before, after, crossBefore, crossAfter) =
            horizontal
            ? (Double(insets.left), Double(insets.right), Double(insets.top), Double(insets.bottom))
            : (Double(insets.top), Double(insets.bottom), Double(insets.left), Double(insets.right))
        // (No inset, no term: an expression's arithmetic allocates, and most stacks have none.)
        func canvasStart(_ v: LayoutVariables) -> Expression { before == 0 ? start(v) : start(v) + before }
        func canvasLength(_ v: LayoutVariables) -> Expression {
            before + after == 0 ? length(v) : length(v) - (before + after)
        }
        func canvasCrossStart(_ v: LayoutVariables) -> Expression {
            crossBefore == 0 ? crossStart(v) : crossStart(v) + crossBefore
        }
        func canvasBreadth(_ v: LayoutVariables) -> Expression {
            crossBefore + crossAfter == 0 ? breadth(v) : breadth(v) - (crossBefore + crossAfter)
        }

        var constraints: [Constraint] = []
        var edge = canvasStart(stack)
        var previousVisible: LayoutVariables?
        var firstVisible: LayoutVariables?
        var firstGap: Expression?
        for view in views {
            let variables = view.layoutVariables
            // Across the axis.
            switch alignment {
            case .fill:
                constraints.append(Constraint(crossStart(variables), .equal, canvasCrossStart(stack)))
                constraints.append(Constraint(breadth(variables), .equal, canvasBreadth(stack)))
            case .leading:
                constraints.append(Constraint(crossStart(variables), .equal, canvasCrossStart(stack)))
            case .center:
                constraints.append(
                    Constraint(
                        crossStart(variables) + 0.5 * breadth(variables), .equal,
                        canvasCrossStart(stack) + 0.5 * canvasBreadth(stack)))
            case .trailing:
                constraints.append(
                    Constraint(crossStart(variables) + breadth(variables), .equal, canvasCrossStart(stack) + canvasBreadth(stack))
                )
            }
            if alignment != .fill, !view.isHidden {
                constraints.append(Constraint(breadth(variables), .lessThanOrEqual, canvasBreadth(stack)))
            }
            // Along the axis.
            if view.isHidden {
                constraints.append(Constraint(start(variables), .equal, edge))
                constraints.append(Constraint(length(variables), .equal, 0))
                continue
            }
            if let previous = previousVisible {
                let gap = start(variables) - (start(previous) + length(previous))
                switch distribution {
                case .fill, .fillEqually:
                    constraints.append(Constraint(gap, .equal, spacing))
                case .equalSpacing:
                    constraints.append(Constraint(gap, .greaterThanOrEqual, spacing))
                    if let firstGap { constraints.append(Constraint(gap, .equal, firstGap)) } else { firstGap = gap }
                }
            } else {
                constraints.append(Constraint(start(variables), .equal, canvasStart(stack)))
            }
            if distribution == .fillEqually, let firstVisible {
                constraints.append(Constraint(length(variables), .equal, length(firstVisible)))
            }
            firstVisible = firstVisible ?? variables
            previousVisible = variables
            edge = start(variables) + length(variables)
        }
        if let last = previousVisible {
            constraints.append(Constraint(start(last) + length(last), .equal, canvasStart(stack) + canvasLength(stack)))
        }
        if alignment != .fill { constraints.append(Constraint(canvasBreadth(stack), .equal, 0, strength: spanningFit)) }
        if distribution == .equalSpacing { constraints.append(Constraint(canvasLength(stack), .equal, 0, strength: canvasFit)) }
        return constraints
    }
}
