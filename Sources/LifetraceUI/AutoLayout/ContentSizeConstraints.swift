import LifetraceCassowary

/// A view's intrinsic content size as engine constraints (UIKit's `NSContentSizeLayoutConstraint`),
/// per axis that has a metric: `length >= intrinsic` at the compression-resistance priority and
/// `length <= intrinsic` at the content-hugging priority.
@MainActor
struct ContentSizeConstraints {
    /// The intrinsic size the constraints hold (``noIntrinsicMetric`` on an axis without one).
    private(set) var size: Size
    private let priorities: [LayoutPriority]
    /// Per axis with a metric, width first: compression resistance, then hugging.
    let constraints: [Constraint]

    init(of view: View) {
        let intrinsic = view.intrinsicContentSize
        size = intrinsic
        let horizontal = intrinsic.width >= 0
        let vertical = intrinsic.height >= 0
        priorities = [
            view.contentCompressionResistancePriority(for: .horizontal), view.contentHuggingPriority(for: .horizontal),
            view.contentCompressionResistancePriority(for: .vertical), view.contentHuggingPriority(for: .vertical),
        ]
        guard horizontal || vertical else {
            constraints = []
            return
        }
        let variables = view.layoutVariables
        var made: [Constraint] = []
        if horizontal {
            made.append(Constraint(variables.width, .greaterThanOrEqual, Double(intrinsic.width), strength: priorities[0].strength))
            made.append(Constraint(variables.width, .lessThanOrEqual, Double(intrinsic.width), strength: priorities[1].strength))
        }
        if vertical {
            made.append(Constraint(variables.height, .greaterThanOrEqual, Double(intrinsic.height), strength: priorities[2].strength))
            made.append(Constraint(variables.height, .lessThanOrEqual, Double(intrinsic.height), strength: priorities[3].strength))
        }
        constraints = made
    }

    /// Whether `other` has metrics on the same axes and the same priorities (only its sizes may differ).
    func sameShape(as other: ContentSizeConstraints) -> Bool {
        (size.width >= 0) == (other.size.width >= 0) && (size.height >= 0) == (other.size.height >= 0)
            && priorities == other.priorities
    }

    /// Moves these constraints to `other`'s sizes, in place.
    func updateConstants(to other: ContentSizeConstraints, in solver: Solver) {
        var lengths: [Double] = []
        if size.width >= 0 { lengths += [other.size.width, other.size.width] }
        if size.height >= 0 { lengths += [other.size.height, other.size.height] }
        for (constraint, length) in zip(constraints, lengths) where constraint.expression.constant != -length {
            try? solver.updateConstant(of: constraint, to: -length)
        }
    }

    /// These constraints, holding `size`.
    func with(size: Size) -> ContentSizeConstraints {
        var copy = self
        copy.size = size
        return copy
    }
}
