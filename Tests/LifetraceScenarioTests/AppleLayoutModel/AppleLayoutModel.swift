import Foundation
import LifetraceTestSupport

/// apple_layout_model.py (a model of Apple's documented Auto Layout semantics, kiwisolver its
/// arithmetic) run once over a batch of scenarios.
enum AppleLayoutModel {
    /// The model's answer for one step.
    struct Step: Sendable {
        enum State: String, Sendable {
            /// The frames are the model's.
            case ok
            /// The required constraints cannot all hold (the model stops there).
            case infeasible
            /// The semantics leave the step open (a constraint relates the position of a collapsed
            /// arranged view, which Apple does not document, to a view outside it).
            case skipped
        }

        /// The step's 0-based position among the scenario's steps.
        var index: Int
        var state: State
        /// Each reported view's x, y, width and height; nil where the model leaves it free.
        var frames: [String: [Double?]]
    }

    enum Reply: Sendable {
        case steps([Step])
        /// The model could not read the scenario (a generator's mistake).
        case unreadable(String)
        /// kiwi aborted the model's process or raised where it should not; stderr's tail.
        case crash(String)
    }

    /// The script, beside this file.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("apple_layout_model.py").path

    /// The priorities of stack views' fitting-size preferences, across and along the axis, when
    /// LIFETRACE_APPLE_ORACLE_FITTING gives them (`51,49`; one number for both) instead of the
    /// script's FITTING_ACROSS_PRIORITY and FITTING_ALONG_PRIORITY.
    static let fitting = ProcessInfo.processInfo.environment["LIFETRACE_APPLE_ORACLE_FITTING"]

    /// The model's replies to every scenario, in order; kiwisolver's version and the stack views'
    /// fitting priorities the model uses (across, along). Throws when python3 or kiwisolver is
    /// missing (the message says `pip install kiwisolver`) or the script fails.
    static func run(_ scenarios: [AppleLayoutScenario], jobs: Int = 2) throws -> (
        version: String, fitting: [Double], replies: [Reply]
    ) {
        let python = try tool("python3")
        let input =
            try scenarios.map { scenario in
                String(
                    decoding: try JSONSerialization.data(withJSONObject: scenario.text, options: .fragmentsAllowed), as: UTF8.self
                )
            }.joined(separator: "\n") + "\n"
        let arguments = [script, "--jobs=\(jobs)"] + (fitting.map { ["--fitting=\($0)"] } ?? [])
        let result = try runProcess(python, arguments, standardInput: input, timeout: 900)
        guard result.status == 0 else {
            throw TestSupportError("apple_layout_model.py failed (pip install kiwisolver, if it is missing): \(result)")
        }
        let lines = lines(result.stdout)
        guard let header = lines.first.flatMap(parse) as? [String: Any], let version = header["kiwisolver"] as? String,
            let fitting = (header["fitting"] as? [NSNumber])?.map(\.doubleValue)
        else {
            throw TestSupportError("apple_layout_model.py wrote no header: \(result.stdout.prefix(500)) \(result)")
        }
        guard lines.count == scenarios.count + 1 else {
            throw TestSupportError("apple_layout_model.py answered \(lines.count - 1) of \(scenarios.count) scenarios: \(result)")
        }
        return (version, fitting, try lines.dropFirst().map(reply))
    }

    private static func reply(_ line: String) throws -> Reply {
        guard let object = parse(line) as? [String: Any] else {
            throw TestSupportError("apple_layout_model.py wrote an unreadable line: \(line.prefix(500))")
        }
        if let crash = object["crash"] as? String { return .crash(crash) }
        if let error = object["error"] as? String { return .unreadable(error) }
        guard let steps = object["steps"] as? [[String: Any]] else {
            throw TestSupportError("apple_layout_model.py wrote an unreadable line: \(line.prefix(500))")
        }
        return .steps(
            steps.map { step in
                let frames = (step["frames"] as? [String: [Any]] ?? [:]).mapValues { values in
                    values.map { ($0 as? NSNumber)?.doubleValue }
                }
                let state = Step.State(rawValue: step["state"] as? String ?? "") ?? .skipped
                return Step(index: (step["step"] as? NSNumber)?.intValue ?? -1, state: state, frames: frames)
            })
    }

    private static func parse(_ line: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(line.utf8))
    }
}
