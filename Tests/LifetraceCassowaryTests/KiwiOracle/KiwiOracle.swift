import Foundation
import LifetraceTestSupport

/// kiwi_replay.py (kiwisolver, the reference Cassowary) run once over a batch of systems.
enum KiwiOracle {
    enum Reply {
        case answers([StepAnswer])
        /// The system killed the kiwi process (kiwi 1.5.1 can abort from C++); stderr's tail.
        case crash(String)
    }

    /// The script, beside this file.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("kiwi_replay.py").path

    /// kiwi's answers to every system, in order, and kiwisolver's version. Throws when python3 or
    /// kiwisolver is missing (the message says `pip install kiwisolver`) or the script fails.
    static func run(_ systems: [KiwiSystem]) throws -> (version: String, replies: [Reply]) {
        let python = try tool("python3")
        let input = systems.map(\.json).joined(separator: "\n") + "\n"
        let result = try runProcess(python, [script], standardInput: input, timeout: 600)
        guard result.status == 0 else {
            throw TestSupportError("kiwi_replay.py failed (pip install kiwisolver, if it is missing): \(result)")
        }
        let lines = lines(result.stdout)
        guard let header = lines.first.flatMap(parse) as? [String: Any], let version = header["kiwisolver"] as? String else {
            throw TestSupportError("kiwi_replay.py wrote no header: \(result.stdout.prefix(500)) \(result)")
        }
        guard lines.count == systems.count + 1 else {
            throw TestSupportError("kiwi_replay.py answered \(lines.count - 1) of \(systems.count) systems: \(result)")
        }
        let replies = try lines.dropFirst().map { line -> Reply in
            switch parse(line) {
            case let array as [Any]:
                return .answers(
                    array.map { item in
                        if let values = item as? [NSNumber] { return .values(values.map(\.doubleValue)) }
                        return .verdict(item as? String ?? "unreadable: \(item)")
                    })
            case let object as [String: Any]:
                return .crash(object["crash"] as? String ?? line)
            default:
                throw TestSupportError("kiwi_replay.py wrote an unreadable line: \(line.prefix(500))")
            }
        }
        return (version, replies)
    }

    private static func parse(_ line: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8))
    }

    /// How our solver disagrees with kiwi on a system, or breaks an invariant (nil: it does not).
    static func disagreement(_ system: KiwiSystem, _ reply: Reply) -> String? {
        guard case .answers(let expected) = reply else { return nil }
        let replay = SystemReplay(system)
        let actual = replay.run()
        guard expected.count == actual.count else {
            return "kiwi answered \(expected.count) steps, we answered \(actual.count)"
        }
        if let index = expected.indices.first(where: { !expected[$0].agrees(with: actual[$0]) }) {
            var text = "step \(index) (\(system.steps[index])): kiwi \(expected[index]), ours \(actual[index])"
            if case .values(let theirs) = expected[index], case .values(let ours) = actual[index] {
                // Who is better? The objective and required violations at both points, given
                // what our solver holds there.
                let probe = SystemReplay(system)
                for step in 0...index { _ = probe.run(step: step) }
                let (kiwiCost, kiwiViolation) = probe.cost(of: theirs)
                let (ourCost, ourViolation) = probe.cost(of: ours)
                text +=
                    "\n  objective: kiwi \(kiwiCost) (required violated by \(kiwiViolation)), ours \(ourCost) (\(ourViolation))"
            }
            let earlier = (max(0, index - 6)..<index).map {
                "\n  step \($0) \(system.steps[$0]): kiwi \(expected[$0]), ours \(actual[$0])"
            }
            return text + "\n  before it:" + earlier.joined()
        }
        if let problem = replay.problems.first { return problem }
        return nil
    }
}
