import ArgumentParser

/// The `lifetrace` command: run scenarios with UIKit's ordering, check golden traces, and emit events
/// through the configured sinks. (Started by ``LifetraceMain``.)
struct LifetraceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifetrace",
        abstract: "See exactly when view-controller lifecycle and layout callbacks run, and what they cost.",
        subcommands: [
            RunCommand.self, DemoCommand.self, CheckCommand.self, EmitCommand.self,
            StatsCommand.self, ReportCommand.self, ExportCommand.self, DiffCommand.self, ConvertCommand.self, WatchCommand.self,
            PortCommand.self,
        ],
        defaultSubcommand: DemoCommand.self
    )
}
