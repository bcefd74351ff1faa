import LifetraceCassowary
import LifetraceTestSupport
import Testing

/// Required equalities that place a fresh variable are kept as definitions beside the tableau
/// (Solver+Definitions.swift): chains cost O(1) per constraint, and every operation on them gives
/// what solved form gives (the kiwi oracle's late-stay systems check the same against kiwi).
@Suite("Cassowary definitions")
struct SolverDefinitionTests {
    /// A chain `x0 == 0`, `x_i == x_(i−1) + 1`, with an edit variable at its end's neighbour.
    static func chain(_ count: Int, in solver: Solver) throws -> (variables: [Variable], links: [Constraint]) {
        let variables = (0...count).map { Variable("x\($0)") }
        var links = [Constraint(variables[0], .equal, 0)]
        for i in 1...count { links.append(Constraint(variables[i], .equal, variables[i - 1] + 1)) }
        for link in links { try solver.add(link) }
        return (variables, links)
    }

    @Test("a chain of 10 000 links writes one row per link, and a constant change at its top writes a handful")
    func chainIsLinear() throws {
        let solver = Solver()
        let count = 10_000
        let (x, links) = try Self.chain(count, in: solver)
        solver.updateVariables()
        #expect(x[count].value == Double(count))
        let built = solver.statistics
        #expect(built.rows == count + 1 && built.constraints == count + 1)
        // Solved form would write about count² / 2 rows (each link's row holds every marker above it).
        #expect(built.rowsChanged <= 2 * (count + 1), "\(built)")

        try solver.updateConstant(of: links[1], to: -5)  // x1 == x0 + 5
        solver.updateVariables()
        #expect(x[count].value == Double(count + 4))
        #expect(x[0].value == 0)
        #expect(solver.statistics.rowsChanged - built.rowsChanged <= 3)
    }

    @Test("the same system, stays added last (definitions) or first (solved form), has the same values after every change")
    func definitionsAgreeWithSolvedForm() throws {
        // Stays pin every variable weakly, at weights 2^v: no two sets of stays weigh the same,
        // so the optimum is unique.
        for seed: UInt64 in 1...40 {
            var random = SeededRandom(seed: seed)
            let count = 12
            let x = (0..<count).map { Variable("x\($0)") }
            var specs: [(i: Int, previous: Int, offset: Double)] = []
            for i in 1..<count { specs.append((i, random.int(0...(i - 1)), Double(random.int(-5...5)))) }
            let boundConstant = Double(random.int(-10...10))
            // Each solver gets constraints of its own (updateConstant changes the object's constant).
            func system() -> (links: [Constraint], stays: [Constraint], bound: Constraint) {
                (
                    specs.map { Constraint(x[$0.i], .equal, x[$0.previous] + $0.offset) },
                    x.indices.map { Constraint(x[$0], .equal, Double(3 * $0 - 7), strength: Strength(weight: Double(1 << $0))) },
                    Constraint(x[count - 1] + x[count / 2], .lessThanOrEqual, boundConstant, strength: .strong)
                )
            }
            let (links, stays, bound) = system()
            let (solvedLinks, solvedStays, solvedBound) = system()
            let defined = Solver()
            let solved = Solver()
            for link in links { try defined.add(link) }
            for stay in stays { try defined.add(stay) }
            for stay in solvedStays { try solved.add(stay) }
            for link in solvedLinks { try solved.add(link) }
            func agree(_ step: String) {
                for variable in x {
                    let (a, b) = (defined.value(of: variable), solved.value(of: variable))
                    #expect(abs(a - b) < 1e-9, "seed \(seed), \(step): \(variable) \(a) vs \(b)")
                }
            }
            agree("built")
            try defined.add(bound)
            try solved.add(solvedBound)
            agree("bound added")
            let changed = random.int(0...(links.count - 1))
            let constant = Double(random.int(-9...9))
            try defined.updateConstant(of: links[changed], to: constant)
            try solved.updateConstant(of: solvedLinks[changed], to: constant)
            agree("constant changed")
            try defined.addEditVariable(x[count - 2], strength: .medium)
            try solved.addEditVariable(x[count - 2], strength: .medium)
            try defined.suggestValue(42, for: x[count - 2])
            try solved.suggestValue(42, for: x[count - 2])
            agree("edited")
            for index in links.indices.shuffled(using: &random).prefix(4) {
                try defined.remove(links[index])
                try solved.remove(solvedLinks[index])
                agree("\(links[index]) removed")
            }
            #expect(defined.statistics.rows == defined.statistics.constraints)
        }
    }

    @Test("a definition's variable, freed by its removal, reads 0; the links after it follow it")
    func removalFrees() throws {
        let solver = Solver()
        let (x, links) = try Self.chain(4, in: solver)
        try solver.remove(links[2])  // x2 == x1 + 1
        solver.updateVariables()
        #expect(x.map(\.value) == [0, 1, 0, 1, 2])
        #expect(solver.isAmbiguous(x[2]) && solver.isAmbiguous(x[4]) && !solver.isAmbiguous(x[1]))
        #expect(solver.statistics.rows == 4)
    }

    @Test("removing most links of a chain (the table compacts) and adding them back keeps every value right")
    func manyRemovals() throws {
        let solver = Solver()
        let count = 300
        let (x, links) = try Self.chain(count, in: solver)
        var removed = Set<Int>()
        for i in stride(from: 1, through: count, by: 1) where i % 3 != 0 {
            try solver.remove(links[i])
            removed.insert(i)
        }
        func expected() -> [Double] {
            var values = [0.0]
            for i in 1...count { values.append(removed.contains(i) ? 0 : values[i - 1] + 1) }
            return values
        }
        solver.updateVariables()
        #expect(x.map(\.value) == expected())
        #expect(solver.statistics.rows == count + 1 - removed.count)
        // Back in a different order: a link whose variable others already hold goes into the tableau.
        for i in removed.sorted(by: >) {
            let link = Constraint(x[i], .equal, x[i - 1] + 1)
            try solver.add(link)
            removed.remove(i)
        }
        solver.updateVariables()
        #expect(x.map(\.value) == expected())
        #expect(x[count].value == Double(count))
    }

    @Test("a contradiction through a chain names every link of it")
    func conflictThroughChain() throws {
        let solver = Solver()
        let (x, links) = try Self.chain(5, in: solver)
        let contradiction = Constraint(x[5], .equal, 4)
        #expect(throws: SolverError.self) { try solver.add(contradiction) }
        do {
            try solver.add(contradiction)
        } catch {
            guard case .unsatisfiable(let rejected, let conflicting) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(rejected === contradiction)
            #expect(Set(conflicting.map(ObjectIdentifier.init)) == Set(links.map(ObjectIdentifier.init)))
        }
        #expect(solver.value(of: x[5]) == 5)
    }
}
