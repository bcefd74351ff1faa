import LifetraceCassowary

/// A random constraint system and the operations run on it, in the form kiwi_replay.py reads.
///
/// Variables are numbers 0..<variables; constraint `i` is `specs[i]`, one object (in either
/// solver) made on first use, whose constant ``Step/constant(_:_:)`` changes while it is held.
///
/// **Why the optimum is unique.** Cassowary minimises a weighted sum of the errors of the
/// non-required constraints subject to the required ones: a linear objective, so its minimum can
/// be a whole face of the feasible region, and two correct solvers may then return different
/// points of it. Two facts make the minimum a single point with probability 1:
/// - every variable `v` is pinned by a *stay* `v == c` (spec `v`, weight 1…10 × weak), added
///   before anything else and never removed (re-added after a reset). Moving the solution along
///   any direction d ≠ 0 then changes the error of a stay with d_v ≠ 0, so the objective's
///   directional derivative along d is a linear form in the weights with a non-zero coefficient;
/// - every weight that is not required is drawn from a continuous range (level × uniform(1, 10),
///   level weak, medium, strong or 10 × strong; stays are weak), for the stays, the other
///   constraints and the edit variables.
///   An optimal face of dimension ≥ 1 needs such a linear form to vanish: a probability-zero tie.
///
/// Coefficients are small (±½, ±1, ±2, ±3) and constants integers, so values stay within a few
/// thousand and 1e-6 is far above rounding but far below any real disagreement.
///
/// A system is either random (1…12 variables, constraints of 1…4 terms, redundant multiples and
/// sums of required ones) or, one in four, a row of views laid out as Auto Layout would (left
/// edges, widths, gaps, minimum and preferred widths, equal widths, a container).
///
/// **Satisfiable systems** keep a hidden witness point that satisfies every required constraint
/// they add (and every required constant change), so no operation of theirs may be refused as
/// unsatisfiable. **Unsatisfiable systems** also plant conflicts among required constraints: an
/// inequality against its opposite, a cycle `a − b ≥ d₁, b − c ≥ d₂, c − a ≥ d₃` with a positive
/// sum, the sum of two equalities with a shifted constant, a doubly pinned variable's pin moved, a
/// lower bound's constant moved past the upper one, and required constraints that ignore the
/// witness (refused or not: kiwi decides).
struct KiwiSystem: CustomStringConvertible {
    struct Spec: Equatable {
        var terms: [(variable: Int, coefficient: Double)]
        var relation: Relation
        var constant: Double
        var weight: Double

        var isRequired: Bool { weight >= Strength.required.weight }

        static func == (a: Spec, b: Spec) -> Bool {
            a.relation == b.relation && a.constant == b.constant && a.weight == b.weight
                && a.terms.map(\.variable) == b.terms.map(\.variable)
                && a.terms.map(\.coefficient) == b.terms.map(\.coefficient)
        }
    }

    enum Step: Equatable {
        case add(Int)
        case remove(Int)
        /// Changes constraint i's constant (its expression's, `lhs − rhs`).
        case constant(Int, Double)
        /// Makes a variable an edit variable of this weight.
        case edit(Int, Double)
        /// removeEditVariable.
        case unedit(Int)
        case suggest(Int, Double)
        case reset
        /// Compares every variable's value.
        case read

        /// The constraint it names, if any.
        var constraint: Int? {
            switch self {
            case .add(let i), .remove(let i), .constant(let i, _): i
            default: nil
            }
        }

        /// The variable it names, if any.
        var variable: Int? {
            switch self {
            case .edit(let v, _), .unedit(let v), .suggest(let v, _): v
            default: nil
            }
        }
    }

    /// How many variables (the first `variables` specs are their stays).
    var variables: Int
    var specs: [Spec]
    var steps: [Step]
    /// Built with planted conflicts (otherwise no operation may be refused as unsatisfiable).
    var planted: Bool

    /// The number of operations other than reads.
    var operations: Int { steps.count { $0 != .read } }

    // MARK: The oracle's wire format

    /// One line of JSON (see kiwi_replay.py).
    var json: String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        }
        let cons = specs.map { spec in
            let terms = spec.terms.map { "[\($0.variable),\(number($0.coefficient))]" }.joined(separator: ",")
            return "[[\(terms)],\"\(spec.relation)\",\(number(spec.constant)),\(number(spec.weight))]"
        }
        let ops = steps.map { step -> String in
            switch step {
            case .add(let i): "[\"add\",\(i)]"
            case .remove(let i): "[\"remove\",\(i)]"
            case .constant(let i, let c): "[\"constant\",\(i),\(number(c))]"
            case .edit(let v, let w): "[\"edit\",\(v),\(number(w))]"
            case .unedit(let v): "[\"unedit\",\(v)]"
            case .suggest(let v, let x): "[\"suggest\",\(v),\(number(x))]"
            case .reset: "[\"reset\"]"
            case .read: "[\"read\"]"
            }
        }
        return "{\"n\":\(variables),\"cons\":[\(cons.joined(separator: ","))],\"ops\":[\(ops.joined(separator: ","))]}"
    }

    /// The system as Swift code against LifetraceCassowary, for a failure message.
    var description: String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        }
        func strength(_ weight: Double) -> String {
            weight >= Strength.required.weight ? ".required" : "Strength(weight: \(number(weight)))"
        }
        var lines = ["let solver = Solver()", "let v = (0..<\(variables)).map { Variable(\"v\\($0)\") }"]
        for (i, spec) in specs.enumerated() {
            let terms = spec.terms.map { "\(number($0.coefficient)) * v[\($0.variable)]" }.joined(separator: " + ")
            lines.append(
                "let c\(i) = Constraint(\(terms) + \(number(spec.constant)), .\(spec.relation.name), 0, strength: \(strength(spec.weight)))"
            )
        }
        for step in steps {
            switch step {
            case .add(let i): lines.append("try solver.add(c\(i))")
            case .remove(let i): lines.append("try solver.remove(c\(i))")
            case .constant(let i, let c): lines.append("try solver.updateConstant(of: c\(i), to: \(number(c)))")
            case .edit(let v, let w): lines.append("try solver.addEditVariable(v[\(v)], strength: \(strength(w)))")
            case .unedit(let v): lines.append("try solver.removeEditVariable(v[\(v)])")
            case .suggest(let v, let x): lines.append("try solver.suggestValue(\(number(x)), for: v[\(v)])")
            case .reset: lines.append("solver.reset()")
            case .read: lines.append("solver.updateVariables()")
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension Relation {
    /// The case's name in Swift source.
    fileprivate var name: String {
        switch self {
        case .equal: "equal"
        case .lessThanOrEqual: "lessThanOrEqual"
        case .greaterThanOrEqual: "greaterThanOrEqual"
        }
    }
}

extension KiwiSystem {
    static let required = Strength.required.weight

    /// A random system of seed `seed`; `planted` adds conflicts among required constraints.
    static func random(seed: UInt64, planted: Bool) -> KiwiSystem {
        var builder = KiwiSystemBuilder(seed: seed, planted: planted)
        builder.build()
        return KiwiSystem(variables: builder.witness.count, specs: builder.specs, steps: builder.steps, planted: planted)
    }
}
