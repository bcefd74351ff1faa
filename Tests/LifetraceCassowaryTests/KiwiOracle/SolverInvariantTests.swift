import Foundation
import LifetraceCassowary
import Testing

/// Properties of the solver on the oracle's random systems (``KiwiSystem``), with no reference
/// implementation. Seeded like KiwiOracleTests: the seed is printed, LIFETRACE_ORACLE_SEED replays
/// a run and LIFETRACE_ORACLE_SYSTEM=K runs its system K alone; a failure is shrunk before it is
/// reported. Every replay also checks the invariants of ``SystemReplay`` (required constraints
/// hold at every read; a satisfiable system has nothing refused).
@Suite("Cassowary invariants on seeded random systems")
struct SolverInvariantTests {
    static let count = 800

    @Test("removing every constraint but the stays leaves the stays' and edit variables' optimum")
    func removalRestores() {
        Self.check("removal", salt: 0xA) { system in
            let replay = SystemReplay(system)
            _ = replay.run()
            if let problem = replay.problems.first { return problem }
            let solver = replay.solver
            do throws(SolverError) {
                for (i, constraint) in replay.held.sorted(by: { $0.key < $1.key }) where i >= system.variables {
                    try solver.remove(constraint)
                }
            } catch {
                return "removing a held constraint: \(error)"
            }
            // Each variable is where the heavier of its stay and its edit (if any) puts it: the
            // optimum of w_s·|v − stay| + w_e·|v − suggestion|.
            // Late stays (KiwiSystemBuilder.lateStays): a variable no step named has none.
            let stayed = (0..<system.variables).filter { v in replay.made[v].map { solver.contains($0) } ?? false }
            if let v = replay.seen.first(where: { !stayed.contains($0) }) { return "the stay of v\(v) is not held" }
            var values = replay.values()
            var expected = values
            for v in stayed {
                let stay = replay.made[v]!
                let target = -stay.expression.constant
                if let edit = replay.edits[v], edit.weight > stay.strength.weight {
                    expected[v] = edit.value
                } else {
                    expected[v] = target
                }
            }
            if let v = values.indices.first(where: { !valuesAgree(values[$0], expected[$0]) }) {
                return
                    "after removing every constraint but the stays: v\(v) = \(values[v]), expected \(expected[v]) (all: \(values) vs \(expected))"
            }
            let statistics = solver.statistics
            if statistics.constraints != stayed.count + replay.edits.count || statistics.rows != statistics.constraints {
                return "after removing every constraint but the stays and \(replay.edits.count) edits: \(statistics)"
            }
            // Then the edit variables: the stays alone.
            do throws(SolverError) {
                for v in replay.edits.keys.sorted() { try solver.removeEditVariable(replay.variables[v]) }
            } catch {
                return "removing an edit variable: \(error)"
            }
            values = replay.values()
            if let v = stayed.first(where: { !valuesAgree(values[$0], -replay.made[$0]!.expression.constant) }) {
                return "with the stays alone: v\(v) = \(values[v]), expected \(-replay.made[v]!.expression.constant)"
            }
            if solver.statistics.constraints != stayed.count || solver.statistics.rows != stayed.count {
                return "with the stays alone: \(solver.statistics)"
            }
            return nil
        }
    }

    @Test("updateConstant answers and values are those of removing and adding with the new constant")
    func updateConstantMatchesRebuild() {
        Self.check("updateConstant", salt: 0xB) { system in
            let inPlace = SystemReplay(system)
            let rebuilt = SystemReplay(system, constantByRebuilding: true)
            for index in system.steps.indices {
                let a = inPlace.run(step: index)
                let b = rebuilt.run(step: index)
                if !a.agrees(with: b) {
                    return "step \(index) (\(system.steps[index])): updateConstant gives \(a), remove + add gives \(b)"
                }
            }
            return inPlace.problems.first ?? rebuilt.problems.first
        }
    }

