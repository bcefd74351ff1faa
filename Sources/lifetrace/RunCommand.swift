import ArgumentParser
import Lifetrace
import LifetraceScenario
import LifetraceUI

/// `lifetrace run FILE`: runs a scenario and sends its events to the chosen sinks.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scenario file and trace every lifecycle and layout callback.",
        discussion: """
            Exit status: 0 when the scenario ran and every event was written; 1 when a step fails \
            (the error names the file, line and column; events before it are written) or a sink \
            lost events (a full disk, a closed pipe); 2 for a bad sink configuration.
            """)

    @Argument(help: "The scenario file (the language of Scenarios/README.md).")
    var file: String

    @OptionGroup var sinkOptions: SinkOptions

    @Option(help: "The animation clock: virtual (animations finish at once, in order) or real.")
    var clock: ClockChoice = .virtual

    func run() async throws {
        try await Failure.exitOnError { try sinkOptions.bootstrap() }
        try await Failure.exitOnError {
            let scenario = try ScenarioParser.parse(contentsOfFile: file)
            try await ScenarioExecution.run(scenario, clock: clock.animationClock)
        }
        try LostOutput.exitIfAny()
    }
}

/// The clocks a run can use.
enum ClockChoice: String, ExpressibleByArgument, CaseIterable {
    case virtual
    case real

    var animationClock: AnimationClock { self == .virtual ? .virtual : .realTime }
}

/// Runs a scenario on the main actor and writes out the sinks, even when a step fails.
enum ScenarioExecution {
    static func run(_ scenario: Scenario, clock: AnimationClock) async throws {
        defer { LifetraceSystem.flush() }
        try await MainActor.run {
            let runner = ScenarioRunner(clock: clock)
            try runner.run(scenario)
        }
    }
}

/// Turns errors into a message on standard error and an exit status.
enum Failure {
    /// Runs `body`; an error is printed as `lifetrace: MESSAGE` (or in compiler style for
    /// scenario errors) and the command exits with status 1, or 2 for configuration errors.
    static func exitOnError(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as ScenarioError {
            StandardError.writeLine("\(error)")
            throw ExitCode.failure
        } catch let error as ConfigurationError {
            StandardError.writeLine("lifetrace: \(error)")
            throw ExitCode(2)
        }
    }
}
