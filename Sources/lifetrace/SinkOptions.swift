import ArgumentParser
import Lifetrace
import LifetraceLTTng

/// The options that choose where events go, shared by the commands that run scenarios.
struct SinkOptions: ParsableArguments {
    @Option(
        name: .customLong("sink"),
        help: ArgumentHelp(
            "A sink: text[:ends][:time][=DEST], jsonl[=DEST], lttng or none; DEST is a path, -, stdout, stderr or fd:N. Repeatable. Default: $LIFETRACE_SINKS, else text.",
            valueName: "spec"))
    var sinks: [String] = []

    @Option(help: ArgumentHelp("Keep only hooks matching these comma-separated patterns (* and ?).", valueName: "patterns"))
    var hooks: String?

    @Option(help: ArgumentHelp("Keep only controllers matching these comma-separated patterns.", valueName: "patterns"))
    var controllers: String?

    /// The configuration the options describe, falling back to the environment, then to text.
    func configuration(registry: SinkRegistry = .withLTTng) throws -> SinkConfiguration {
        var configuration: SinkConfiguration
        // Most `--sink` options were taken out of the arguments before parsing (CommandLineSinks).
        let sinks = CommandLineSinks.values + self.sinks
        if !sinks.isEmpty {
            let specifications = try sinks.map { text in
                try SinkRegistry.Specification(parsing: text, origin: "--sink \"\(text)\"")
            }
            configuration = SinkConfiguration(sinks: specifications, registry: registry)
        } else if let fromEnvironment = try SinkConfiguration(environment: ProcessEnvironment.current, registry: registry) {
            configuration = fromEnvironment
        } else {
            configuration = SinkConfiguration(
                sinks: [SinkRegistry.Specification(name: "text", origin: "default sink")], registry: registry)
        }
        if let hooks {
            let patterns = try SinkConfiguration.parsePatterns(hooks, source: "--hooks")
            SinkConfiguration.warnAboutUnknownHooks(patterns, source: "--hooks")
            configuration.filter.hooks = patterns
        }
        if let controllers {
            configuration.filter.controllers = try SinkConfiguration.parsePatterns(controllers, source: "--controllers")
        }
        return configuration
    }

    /// Makes the sinks and installs them for the whole process; SIGTERM, SIGINT and SIGHUP then
    /// write out what the sinks hold before the process ends.
    func bootstrap() throws {
        LifetraceSystem.bootstrap(try configuration().makeSink())
        TerminationFlusher.install()
    }
}
