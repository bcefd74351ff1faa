import Foundation
import LifetraceCassowary
import LifetraceTestSupport
import Testing

private typealias Expression = LifetraceCassowary.Expression

/// Levels of strength (UIKit priorities) are an order, not weights: a lexicographic objective.
@Suite("Cassowary levels")
struct SolverLevelTests {
    @Test("four constraints at 250 do not outweigh one at 750")
    func levelsAreAnOrder() throws {
        let solver = Solver()
        let width = Variable("width")
        try solver.add(Constraint(width, .equal, 100, strength: Strength(priority: 750)))
        for _ in 0..<4 { try solver.add(Constraint(width, .equal, 200, strength: Strength(priority: 250))) }
        #expect(solver.value(of: width) == 100)
    }

    @Test("one constraint at 751 outweighs a thousand at 750")
    func adjacentLevels() throws {
        let solver = Solver()
        let x = Variable("x")
        for _ in 0..<1000 { try solver.add(Constraint(x, .equal, 0, strength: Strength(priority: 750))) }
        try solver.add(Constraint(x, .equal, 10, strength: Strength(priority: 751)))
        #expect(solver.value(of: x) == 10)
    }

    @Test("within a level errors add up, weighted")
    func withinALevel() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(x, .equal, 10, strength: Strength(priority: 250)))
        try solver.add(Constraint(x, .equal, 20, strength: Strength(priority: 250)))
        let third = Constraint(x, .equal, 20, strength: Strength(priority: 250))
        try solver.add(third)
        #expect(solver.value(of: x) == 20)
        try solver.remove(third)
        try solver.add(Constraint(x, .equal, 10, strength: Strength(level: 250, weight: 3)))
        #expect(solver.value(of: x) == 10)
    }

    @Test("a level added between others; removing the highest gives the next its way")
    func levelsAddedAndRemoved() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add(Constraint(x, .equal, 1, strength: Strength(priority: 250)))
        let high = Constraint(x, .equal, 3, strength: Strength(priority: 750))
        try solver.add(high)
        #expect(solver.value(of: x) == 3)
        try solver.add(Constraint(x, .equal, 2, strength: Strength(priority: 500)))
        #expect(solver.value(of: x) == 3)
        try solver.remove(high)
        #expect(solver.value(of: x) == 2)
    }

    @Test("constant changes and edits keep the order (the dual simplex compares levels first)")
    func dualSimplexKeepsTheOrder() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        let preferred = Constraint(x, .equal, 100, strength: Strength(priority: 750))
        try solver.add(preferred)
        for _ in 0..<4 { try solver.add(Constraint(x, .equal, 200, strength: Strength(priority: 250))) }
        try solver.updateConstant(of: preferred, to: -150)
        #expect(solver.value(of: x) == 150)
        try solver.add(Constraint(y, .lessThanOrEqual, 50, strength: Strength(priority: 750)))
        for _ in 0..<3 { try solver.add(Constraint(y, .equal, 0, strength: Strength(priority: 250))) }
        try solver.addEditVariable(y, strength: Strength(priority: 500))
        try solver.suggestValue(100, for: y)
        #expect(solver.value(of: y) == 50)
        try solver.suggestValue(20, for: y)
        #expect(solver.value(of: y) == 20)
    }

    /// A solver whose constraints come and go (a stack's hidden views, reused cells) reuses the
    /// symbols of removed constraints: its arrays follow what it holds, not what it ever held.
    @Test("adding and removing constraints a thousand times leaves as many symbols as before")
    func symbolsAreReused() throws {
        let solver = Solver()
        let x = Variable("x")
        let y = Variable("y")
        try solver.add(Constraint(x, .greaterThanOrEqual, 0))
        try solver.add(Constraint(x + y, .equal, 100))
        try solver.add(Constraint(y, .equal, 10, strength: Strength(priority: 250)))
        let before = solver.statistics.symbols
        for round in 0..<1000 {
            let strength = round % 3 == 0 ? Strength.required : Strength(priority: Float(100 + round % 7))
            let relation: Relation = round % 2 == 0 ? .equal : .lessThanOrEqual
            let constraint = Constraint(x, relation, Double(round % 50), strength: strength)
            try solver.add(constraint)
            #expect(solver.value(of: x) + solver.value(of: y) == 100)
            try solver.remove(constraint)
        }
        #expect(solver.statistics.symbols == before)
        #expect(solver.value(of: x) == 90)
    }

    @Test("kiwi's strengths stay weights in one level, below every priority")
    func kiwiStrengths() {
        #expect(Strength.strong.level == 0 && Strength.weak.level == 0)
        #expect(Strength.strong < Strength(priority: 1))
        #expect(Strength(priority: 1000) == .required)
        #expect(Strength(weight: 2e9) == .required)
        #expect(Strength(priority: 250).description == "@250")
    }

    /// Random systems with three priorities and a weak stay per variable, built, changed and
    /// partly removed on one solver (incremental, several levels), against a fresh solve of the
    /// final system level by level with one level per solver (each level's errors as explicit
    /// variables, their weighted sum minimised, then pinned as a required constraint): the
    /// single-level solver is the one checked against kiwisolver.
    @Test("seeded systems: the lexicographic optimum equals solving level by level")
    func levelByLevel() throws {
        let seed =
            ProcessInfo.processInfo.environment["LIFETRACE_LEVELS_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64(UInt32.max))
        print("Cassowary levels: seed \(seed) (replay: LIFETRACE_LEVELS_SEED=\(seed))")
        var compared = 0
        for index in 0..<300 {
            var random = SeededRandom(seed: SeededRandom.seed(seed, system: index))
            let system = LevelSystem.random(using: &random)
            guard let ours = try system.solveIncrementally(using: &random), let reference = try system.solveLevelByLevel()
            else { continue }
            for (v, (a, b)) in zip(ours, reference).enumerated() {
                #expect(abs(a - b) < 1e-6, "seed \(seed) system \(index): v\(v) is \(a), level by level \(b)\n\(system)")
            }
            compared += 1
        }
        print("Cassowary levels: \(compared) systems compared")
        #expect(compared > 100)
    }
}

