import Foundation
import LifetraceCassowary
import LifetraceTestSupport
import Testing

/// Our solver against kiwisolver (PyPI), the reference implementation of Cassowary: thousands of
/// random systems, every value within 1e-6 and every verdict the same. The seed is printed; set
/// LIFETRACE_ORACLE_SEED to replay a run.
@Suite("Cassowary against kiwisolver")
struct OracleTests {
    static let systems = 5_000
    static let unsatisfiable = 200

    @Test("random systems, edits, removals and constant changes agree with kiwisolver")
    func agreesWithKiwi() throws {
        let seed = ProcessInfo.processInfo.environment["LIFETRACE_ORACLE_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64(UInt32.max))
        print("Cassowary oracle: seed \(seed) (replay with LIFETRACE_ORACLE_SEED=\(seed))")
        var random = SplitMix64(seed: seed)
        let systems = (0..<Self.systems).map { index in
            OracleSystem(random: &random, unsatisfiable: index < Self.unsatisfiable)
        }
        let encoder = JSONEncoder()
        let input = try systems.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n")
        let script = Repository.path("Tests/LifetraceCassowaryTests/Oracle/kiwi_oracle.py")
        let kiwi = try runProcess("/usr/bin/env", ["python3", script, "-"], standardInput: input + "\n", timeout: 600)
        try #require(kiwi.status == 0, "the oracle script failed (pip install kiwisolver?): \(kiwi.stderr)")
        let lines = kiwi.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == systems.count, "the oracle answered \(lines.count) of \(systems.count) systems")

        var compared = 0
        var operations = 0
        var refused = 0
        var crashed = 0
        for (index, (system, line)) in zip(systems, lines).enumerated() {
            guard let expected = OracleAnswer.parse(line) else {
                crashed += 1
                continue
            }
            let actual = system.run()
            compared += 1
            operations += actual.count
            refused += actual.filter { $0 == .verdict("unsat") }.count
            let agree = expected.count == actual.count && zip(expected, actual).allSatisfy { $0.agrees(with: $1) }
            if !agree {
                let json = String(decoding: try encoder.encode(system), as: UTF8.self)
                Issue.record("seed \(seed), system \(index) differs:\n  kiwi: \(expected)\n  ours: \(actual)\n  system: \(json)")
                break
            }
        }
        print("Cassowary oracle: \(compared) systems, \(operations) operations compared, \(refused) refused as unsatisfiable by both, \(crashed) skipped (kiwi crashed)")
        #expect(compared >= Self.systems - crashed)
        #expect(crashed <= Self.systems / 100, "kiwi crashed on \(crashed) systems")
        #expect(refused >= Self.unsatisfiable, "every system built to be unsatisfiable is refused")
    }
}
