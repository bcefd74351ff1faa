/// A linear constraint, `lhs (relation) rhs`, held by a ``Solver`` at a ``Strength``.
///
/// Constraints compare by identity: add the same object to remove it. The solver keeps it as
/// `expression (relation) 0`, with `expression = lhs − rhs`; ``Solver/updateConstant(of:to:)``
/// changes that expression's constant in place.
///
/// `@unchecked Sendable`: the only mutable state is the expression's constant, which only the
/// solver holding the constraint changes (``Solver/updateConstant(of:to:)``), on its isolation;
/// the conformance lets ``SolverError`` carry the constraint it is about.
public final class Constraint: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// `lhs − rhs`, one term per variable, no zero terms.
    public internal(set) var expression: Expression
    /// `expression (relation) 0`.
    public let relation: Relation
    /// How much it matters.
    public let strength: Strength

    /// Creates `lhs (relation) rhs`.
    public init(
        _ lhs: some ExpressionConvertible, _ relation: Relation, _ rhs: some ExpressionConvertible,
        strength: Strength = .required
    ) {
        expression = (lhs - rhs).merged()
        self.relation = relation
        self.strength = strength
    }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// `x + 10 - y <= 0 | strong`.
    public var description: String { "\(expression) \(relation) 0 | \(strength)" }
}
