import Lifetrace
import LifetraceTestSupport
import LifetraceUI
import Testing

/// The four classes of the model's first findings, by hand: each ``AppleLayoutHandCase``'s frames, computed from Apple's
/// semantics, from the runtime after every step it names, with no conflict reported (and, for the
/// stack views, none reported ambiguous); and from the model (apple_layout_model.py), which must
/// determine every one of them, so the oracle is checked by the same hand.
@Suite("Auto Layout hand cases (the four classes of the Apple-semantics model)")
@MainActor
struct AppleLayoutHandCaseTests {
    /// The runtime's steps, and the events recorded while they ran.
    private func run(_ handCase: AppleLayoutHandCase) -> (run: AppleLayoutRuntime.Run, events: [Event]) {
        let recording = RecordingSink()
        let run = LifetraceSystem.withSink(recording) { AppleLayoutRuntime.run(handCase.scenario) }
        return (run, recording.events)
    }

    @Test("the runtime gives the frames computed by hand, and reports no conflict", arguments: AppleLayoutHandCase.all)
    func runtimeFrames(_ handCase: AppleLayoutHandCase) throws {
        let (run, events) = run(handCase)
        #expect(run.error == nil, "\(run.error ?? "")")
        for (step, _) in handCase.expected {
            let frames = try #require(run.steps.first { $0.index == step }?.frames, "no frames after step \(step)")
            let mismatches = handCase.mismatches(after: step, frames)
            #expect(
                mismatches.isEmpty, "after step \(step) (\(handCase.scenario.lines[step])): \(mismatches.joined(separator: "; "))"
            )
        }
        let reports =
            run.steps.flatMap(\.unsatisfiable)
            + events.filter { $0.hook == .unsatisfiableConstraints }.map { $0.details.text ?? "" }
        #expect(reports.isEmpty, "conflicts reported: \(reports)")
    }

    @Test("center-, leading-, trailing-aligned and equalSpacing stack views are not ambiguous")
    func stacksNotAmbiguous() {
        let (run, events) = run(AppleLayoutHandCase.stackFittingSize)
        #expect(run.error == nil, "\(run.error ?? "")")
        let ambiguous = events.filter { $0.hook == .ambiguousLayout }.map { $0.details.text ?? $0.controller }
        #expect(ambiguous.isEmpty, "reported ambiguous: \(ambiguous)")
    }

    @Test("the model determines every frame computed by hand, and agrees with it", .needsPythonModule("kiwisolver"))
    func modelFrames() throws {
        let replies = try AppleLayoutModel.run(AppleLayoutHandCase.all.map(\.scenario), jobs: 1).replies
        for (handCase, reply) in zip(AppleLayoutHandCase.all, replies) {
            guard case .steps(let steps) = reply else {
                Issue.record("\(handCase.name): the model answered \(reply)")
                continue
            }
            for (step, expected) in handCase.expected {
                let answer = try #require(steps.first { $0.index == step }, "\(handCase.name): no answer after step \(step)")
                #expect(answer.state == .ok, "\(handCase.name), step \(step): \(answer.state)")
                var determined: [String: Rect] = [:]
                for (name, values) in answer.frames where values.allSatisfy({ $0 != nil }) {
                    let value = values.map { $0 ?? 0 }
                    determined[name] = Rect(x: value[0], y: value[1], width: value[2], height: value[3])
                }
                let missing = expected.keys.filter { determined[$0] == nil }.sorted()
                #expect(missing.isEmpty, "\(handCase.name), step \(step): the model leaves \(missing) open")
                let mismatches = handCase.mismatches(after: step, determined, ignoringMissing: true)
                #expect(mismatches.isEmpty, "\(handCase.name), step \(step): model \(mismatches.joined(separator: "; "))")
            }
        }
    }
}