/// A random system of small integer constraints at priorities 750, 500 and 250, over a few
/// variables each with a weak stay (random weights: a unique optimum).
struct LevelSystem: CustomStringConvertible {
    struct Spec {
        var terms: [(variable: Int, coefficient: Double)]
        var relation: Relation
        var constant: Double
        var strength: Strength
    }

    var variableCount: Int
    var specs: [Spec]
    var stays: [(value: Double, weight: Double)]

    static let priorities: [Float] = [750, 500, 250]

    static func random(using random: inout SeededRandom) -> LevelSystem {
        let count = random.int(2...5)
        var specs: [Spec] = []
        for _ in 0..<random.int(3...10) {
            var terms: [(Int, Double)] = []
            for v in 0..<count where random.chance(0.45) { terms.append((v, Double(random.int(-3...3)))) }
            terms.removeAll { $0.1 == 0 }
            if terms.isEmpty { terms.append((random.int(0...count - 1), 1)) }
            let strength =
                random.chance(0.25)
                ? Strength.required : Strength(level: Double(random.pick(priorities)), weight: Double(random.int(1...3)))
            specs.append(
                Spec(
                    terms: terms, relation: random.pick([.equal, .lessThanOrEqual, .greaterThanOrEqual]),
                    constant: Double(random.int(-20...20)), strength: strength))
        }
        let stays = (0..<count).map { _ in (Double(random.int(-10...10)), random.uniform(0.5, 2)) }
        return LevelSystem(variableCount: count, specs: specs, stays: stays)
    }

    private func constraint(_ spec: Spec, _ variables: [Variable], constant: Double? = nil) -> Constraint {
        var expression = Expression(constant: constant ?? spec.constant)
        for term in spec.terms { expression = expression + term.coefficient * variables[term.variable] }
        return Constraint(expression, spec.relation, 0.0, strength: spec.strength)
    }

