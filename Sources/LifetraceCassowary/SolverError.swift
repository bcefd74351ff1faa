/// Why a solver refused a request. The solver is unchanged after any of them.
public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// A required constraint cannot hold with the required constraints already in the solver;
    /// `conflicting` are those that, with it, cannot all hold (an explanation, from the
    /// infeasibility the solver proved).
    case unsatisfiable(Constraint, conflicting: [Constraint])
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// An edit variable cannot be required.
    case requiredEditVariable(Variable)
    /// A coefficient, constant or value is not a finite number; the text says which.
    case nonFinite(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let constraint, let conflicting):
            let others = conflicting.map(\.description).joined(separator: "; ")
            return "unsatisfiable constraint \(constraint)" + (conflicting.isEmpty ? "" : " (conflicts with: \(others))")
        case .duplicateConstraint(let constraint): return "duplicate constraint \(constraint)"
        case .unknownConstraint(let constraint): return "unknown constraint \(constraint)"
        case .duplicateEditVariable(let variable): return "\(variable) is already an edit variable"
        case .unknownEditVariable(let variable): return "\(variable) is not an edit variable"
        case .requiredEditVariable(let variable): return "the edit variable \(variable) cannot be required"
        case .nonFinite(let what): return "not a finite number: \(what)"
        }
    }
}
