import LifetraceCassowary

/// What makes two engine constraints the same constraint: the same variables with the same
/// coefficients, constant, relation and strength (they may be different objects: a stack view
/// rebuilds its arrangement as new constraints, most of them equal to the ones the engine holds).
struct ConstraintShape: Hashable {
    private let variables: [ObjectIdentifier]
    private let coefficients: [Double]
    private let constant: Double
    private let relation: Relation
    private let strength: Strength

    init(_ constraint: Constraint) {
        let expression = constraint.expression
        variables = expression.terms.map { ObjectIdentifier($0.variable) }
        coefficients = expression.terms.map(\.coefficient)
        constant = expression.constant
        relation = constraint.relation
        strength = constraint.strength
    }
}
