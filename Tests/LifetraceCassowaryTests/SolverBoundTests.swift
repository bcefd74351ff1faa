import LifetraceCassowary
import LifetraceTestSupport
import PropertyBased
import Testing

/// Required bounds on one variable (`x ≥ b`, `x ≤ b`, in any form `a·x + k ≥ 0`), of which the
/// solver keeps only the tightest of each side in its tableau: against the model that defines
/// them (a preferred value clamped to the greatest lower and the least upper bound), through
/// random additions, removals and constant changes; PropertyBased prints a failing seed.
@Suite("Cassowary bounds")
struct SolverBoundTests {
    /// One bound as written: `coefficient·x + constant (relation) 0`, and what it bounds x by.
    private struct Written {
        let constraint: Constraint
        var constant: Double
        let coefficient: Double
        let relation: Relation

        var value: Double { -constant / coefficient }
        var isLower: Bool { (relation == .greaterThanOrEqual) == (coefficient > 0) }
    }

    /// The model: the preferred value, clamped (or `nil` when the bounds cross).
    private static func expected(_ bounds: [Written], preferred: Double) -> Double? {
        let lower = bounds.filter(\.isLower).map(\.value).max() ?? -.infinity
        let upper = bounds.filter { !$0.isLower }.map(\.value).min() ?? .infinity
        guard lower <= upper + 1e-9 else { return nil }
        return min(max(preferred, lower), upper)
    }

    @Test("random bounds, removals and constant changes give the clamped preference")
    func clampedPreference() async {
        await propertyCheck(count: 200, input: Gen.int(in: 1...Int(Int32.max))) { seed in
            var random = SeededRandom(seed: UInt64(seed))
            let solver = Solver()
            let x = Variable("x")
            let y = Variable("y")
            let preferred = Double(random.int(-50...50))
            try solver.add(Constraint(x, .equal, preferred, strength: .weak))
            // Another row holding x, so the bound's rows are not alone in the tableau.
            try solver.add(Constraint(y, .equal, x + 3))
            var held: [Written] = []
            for step in 0..<60 {
                switch random.int(0...5) {
                case 0...2:
                    let coefficient = random.pick([1.0, 2.0, -1.0, -0.5])
                    let relation: Relation = random.chance(0.5) ? .greaterThanOrEqual : .lessThanOrEqual
                    let constant = Double(random.int(-60...60))
                    let constraint = Constraint(coefficient * x + constant, relation, 0.0)
                    let written = Written(
                        constraint: constraint, constant: constant, coefficient: coefficient, relation: relation)
                    if Self.expected(held + [written], preferred: preferred) == nil {
                        #expect(throws: SolverError.self, "seed \(seed) step \(step)") { try solver.add(constraint) }
                        #expect(!solver.contains(constraint))
                    } else {
                        try solver.add(constraint)
                        held.append(written)
                    }
                case 3:
                    guard !held.isEmpty else { continue }
                    let index = random.int(0...held.count - 1)
                    try solver.remove(held[index].constraint)
                    #expect(!solver.contains(held[index].constraint), "seed \(seed) step \(step)")
                    held.remove(at: index)
                default:
                    guard !held.isEmpty else { continue }
                    let index = random.int(0...held.count - 1)
                    var changed = held
                    changed[index].constant = Double(random.int(-60...60))
                    if Self.expected(changed, preferred: preferred) == nil {
                        #expect(throws: SolverError.self, "seed \(seed) step \(step)") {
                            try solver.updateConstant(of: held[index].constraint, to: changed[index].constant)
                        }
                        #expect(held[index].constraint.expression.constant == held[index].constant, "seed \(seed)")
                    } else {
                        try solver.updateConstant(of: held[index].constraint, to: changed[index].constant)
                        held = changed
                    }
                }
                let value = try #require(Self.expected(held, preferred: preferred))
                #expect(
                    abs(solver.value(of: x) - value) < 1e-6,
                    "seed \(seed) step \(step): x \(solver.value(of: x)), expected \(value)")
                #expect(abs(solver.value(of: y) - value - 3) < 1e-6, "seed \(seed) step \(step)")
                #expect(solver.statistics.constraints == held.count + 2, "seed \(seed) step \(step)")
                for written in held { #expect(solver.contains(written.constraint)) }
            }
        }
    }

    @Test("a thousand bounds on one variable: one row per side in the tableau, each bound still held")
    func oneRowPerSide() throws {
        let solver = Solver()
        let width = Variable("width")
        try solver.add(Constraint(width, .equal, 0, strength: .weak))
        var lower: [Constraint] = []
        for i in 0..<1000 {
            let constraint = Constraint(width, .greaterThanOrEqual, Double(i % 97))
            try solver.add(constraint)
            lower.append(constraint)
        }
        #expect(solver.value(of: width) == 96)
        #expect(solver.statistics.constraints == 1001)
        // The weak preference's two rows at most, and the active bound's.
        #expect(solver.statistics.rows <= 3)
        // Duplicates are refused whether a bound is active or waiting.
        #expect(throws: SolverError.self) { try solver.add(lower[96]) }
        #expect(throws: SolverError.self) { try solver.add(lower[0]) }
        // Removing every bound at 96 hands the side to those at 95.
        for constraint in lower where constraint.expression.constant == -96 { try solver.remove(constraint) }
        #expect(solver.value(of: width) == 95)
        // Loosening the active bound lets the next tightest take over; tightening a waiting one
        // makes it active.
        let active = try #require(lower.first { $0.expression.constant == -95 && solver.contains($0) })
        try solver.updateConstant(of: active, to: -10)
        #expect(solver.value(of: width) == 95)  // the other bounds at 95
        try solver.updateConstant(of: lower[0], to: -500)
        #expect(solver.value(of: width) == 500)
        // An upper bound that crosses the lower ones is refused, and nothing changes.
        #expect(throws: SolverError.self) { try solver.add(Constraint(width, .lessThanOrEqual, 499)) }
        #expect(solver.value(of: width) == 500)
        for constraint in lower where solver.contains(constraint) { try solver.remove(constraint) }
        #expect(solver.value(of: width) == 0)
        #expect(solver.statistics.constraints == 1)
    }
}
