import Hummingbird
import Lifetrace
import LifetraceLTTng
import LifetraceLogging
import LifetraceTracing
import Logging
import ServiceLifecycle
import Tracing

// A Hummingbird server traced by Lifetrace: swift-log and swift-distributed-tracing bootstrapped
// with Lifetrace's backends, Hummingbird's own tracing and request-logging middleware, and the
// sinks from LIFETRACE_SINKS (`lttng`, `jsonl=FILE`, `text`, …).
//
//   HummingbirdServer [--port N] [--requests N] [--manifest FILE] [--timeout SECONDS]
//                     [--backend lifetrace|stream|none]
//
// It prints `process PID`, listens on 127.0.0.1 (port 0: one the kernel picks) and prints
// `listening on 127.0.0.1:PORT` once the server runs. With `--requests N` it also drives itself:
// N requests from a client of its own (some with a W3C `traceparent` header), one line of JSON per
// request in the manifest (what was sent and what the trace must show), then it shuts down
// gracefully, or exits with status 3 after --timeout seconds (default 120). Without, it serves
// until SIGINT or SIGTERM. At the end it prints `served N requests` (the requests its handlers
// answered), which tools/bench-server holds against the spans in the trace. `--backend stream`
// logs through swift-log's StreamLogHandler on standard error instead, `--backend none` not at all
// (neither traces): the peers of a load test.
#if canImport(Glibc)
import Glibc
#endif

let options: Options
do {
    options = try Options(CommandLine.arguments.dropFirst())
} catch {
    Output.error("HummingbirdServer: \(error)\n\(Options.usage)")
    exit(2)
}

switch options.backend {
case .lifetrace:
    // The two lines a server adds: every Logger and every span goes to Lifetrace's sinks.
    LoggingSystem.bootstrap(LifetraceLogHandler.init)
    InstrumentationSystem.bootstrap(LifetraceTracer())
    // The sinks, from the environment: LIFETRACE_SINKS=lttng records through LTTng-UST.
    do {
        try LifetraceSystem.bootstrapFromEnvironment(registry: .withLTTng)
    } catch {
        Output.error("HummingbirdServer: \(error)")
        exit(2)
    }
case .stream:
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
case .none:
    LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
}

// Its process id first, so a script that starts it under another program (tools/lttng-record) can
// end it by that id.
Output.line("process \(getpid())")
let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
var logger = Logger(label: "HummingbirdServer")
logger.logLevel = .info
let application = Application(
    router: Routes.router(),
    configuration: .init(address: .hostname("127.0.0.1", port: options.port), serverName: "HummingbirdServer"),
    onServerRunning: { channel in
        guard let port = channel.localAddress?.port else { return }
        Output.line("listening on 127.0.0.1:\(port)")
        portContinuation.yield(port)
        portContinuation.finish()
    },
    logger: logger
)

var services = [ServiceGroupConfiguration.ServiceConfiguration(service: application)]
if options.requests > 0 {
    // A watchdog, so a run that drives itself always ends: a server that never answers fails.
    let limit = options.timeout
    Task.detached {
        try? await Task.sleep(for: .seconds(limit))
        Output.error("HummingbirdServer: the requests did not finish within \(limit) s")
        exit(3)
    }
    // When the driver has sent its requests, the group shuts the server down gracefully.
    let driver = RequestDriver(ports: ports, count: options.requests, manifest: options.manifest)
    services.append(.init(service: driver, successTerminationBehavior: .gracefullyShutdownGroup))
}
let group = ServiceGroup(
    configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
do {
    try await group.run()
} catch {
    Output.error("HummingbirdServer: \(error)")
    LifetraceSystem.flush()
    exit(1)
}
LifetraceSystem.flush()
Output.line("served \(Routes.served.load(ordering: .relaxed)) requests")
