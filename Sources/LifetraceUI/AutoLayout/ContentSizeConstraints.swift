import LifetraceCassowary

/// A view's intrinsic content size as engine constraints (UIKit's `NSContentSizeLayoutConstraint`),
/// per axis that has a metric: `length >= intrinsic` at the compression-resistance priority and
/// `length <= intrinsic` at the content-hugging priority.
@MainActor
struct ContentSizeConstraints {
    /// What the constraints hold: the intrinsic size (``noIntrinsicMetric`` on an axis without
    /// one) and the priorities (compression resistance and hugging, per axis).
    struct Shape: Equatable {
        var size: Size
        var resistance: PerAxis<LayoutPriority>
        var hugging: PerAxis<LayoutPriority>
        var priorities: [LayoutPriority] { [resistance.horizontal, hugging.horizontal, resistance.vertical, hugging.vertical] }

        @MainActor
        init(of view: View) {
            size = view.intrinsicContentSize
            resistance = view.autoLayout?.compressionResistance ?? PerAxis(.defaultHigh)
            hugging = view.autoLayout?.hugging ?? PerAxis(.defaultLow)
        }

        /// Whether `other` has metrics on the same axes and the same priorities (only its sizes may differ).
        func sameConstraints(as other: Shape) -> Bool {
            (size.width >= 0) == (other.size.width >= 0) && (size.height >= 0) == (other.size.height >= 0)
                && resistance == other.resistance && hugging == other.hugging
        }
    }

    private(set) var shape: Shape
    /// Per axis with a metric, width first: compression resistance, then hugging.
    let constraints: [Constraint]

    init(_ shape: Shape, of view: View) {
        self.shape = shape
        let intrinsic = shape.size
        guard intrinsic.width >= 0 || intrinsic.height >= 0 else {
            constraints = []
            return
        }
        let variables = view.layoutVariables
        let priorities = shape.priorities
        var made: [Constraint] = []
        if intrinsic.width >= 0 {
            made.append(
                Constraint(variables.width, .greaterThanOrEqual, Double(intrinsic.width), strength: priorities[0].strength))
            made.append(Constraint(variables.width, .lessThanOrEqual, Double(intrinsic.width), strength: priorities[1].strength))
        }
        if intrinsic.height >= 0 {
            made.append(
                Constraint(variables.height, .greaterThanOrEqual, Double(intrinsic.height), strength: priorities[2].strength))
            made.append(
                Constraint(variables.height, .lessThanOrEqual, Double(intrinsic.height), strength: priorities[3].strength))
        }
        constraints = made
    }

    /// Moves these constraints to `size` (of the same axes), in place.
    mutating func update(to size: Size, in solver: Solver) {
        var index = 0
        for (held, length) in [(shape.size.width, size.width), (shape.size.height, size.height)] where held >= 0 {
            for constraint in constraints[index..<index + 2] where constraint.expression.constant != -length {
                try? solver.updateConstant(of: constraint, to: -length)
            }
            index += 2
        }
        shape.size = size
    }
}
