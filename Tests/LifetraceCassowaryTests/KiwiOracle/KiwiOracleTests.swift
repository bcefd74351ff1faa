import Foundation
import LifetraceCassowary
import LifetraceTestSupport
import Testing

/// Our solver against kiwisolver 1.5.1 (PyPI), the reference Cassowary: thousands of seeded random
/// systems (see ``KiwiSystem`` for what they hold and why each has one optimum), every value after
/// every step within 1e-6 and every step's verdict the same. All systems go through one python3
/// process (kiwi_replay.py).
///
/// The run's seed is printed; `LIFETRACE_ORACLE_SEED=S swift test --filter KiwiOracleTests`
/// replays it, and `LIFETRACE_ORACLE_SYSTEM=K` with it runs its system K alone (printed as Swift).
/// `LIFETRACE_ORACLE_SYSTEMS=N` runs N systems instead of the usual 3 000 (a fifth of them planted;
/// give it again to replay). `LIFETRACE_ORACLE_REPORT=FILE` writes every disagreement there. A
/// disagreement is shrunk (fewer steps, variables, terms, still disagreeing; kiwi answering each
/// round's candidates in one process) before it is reported, as Swift code and as the script's input.
///
/// The generator is our own (SplitMix64) rather than PropertyBased's: the systems must go to kiwi in
/// one batch, the seed must be printed on every run and replayable from the environment, and the
/// shrinker must ask kiwi in batches too.
@Suite("Cassowary against kiwisolver (seeded random systems)", .needsPythonModule("kiwisolver"))
struct KiwiOracleTests {
    static let defaultCount = 3_000

    @Test("every value and every verdict agree with kiwisolver")
    func agreesWithKiwi() throws {
        let started = Date()
        let environment = ProcessInfo.processInfo.environment
        let seed = OracleSeed.run
        let count = environment["LIFETRACE_ORACLE_SYSTEMS"].flatMap { Int($0) } ?? Self.defaultCount
        let only = OracleSeed.only
        let indices = only.map { [$0] } ?? Array(0..<count)
        let systems = indices.map { OracleSeed.system($0, of: seed, count: count) }
        let replay = "LIFETRACE_ORACLE_SEED=\(seed)" + (count == Self.defaultCount ? "" : " LIFETRACE_ORACLE_SYSTEMS=\(count)")
        if let only {
            print("Kiwi oracle: system \(only) of seed \(seed):\n\(systems[0])\n\(systems[0].json)")
        }

        let (version, replies) = try KiwiOracle.run(systems)
        let kiwiTime = Date().timeIntervalSince(started)
        var failures: [(index: Int, text: String)] = []
        var operations = 0
        var reads = 0
        var refused = 0
        var crashes: [(index: Int, text: String)] = []
        for (position, (system, reply)) in zip(systems, replies).enumerated() {
            let index = indices[position]
            let answers: [StepAnswer]
            switch reply {
            case .answers(let given): answers = given
            case .crash(let text):
                crashes.append((index, text))
                continue
            }
            operations += system.operations
            reads += system.steps.count - system.operations
            refused += answers.count { $0 == .verdict("unsat") }
            if let text = KiwiOracle.disagreement(system, reply) { failures.append((index, text)) }
        }

        let compared = systems.count - crashes.count
        print(
            """
            Kiwi oracle: seed \(seed) (replay: \(replay)), kiwisolver \(version): \
            \(compared) systems (\(systems.count { !$0.planted }) satisfiable, \(systems.count(where: \.planted)) with planted conflicts), \
            \(operations) operations and \(reads) reads compared, \(refused) refused as unsatisfiable, \
            \(crashes.count) kiwi crashes, \(failures.count) disagreements; \
            kiwi \(String(format: "%.1f", kiwiTime)) s, total \(String(format: "%.1f", Date().timeIntervalSince(started))) s
            """)

        if !crashes.isEmpty {
            print("Kiwi oracle: kiwi crashed on systems \(crashes.map(\.index)) (not compared); the first: \(crashes[0].text)")
        }
        #expect(crashes.count <= systems.count / 100, "kiwi crashed on \(crashes.count) systems (seed \(seed))")
        #expect(only != nil || refused >= count / 10, "the planted conflicts are refused")
        if let path = environment["LIFETRACE_ORACLE_REPORT"] {
            let report = failures.map { "system \($0.index): \($0.text)\n" }.joined()
            try report.write(toFile: path, atomically: true, encoding: .utf8)
        }
        guard let first = failures.first else { return }
        for failure in failures.prefix(5) {
            Issue.record(
                """
                seed \(seed), system \(failure.index) (\(replay) LIFETRACE_ORACLE_SYSTEM=\(failure.index)): \
                \(failure.text)
                """)
        }
        // Shrink the first one, kiwi answering each round's candidates in one process.
        let original = OracleSeed.system(first.index, of: seed, count: count)
        let shrunk = try KiwiSystem.shrink(original) { candidates in
            let replies = try KiwiOracle.run(candidates).replies
            return candidates.indices.first { KiwiOracle.disagreement(candidates[$0], replies[$0]) != nil }
        }
        let reply = try KiwiOracle.run([shrunk]).replies[0]
        Issue.record(
            """
            seed \(seed), system \(first.index) of \(failures.count) disagreeing, shrunk from \(original.steps.count) steps \
            to \(shrunk.steps.count): \(KiwiOracle.disagreement(shrunk, reply) ?? "?")
            \(shrunk)
            kiwi_replay.py input: \(shrunk.json)
            """)
    }
}

/// The seed of a run: LIFETRACE_ORACLE_SEED, or a random one.
enum OracleSeed {
    static let run: UInt64 =
        ProcessInfo.processInfo.environment["LIFETRACE_ORACLE_SEED"].flatMap { UInt64($0) }
        ?? UInt64.random(in: 1...UInt64(UInt32.max))

    /// LIFETRACE_ORACLE_SYSTEM: the one system to run, if given.
    static let only: Int? = ProcessInfo.processInfo.environment["LIFETRACE_ORACLE_SYSTEM"].flatMap { Int($0) }

    /// System `index` of a run of `count` systems seeded `seed` (the last fifth are planted).
    static func system(_ index: Int, of seed: UInt64, count: Int) -> KiwiSystem {
        KiwiSystem.random(seed: OracleRandom.seed(seed, system: index), planted: index >= count - count / 5)
    }
}
