import Lifetrace
import LifetraceScenario
import LifetraceUI
import Testing

/// Runs scenario `text` on a fresh runner (its run loop's console quiet) inside a recording sink;
/// returns the runner, the error the run ended with (if any) and the events recorded.
@MainActor
func recordedScenarioRun(
    _ text: String, source: String = "t.scenario"
) -> (runner: ScenarioRunner, error: ScenarioError?, events: [Event]) {
    let runner = ScenarioRunner()
    runner.runLoop.diagnosticHandler = { _ in }
    let recording = RecordingSink()
    let error = LifetraceSystem.withSink(recording) { () -> ScenarioError? in
        do throws(ScenarioError) {
            try runner.run(try ScenarioParser.parse(text, source: source))
            return nil
        } catch {
            return error
        }
    }
    return (runner, error, recording.events)
}

/// A scenario that must fail at `line`:`column` with an error whose message contains `message`.
struct LocatedMisuse: CustomTestStringConvertible, Sendable {
    let scenario: String
    let line: Int
    let column: Int
    let message: String
    var testDescription: String { scenario.replacingOccurrences(of: "\n", with: "; ") }

    /// Runs the scenario (``recordedScenarioRun(_:source:)``) and expects its error where it belongs.
    @MainActor
    func expectLocated(source: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let error = try #require(recordedScenarioRun(scenario, source: source).error, sourceLocation: sourceLocation)
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(message), "\(error)", sourceLocation: sourceLocation)
    }
}
