import Lifetrace
import LifetraceScenario
import LifetraceUI

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
