import LifetraceCassowary

/// The hierarchy shapes of WWDC 2018 session 220 ("High Performance Auto Layout"), as the
/// constraint systems Auto Layout builds for them: the same systems in this package's Swift
/// benchmarks and in kiwi's C++ driver (Benchmarks/kiwi/kiwi_driver.cpp).
///
/// Each view i has a left edge, top, width and height; view 0 is the root, its width and height
/// edit variables (strong), its origin pinned at 0. Every other view has a label's intrinsic height
/// (20: compression resistance 750, hugging 250). Priority p is the weight p × 1000.
public enum ConstraintShape: String, CaseIterable, Sendable {
    /// Siblings constrained to the root only: left 8, right 8, top 4·(i mod 200).
    case independent
    /// Siblings each constrained to the previous one: left +0.01, top = previous bottom + 4; right to the root.
    case dependent
    /// Each view inside the previous one: same left and right, top + 1.
    case nested
}

/// One shape's system in a solver, built incrementally as a first layout pass builds it.
public final class ShapeSystem {
    public let shape: ConstraintShape
    public let count: Int
    public let solver = Solver()
    public private(set) var x: [Variable] = []
    public private(set) var y: [Variable] = []
    public private(set) var width: [Variable] = []
    public private(set) var height: [Variable] = []
    /// View count / 2's top constraint, whose constant the constant-change benchmark moves.
    public private(set) var middle: Constraint?
    private var middleConstant = 0.0

    static let compression = Strength(weight: 750_000)
    static let hugging = Strength(weight: 250_000)

    /// Variables for `count` views and the root; ``build()`` adds the constraints.
    public init(_ shape: ConstraintShape, count: Int) {
        self.shape = shape
        self.count = count
        for i in 0...count {
            x.append(Variable("x\(i)"))
            y.append(Variable("y\(i)"))
            width.append(Variable("w\(i)"))
            height.append(Variable("h\(i)"))
        }
    }

    /// The first pass: edit variables added and suggested (375 × 812), every constraint added,
    /// values read.
    public func build() throws {
        try solver.add(Constraint(x[0], .equal, 0))
        try solver.add(Constraint(y[0], .equal, 0))
        try solver.addEditVariable(width[0], strength: .strong)
        try solver.addEditVariable(height[0], strength: .strong)
        try solver.suggestValue(375, for: width[0])
        try solver.suggestValue(812, for: height[0])
        let middleIndex = max(count / 2, 1)
        for i in 1...count {
            try solver.add(Constraint(height[i], .greaterThanOrEqual, 20, strength: Self.compression))
            try solver.add(Constraint(height[i], .lessThanOrEqual, 20, strength: Self.hugging))
            switch shape {
            case .independent:
                try solver.add(Constraint(x[i], .equal, x[0] + 8))
                try solver.add(Constraint(x[i] + width[i], .equal, x[0] + width[0] - 8))
            case .dependent:
                try solver.add(Constraint(x[i], .equal, i == 1 ? x[0] + 8 : x[i - 1] + 0.01))
                try solver.add(Constraint(x[i] + width[i], .equal, x[0] + width[0] - 8))
            case .nested:
                try solver.add(Constraint(x[i], .equal, x[i - 1]))
                try solver.add(Constraint(x[i] + width[i], .equal, x[i - 1] + width[i - 1]))
            }
            let top = topConstraint(i)
            try solver.add(top)
            if i == middleIndex {
                middle = top
                middleConstant = top.expression.constant
            }
        }
        solver.updateVariables()
    }

    private func topConstraint(_ i: Int) -> Constraint {
        switch shape {
        case .independent: Constraint(y[i], .equal, y[0] + Double(4 * (i % 200)))
        case .dependent: i == 1 ? Constraint(y[1], .equal, y[0] + 8) : Constraint(y[i], .equal, y[i - 1] + height[i - 1] + 4)
        case .nested: Constraint(y[i], .equal, y[i - 1] + 1)
        }
    }

    /// One constant change: view count / 2's top moves by 1 (back on the next round), in place.
    public func changeConstant(round: Int) throws {
        guard let middle else { return }
        try solver.updateConstant(of: middle, to: middleConstant - (round % 2 == 0 ? 1 : 0))
        solver.updateVariables()
    }

    /// One resize: the root's size suggested (812 × 375, then 375 × 812), values read.
    public func resize(round: Int) throws {
        let wide = round % 2 == 0
        try solver.suggestValue(wide ? 812 : 375, for: width[0])
        try solver.suggestValue(wide ? 375 : 812, for: height[0])
        solver.updateVariables()
    }
}
