import Foundation
import LifetraceCassowary

/// One answer to one step: a verdict, or after a read every variable's value.
enum StepAnswer: Equatable, CustomStringConvertible {
    case verdict(String)
    case values([Double])

    /// Equal verdicts; values within 1e-6, relative above magnitude 1.
    func agrees(with other: StepAnswer) -> Bool {
        switch (self, other) {
        case (.verdict(let a), .verdict(let b)): a == b
        case (.values(let a), .values(let b)): a.count == b.count && zip(a, b).allSatisfy { valuesAgree($0, $1) }
        default: false
        }
    }

    var description: String {
        switch self {
        case .verdict(let text): text
        case .values(let values): "[" + values.map { "\($0)" }.joined(separator: ", ") + "]"
        }
    }

    /// The verdict of a solver error, in kiwi_replay.py's words.
    static func verdict(_ error: SolverError) -> StepAnswer {
        switch error {
        case .unsatisfiable: .verdict("unsat")
        case .duplicateConstraint: .verdict("dup")
        case .unknownConstraint: .verdict("unknown")
        case .duplicateEditVariable: .verdict("dup-edit")
        case .unknownEditVariable: .verdict("unknown-edit")
        case .requiredEditVariable: .verdict("required-edit")
        case .nonFinite: .verdict("error:nonFinite")
        }
    }
}

/// Whether two values agree: within 1e-6, relative above magnitude 1.
func valuesAgree(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
}

/// A system's steps run on our solver, one at a time, with what they must keep true whatever the
/// reference says: every required constraint held holds at every read, `value(of:)` and
/// `updateVariables()` agree, no variable is ambiguous (the optimum is unique), and a satisfiable
/// system has nothing refused as unsatisfiable.
final class SystemReplay {
    let system: KiwiSystem
    let solver = Solver()
    let variables: [Variable]
    /// Constraint i, made on first use (its constant is the current one).
    private(set) var made: [Int: Constraint] = [:]
    /// Edit variables: their weight and last suggested value.
    private(set) var edits: [Int: (weight: Double, value: Double)] = [:]
    /// How `.constant` steps run: `updateConstant` (false), or remove and add a new constraint.
    let constantByRebuilding: Bool
    /// Broken invariants, with the step they were found at.
    private(set) var problems: [String] = []
    /// Variables the solver has seen since it was made or reset (the others keep a stale value).
    private(set) var seen: Set<Int> = []
    /// The error of the last step that threw.
    private(set) var lastError: SolverError?

    init(_ system: KiwiSystem, constantByRebuilding: Bool = false) {
        self.system = system
        self.constantByRebuilding = constantByRebuilding
        variables = (0..<system.variables).map { Variable("v\($0)") }
    }

    /// Constraint i with constant `constant` (its spec's when `nil`).
    func makeConstraint(_ index: Int, constant: Double? = nil) -> Constraint {
        let spec = system.specs[index]
        let expression = Expression(
            spec.terms.map { Term(variables[$0.variable], $0.coefficient) }, constant: constant ?? spec.constant)
        return Constraint(expression, spec.relation, 0.0, strength: Strength(weight: spec.weight))
    }

    func constraint(_ index: Int) -> Constraint {
        if let known = made[index] { return known }
        let constraint = makeConstraint(index)
        made[index] = constraint
        return constraint
    }

    /// The constraints held now, by index.
    var held: [Int: Constraint] { made.filter { solver.contains($0.value) } }

    /// Every variable's value, through `updateVariables()`.
    func values() -> [Double] {
        solver.updateVariables()
        return variables.map(\.value)
    }

    /// Runs every step.
    func run() -> [StepAnswer] {
        system.steps.indices.map { run(step: $0) }
    }

