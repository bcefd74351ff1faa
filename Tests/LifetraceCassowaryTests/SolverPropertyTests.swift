import LifetraceCassowary
import PropertyBased
import Testing

/// Properties of the solver on random systems, with no reference implementation: PropertyBased
/// draws the systems' seeds (and prints a failing one, replayable with its `.fixedSeed` trait).
@Suite("Cassowary properties")
struct SolverPropertyTests {
    /// A random system (as the oracle builds them) in a solver, with its constraints.
    private static func solver(seed: UInt64) -> (Solver, [Variable], [Constraint]) {
        var random = OracleRandom(seed: seed)
        let system = OracleSystem(random: &random)
        let variables = (0..<system.n).map { Variable("v\($0)") }
        let solver = Solver()
        var added: [Constraint] = []
        for spec in system.cons {
            var expression = Expression(constant: spec.const)
            for term in spec.terms { expression = expression + term[1] * variables[Int(term[0])] }
            let relation: Relation = spec.rel == "==" ? .equal : spec.rel == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
            let constraint = Constraint(expression, relation, 0.0, strength: Strength(weight: spec.w))
            if (try? solver.add(constraint)) != nil { added.append(constraint) }
        }
        return (solver, variables, added)
    }

    private static func values(_ solver: Solver, _ variables: [Variable]) -> [Double] {
        variables.map { solver.value(of: $0) }
    }

    private static func close(_ a: [Double], _ b: [Double]) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($0)) }
    }

    @Test("removing every constraint but the preferences gives the preferences' values")
    func removalRestores() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...Int(Int32.max))) { seed in
            let (solver, variables, added) = Self.solver(seed: UInt64(seed))
            for constraint in added.dropFirst(variables.count) { try solver.remove(constraint) }
            // Left: each variable's own preference `v == c`.
            let expected = added.prefix(variables.count).map { -$0.expression.constant }
            #expect(Self.close(Self.values(solver, variables), expected), "seed \(seed)")
            #expect(solver.statistics.constraints == variables.count)
        }
    }

    @Test("updateConstant gives the values of removing and re-adding with the new constant")
    func updateConstantMatchesRebuild() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...Int(Int32.max)), Gen.int(in: -30...30)) { seed, constant in
            let (a, variables, added) = Self.solver(seed: UInt64(seed))
            guard let changing = added.last else { return }
            let (b, otherVariables, otherAdded) = Self.solver(seed: UInt64(seed))
            do {
                try a.updateConstant(of: changing, to: Double(constant))
            } catch {
                // Refused: the constant cannot hold; the values stay those of the old one.
                #expect(Self.close(Self.values(a, variables), Self.values(b, otherVariables)), "seed \(seed)")
                return
            }
            let old = otherAdded.last!
            try b.remove(old)
            var expression = old.expression  // b's own variables
            expression.constant = Double(constant)
            try b.add(Constraint(expression, old.relation, 0.0, strength: old.strength))
            #expect(Self.close(Self.values(a, variables), Self.values(b, otherVariables)), "seed \(seed)")
        }
    }

    @Test("a refused constraint leaves the values as they were, and its conflict set conflicts")
    func refusalChangesNothing() async {
        await propertyCheck(count: 300, input: Gen.int(in: 1...Int(Int32.max))) { seed in
            let (solver, variables, _) = Self.solver(seed: UInt64(seed))
            var random = OracleRandom(seed: UInt64(seed) &+ 1)
            let before = Self.values(solver, variables)
            let constraints = solver.statistics.constraints
            let index = Int(random.next(upTo: UInt64(variables.count)))
            let target = variables[index]
            let value = before[index]
            // Pin the variable away from its value, then refuse a contradiction of the pin.
            let pin = Constraint(target, .equal, value + 7)
            guard (try? solver.add(pin)) != nil else { return }
            let pinned = Self.values(solver, variables)
            let contradiction = Constraint(target, .lessThanOrEqual, value)
            do {
                try solver.add(contradiction)
                Issue.record("seed \(seed): a contradiction was accepted")
            } catch {
                guard let error = error as? SolverError, case .unsatisfiable(_, let conflicting) = error else {
                    Issue.record("seed \(seed): \(error)")
                    return
                }
                #expect(conflicting.contains { $0 === pin }, "seed \(seed)")
                let fresh = Solver()
                for constraint in conflicting { try fresh.add(constraint) }
                #expect(throws: SolverError.self, "seed \(seed)") { try fresh.add(contradiction) }
            }
            #expect(Self.close(Self.values(solver, variables), pinned), "seed \(seed)")
            #expect(solver.statistics.constraints == constraints + 1)
        }
    }
}