    @Test("a refusal changes no value and no count, and its conflict set with it is unsatisfiable")
    func refusalChangesNothing() {
        var refusals = 0
        Self.check("refusal", salt: 0xC) { system in
            let replay = SystemReplay(system)
            let solver = replay.solver
            for index in system.steps.indices {
                let step = system.steps[index]
                switch step {
                case .add, .constant: break
                default:
                    _ = replay.run(step: index)
                    continue
                }
                let before = replay.variables.map { solver.value(of: $0) }
                let statistics = solver.statistics
                let held = replay.held
                _ = replay.run(step: index)
                guard case .unsatisfiable(let rejected, let conflicting)? = replay.lastError else { continue }
                refusals += 1
                let after = replay.variables.map { solver.value(of: $0) }
                if let v = after.indices.first(where: { !valuesAgree(after[$0], before[$0]) }) {
                    return "step \(index) (\(step)) was refused but moved v\(v) from \(before[v]) to \(after[v])"
                }
                // The counts stay; pivots and rowsChanged count work done, refused or not.
                let now = solver.statistics
                if now.constraints != statistics.constraints || now.variables != statistics.variables
                    || now.rows != statistics.rows
                {
                    return "step \(index) (\(step)) was refused but changed the statistics from \(statistics) to \(now)"
                }
                let required = held.filter { $0.value.strength.isRequired }
                switch step {
                case .add(let i):
                    guard rejected === replay.constraint(i) else { return "step \(index): the error names \(rejected)" }
                    for constraint in conflicting where !required.values.contains(where: { $0 === constraint }) {
                        return "step \(index): \(constraint) in the conflict set is not a required constraint held"
                    }
                    // The conflict set was held together; with the rejected constraint it must fail.
                    let fresh = Solver()
                    do throws(SolverError) {
                        for constraint in conflicting { try fresh.add(constraint) }
                    } catch {
                        return "step \(index): the conflict set alone is refused: \(error)"
                    }
                    do throws(SolverError) {
                        try fresh.add(rejected)
                        return "step \(index) (\(step)): the rejected constraint holds with its conflict set \(conflicting)"
                    } catch {
                        guard case .unsatisfiable = error else { return "step \(index): \(error)" }
                    }
                case .constant(let i, let c):
                    // No conflict set is given: check the refusal against every required constraint held.
                    let fresh = Solver()
                    do throws(SolverError) {
                        for (j, constraint) in required.sorted(by: { $0.key < $1.key }) where j != i { try fresh.add(constraint) }
                        try fresh.add(replay.makeConstraint(i, constant: c))
                        return
                            "step \(index) (\(step)) was refused, but a fresh solver holds the new constant with every other required constraint"
                    } catch {
                        guard case .unsatisfiable = error else { return "step \(index): \(error)" }
                    }
                default:
                    break
                }
            }
            return replay.problems.first
        }
        print("Invariant refusal: \(refusals) refusals checked")
        #expect(OracleSeed.only != nil || refusals >= Self.count / 5, "the planted conflicts are refused")
    }

    /// Checks `property` (a failure's text, or nil) on `count` systems of the run's seed, a third
    /// of them with planted conflicts, and reports the first failure shrunk.
    static func check(_ name: String, salt: UInt64, _ property: (KiwiSystem) -> String?) {
        let seed = OracleSeed.run
        let only = OracleSeed.only
        func system(_ index: Int) -> KiwiSystem {
            KiwiSystem.random(seed: OracleRandom.seed(seed ^ (salt << 56), system: index), planted: index % 3 == 2)
        }
        var failures: [(index: Int, text: String)] = []
        var operations = 0
        for index in only.map({ [$0] }) ?? Array(0..<Self.count) {
            let system = system(index)
            operations += system.operations
            if let text = property(system) { failures.append((index, text)) }
        }
        print(
            "Invariant \(name): seed \(seed) (replay: LIFETRACE_ORACLE_SEED=\(seed)): \(only == nil ? Self.count : 1) systems, \(operations) operations, \(failures.count) failures"
        )
        guard let first = failures.first else { return }
        let shrunk = KiwiSystem.shrink(system(first.index)) { candidates in
            candidates.indices.first { property(candidates[$0]) != nil }
        }
        Issue.record(
            """
            invariant \(name), seed \(seed), system \(first.index) (LIFETRACE_ORACLE_SEED=\(seed) LIFETRACE_ORACLE_SYSTEM=\(first.index)), \
            \(failures.count) failing: \(first.text)
            shrunk to \(shrunk.steps.count) steps: \(property(shrunk) ?? "?")
            \(shrunk)
            """)
    }
}
