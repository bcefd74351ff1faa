import ArgumentParser
import Lifetrace
import LifetraceScenario

/// `lifetrace demo`: the built-in tour, traced to the chosen sinks (text on standard output by default).
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the built-in tour: launch, push, editing, back, present, dismiss, a sheet, rotation.",
        discussion: "Exit status: 0; 1 when a sink lost events (a full disk, a closed pipe); 2 for a bad sink configuration.")

    @OptionGroup var sinkOptions: SinkOptions

    @Flag(help: "Print the tour's scenario and exit.")
    var printScenario = false

    func run() async throws {
        if printScenario {
            print(DemoTour.text)
            return
        }
        try await Failure.exitOnError { try sinkOptions.bootstrap() }
        try await Failure.exitOnError {
            try await ScenarioExecution.run(DemoTour.scenario, clock: .virtual)
        }
        try LostOutput.exitIfAny()
    }
}