    private func stay(_ index: Int, _ variable: Variable) -> Constraint {
        Constraint(variable, .equal, stays[index].value, strength: Strength(level: 1, weight: stays[index].weight))
    }

    /// Adds everything with wrong constants first, then the real ones in place, removes and
    /// re-adds a few: the values at the end (`nil` if the required constraints conflict).
    func solveIncrementally(using random: inout SeededRandom) throws -> [Double]? {
        let solver = Solver()
        let variables = (0..<variableCount).map { Variable("v\($0)") }
        for (index, variable) in variables.enumerated() { try solver.add(stay(index, variable)) }
        var added: [Constraint] = []
        for spec in specs {
            let shifted = constraint(spec, variables, constant: spec.strength.isRequired ? spec.constant : spec.constant + 7)
            do { try solver.add(shifted) } catch { return nil }
            added.append(shifted)
        }
        for (spec, held) in zip(specs, added) where !spec.strength.isRequired {
            try solver.updateConstant(of: held, to: spec.constant)
        }
        for index in added.indices where random.chance(0.3) {
            try solver.remove(added[index])
            try solver.add(added[index])
        }
        solver.updateVariables()
        return variables.map(\.value)
    }

    /// One level at a time on a fresh single-level solver: minimise the level's weighted errors,
    /// pin the optimum, go on; the stays last.
    func solveLevelByLevel() throws -> [Double]? {
        let solver = Solver()
        let variables = (0..<variableCount).map { Variable("v\($0)") }
        do {
            for spec in specs where spec.strength.isRequired { try solver.add(constraint(spec, variables)) }
        } catch { return nil }
        var levels: [(specs: [Expression], relations: [Relation], weights: [Double])] = []
        for priority in Self.priorities {
            let atLevel = specs.filter { $0.strength.level == Double(priority) }
            levels.append(
                (
                    atLevel.map { constraint($0, variables).expression }, atLevel.map(\.relation),
                    atLevel.map(\.strength.weight)
                ))
        }
        levels.append(
            (
                variables.enumerated().map { $0.element - stays[$0.offset].value }, variables.map { _ in .equal },
                stays.map(\.weight)
            ))
        for level in levels {
            var total = Expression()
            for (expression, (relation, weight)) in zip(level.specs, zip(level.relations, level.weights)) {
                let over = Variable("over")
                let under = Variable("under")
                try solver.add(Constraint(over, .greaterThanOrEqual, 0))
                try solver.add(Constraint(under, .greaterThanOrEqual, 0))
                switch relation {
                case .equal: try solver.add(Constraint(expression, .equal, over - under))
                case .lessThanOrEqual: try solver.add(Constraint(expression, .lessThanOrEqual, over.expression))
                case .greaterThanOrEqual: try solver.add(Constraint(expression, .greaterThanOrEqual, -1 * under))
                }
                total = total + weight * over + weight * under
            }
            let objective = Constraint(total, .equal, 0.0, strength: .weak)
            try solver.add(objective)
            solver.updateVariables()
            let optimum = total.terms.reduce(total.constant) { $0 + $1.coefficient * $1.variable.value }
            try solver.remove(objective)
            try solver.add(Constraint(total, .lessThanOrEqual, optimum + 1e-9))
        }
        solver.updateVariables()
        return variables.map(\.value)
    }

    var description: String {
        let lines = specs.map { spec in
            let terms = spec.terms.map { "\($0.coefficient.formatted())·v\($0.variable)" }.joined(separator: " + ")
            return "  \(terms) + \(spec.constant.formatted()) \(spec.relation) 0 | \(spec.strength)"
        }
        let stayLines = stays.enumerated().map {
            "  v\($0.offset) == \($0.element.value.formatted()) | stay ×\($0.element.weight)"
        }
        return (lines + stayLines).joined(separator: "\n")
    }
}
