/// A variable times a coefficient: `2·x`.
public struct Term: Sendable, CustomStringConvertible {
    /// The variable.
    public var variable: Variable
    /// Its coefficient.
    public var coefficient: Double

    /// Creates `coefficient · variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String {
        coefficient == 1 ? variable.description : "\(Expression.text(coefficient))·\(variable)"
    }
}