    /// Runs step `index`.
    func run(step index: Int) -> StepAnswer {
        let step = system.steps[index]
        lastError = nil
        do throws(SolverError) {
            switch step {
            case .read:
                let values = values()
                check(values, at: index)
                return .values(values)
            case .add(let i):
                seen.formUnion(system.specs[i].terms.map(\.variable))
                try solver.add(constraint(i))
            case .remove(let i):
                try solver.remove(constraint(i))
            case .constant(let i, let c):
                if constantByRebuilding {
                    try rebuild(i, constant: c)
                } else {
                    try solver.updateConstant(of: constraint(i), to: c)
                }
            case .edit(let v, let w):
                seen.insert(v)
                try solver.addEditVariable(variables[v], strength: Strength(weight: w))
                edits[v] = (w, 0)
            case .unedit(let v):
                try solver.removeEditVariable(variables[v])
                edits[v] = nil
            case .suggest(let v, let x):
                try solver.suggestValue(x, for: variables[v])
                edits[v]?.value = x
            case .reset:
                solver.reset()
                edits = [:]
                seen = []
            }
            return .verdict("ok")
        } catch {
            lastError = error
            if case .unsatisfiable = error, !system.planted {
                problems.append("step \(index) (\(step)): refused as unsatisfiable, but the system holds at its witness point")
            }
            return StepAnswer.verdict(error)
        }
    }

    /// A constant change as remove + add of a new constraint (the old one back if refused).
    private func rebuild(_ index: Int, constant: Double) throws(SolverError) {
        let old = constraint(index)
        try solver.remove(old)
        let new = makeConstraint(index, constant: constant)
        do throws(SolverError) {
            try solver.add(new)
            made[index] = new
        } catch {
            try solver.add(old)
            throw error
        }
    }

    /// The invariants of a read.
    private func check(_ values: [Double], at index: Int) {
        for (v, (variable, value)) in zip(variables, values).enumerated()
        where seen.contains(v) && solver.value(of: variable) != value {
            problems.append(
                "step \(index): value(of: \(variable)) is \(solver.value(of: variable)) but updateVariables wrote \(value)")
        }
        // The optimum is unique (see KiwiSystem), so no variable may be ambiguous.
        for (v, variable) in variables.enumerated() where seen.contains(v) && solver.isAmbiguous(variable) {
            problems.append("step \(index): isAmbiguous(v\(v)) is true, but every variable has a stay of its own weight")
        }
        for (i, constraint) in held.sorted(by: { $0.key < $1.key }) where constraint.strength.isRequired {
            let violation = Self.violation(of: constraint, values: values, variables: variables)
            if violation > 1e-6 * max(1, Self.scale(of: constraint, values: values, variables: variables)) {
                problems.append("step \(index): required constraint c\(i) (\(constraint)) is violated by \(violation)")
            }
        }
    }

    /// How far `values` are from satisfying the constraint (0 when it holds).
    static func violation(of constraint: Constraint, values: [Double], variables: [Variable]) -> Double {
        let expression = constraint.expression
        var sum = expression.constant
        for term in expression.terms {
            sum += term.coefficient * values[variables.firstIndex { $0 === term.variable }!]
        }
        switch constraint.relation {
        case .equal: return abs(sum)
        case .lessThanOrEqual: return max(sum, 0)
        case .greaterThanOrEqual: return max(-sum, 0)
        }
    }

    /// The size of the numbers the constraint adds up, for a relative tolerance.
    static func scale(of constraint: Constraint, values: [Double], variables: [Variable]) -> Double {
        constraint.expression.terms.reduce(abs(constraint.expression.constant)) { sum, term in
            sum + abs(term.coefficient * values[variables.firstIndex { $0 === term.variable }!])
        }
    }

    /// The objective at `values` given what the solver holds now (weighted errors of the held
    /// preferences and edit variables), and the largest violation of a held required constraint.
    func cost(of values: [Double]) -> (objective: Double, violation: Double) {
        var objective = 0.0
        var violation = 0.0
        for constraint in held.values {
            let error = Self.violation(of: constraint, values: values, variables: variables)
            if constraint.strength.isRequired {
                violation = max(violation, error)
            } else {
                objective += constraint.strength.weight * error
            }
        }
        for (v, edit) in edits { objective += edit.weight * abs(values[v] - edit.value) }
        return (objective, violation)
    }
}
