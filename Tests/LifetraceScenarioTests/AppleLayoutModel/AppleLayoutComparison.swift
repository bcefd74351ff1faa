import LifetraceUI

/// One scenario's runtime run against the model's answer: every frame value the model determines,
/// after every step, within ``tolerance``; a step whose required constraints cannot all hold must
/// be reported by the runtime (as UIKit's "Unable to simultaneously satisfy constraints"), and is
/// the last step compared (the runtime breaks a constraint of its choice there); a step whose
/// required constraints can all hold must not be.
struct AppleLayoutComparison {
    static let tolerance = 1e-3

    /// How a step disagrees.
    enum Kind: String, Sendable, CaseIterable {
        /// A frame value the model determines differs.
        case frame
        /// The runtime reports constraints that cannot all hold; the model satisfies them all.
        case falseConflict = "false conflict"
        /// The model's required constraints cannot all hold; the runtime reports nothing.
        case missedConflict = "missed conflict"
        /// The runtime stopped on an error, or lacks a view the model places.
        case runtime
    }

    /// The first step that disagrees.
    struct Disagreement: Sendable {
        var kind: Kind
        var step: Int
        var text: String
    }

    /// The sums over a run's scenarios.
    struct Totals {
        var stepsCompared = 0
        var framesCompared = 0
        var valuesCompared = 0
        var stepsSkipped = 0
        var infeasibleSteps = 0

        mutating func add(_ comparison: AppleLayoutComparison) {
            stepsCompared += comparison.stepsCompared
            framesCompared += comparison.framesCompared
            valuesCompared += comparison.valuesCompared
            stepsSkipped += comparison.stepsSkipped
            infeasibleSteps += comparison.infeasibleSteps
        }
    }

    var stepsCompared = 0
    var framesCompared = 0
    var valuesCompared = 0
    /// Steps not compared: those the model leaves open (the position of a collapsed arranged view)
    /// and those after a step whose required constraints cannot all hold.
    var stepsSkipped = 0
    /// Steps whose required constraints cannot all hold (each reported by the runtime, or a
    /// disagreement).
    var infeasibleSteps = 0
    var disagreement: Disagreement?

    init(_ scenario: AppleLayoutScenario, model: [AppleLayoutModel.Step], runtime: AppleLayoutRuntime.Run) {
        let runtimeSteps = Dictionary(runtime.steps.map { ($0.index, $0) }) { first, _ in first }
        if let error = runtime.error {
            note(.runtime, step: runtime.steps.last?.index ?? 0, "the runtime stopped: \(error)")
        }
        for step in model {
            guard let actual = runtimeSteps[step.index] else {
                if runtime.error == nil { note(.runtime, step: step.index, "the runtime has no step \(step.index)") }
                break
            }
            let line = scenario.lines.indices.contains(step.index) ? scenario.lines[step.index] : "?"
            if step.state == .skipped {
                // A conflict there (the runtime's place for the collapsed view against a required
                // constraint) breaks a constraint: what follows is not comparable either.
                let rest = actual.unsatisfiable.isEmpty ? 0 : runtime.steps.count { $0.index > step.index }
                stepsSkipped += 1 + rest
                if !actual.unsatisfiable.isEmpty { break }
                continue
            }
            guard step.state == .ok else {
                infeasibleSteps += 1
                stepsSkipped += runtime.steps.count { $0.index > step.index }
                if actual.unsatisfiable.isEmpty {
                    note(
                        .missedConflict, step: step.index,
                        "after step \(step.index) (\(line)): the model's required constraints cannot all hold; "
                            + "the runtime reports no conflict")
                }
                break
            }
            stepsCompared += 1
            if let report = actual.unsatisfiable.first {
                note(
                    .falseConflict, step: step.index,
                    "after step \(step.index) (\(line)): the model satisfies every required constraint; "
                        + "the runtime reports: \(report.prefix(600))")
            }
            var differences: [String] = []
            for (name, values) in step.frames.sorted(by: { $0.key < $1.key }) where values.contains(where: { $0 != nil }) {
                guard let frame = actual.frames[name] else {
                    differences.append("\(name): not in the runtime's hierarchy")
                    continue
                }
                framesCompared += 1
                let ours = Self.values(frame)
                var wrong: [String] = []
                for (index, value) in Self.standardized(values).enumerated() {
                    guard let value else { continue }
                    valuesCompared += 1
                    if abs(value - ours[index]) > Self.tolerance {
                        wrong.append("\(Self.labels[index]) \(Self.number(ours[index])) (model \(Self.number(value)))")
                    }
                }
                if !wrong.isEmpty { differences.append("\(name): " + wrong.joined(separator: ", ")) }
            }
            if !differences.isEmpty {
                note(.frame, step: step.index, "after step \(step.index) (\(line)): " + differences.joined(separator: "; "))
            }
        }
    }

    private mutating func note(_ kind: Kind, step: Int, _ text: String) {
        if disagreement == nil { disagreement = Disagreement(kind: kind, step: step, text: text) }
    }

    static let labels = ["x", "y", "width", "height"]

    /// A frame as code reads it: standardized, as Core Graphics' `minX`, `width` and the like are
    /// (a negative size counts from the other edge).
    static func values(_ frame: Rect) -> [Double] { [frame.minX, frame.minY, frame.width, frame.height] }

    /// The model's x, y, width and height, standardized the same way (an origin whose size the
    /// model leaves free is left free too).
    static func standardized(_ values: [Double?]) -> [Double?] {
        var result = values
        for (origin, size) in [(0, 2), (1, 3)] {
            guard let extent = values[size] else {
                result[origin] = nil
                continue
            }
            if extent < 0 {
                result[size] = -extent
                result[origin] = values[origin].map { $0 + extent }
            }
        }
        return result
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Both frames of every view after step `index`: `NAME  model {x, y, w×h}  runtime {…}`, `?`
    /// for a value the model leaves free.
    static func frameTable(model: AppleLayoutModel.Step?, runtime: AppleLayoutRuntime.Step?) -> String {
        let names = Set((model?.frames.keys).map(Array.init) ?? []).union((runtime?.frames.keys).map(Array.init) ?? []).sorted()
        return names.map { name in
            let theirs = model?.frames[name].map { values in
                standardized(values).map { $0.map(number) ?? "?" }
            }
            let ours = runtime?.frames[name].map { values($0).map(number) }
            func text(_ parts: [String]?) -> String {
                guard let parts else { return "(not placed)" }
                return "{\(parts[0]), \(parts[1]), \(parts[2])x\(parts[3])}"
            }
            return "    \(name): model \(text(theirs)), runtime \(text(ours))"
        }.joined(separator: "\n")
    }
}
