import Lifetrace
import LifetraceUI

/// Runs a golden trace's scenario with a recording sink scoped to the run, and compares.
public enum GoldenRun {
    /// Runs `golden`'s scenario on a fresh runner and compares its events with the expectation.
    ///
    /// - Throws: ``ScenarioError`` when a step cannot run.
    @MainActor
    public static func run(_ golden: GoldenTrace) throws -> GoldenResult {
        let recording = RecordingSink()
        try LifetraceSystem.withSink(recording) {
            try ScenarioRunner().run(golden.scenario)
        }
        return GoldenComparison.compare(golden, events: recording.events)
    }
}
