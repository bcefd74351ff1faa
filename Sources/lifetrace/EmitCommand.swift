import ArgumentParser
import Lifetrace

/// `lifetrace emit`: synthetic events through the sinks of `LIFETRACE_SINKS`, for checking sinks.
struct EmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "emit", abstract: "Emit synthetic events (placeholder).")
    func run() throws {}
}
