// One path of swift-log or swift-distributed-tracing through Lifetrace in a loop, for
// `valgrind --tool=callgrind` (instructions, repeatable whatever the machine does):
//
//   valgrind --tool=callgrind --toggle-collect='*ObservabilityProbe5calls*' .build/release/ObservabilityProbe log-lttng 20000
//
// Paths: log-noop (swift-log's no-op handler), log-stateful-noop (a handler with a label, metadata
// and a provider whose level reads critical: the floor of a real handler that skips by level;
// log-plain-noop and log-one-reference-noop: the least handlers, a level alone and a level with one
// reference for metadata), log-dropping (a handler that takes `info` records
// and drops them: swift-log's own cost of an accepted record), log-lifetrace (LifetraceLogHandler on the LTTng
// sink: no session, or recorded under one), log-floor (the provider's log tracepoint with
// preconverted strings), span-lifetrace (LifetraceTracer on the LTTng sink), span-in-memory
// (swift-distributed-tracing's InMemoryTracer), span-noop (its NoOpTracer: the API's own cost of a
// span, the floor of any tracer). The same calls as ObservabilityCost's benchmarks.
// `threads:hook|span|log|floor:T COUNT` (floor: the hooks' C tracepoint floor) runs T threads of COUNT calls each (PROBE_SINK=jsonl: JSON lines
// to /dev/null instead of LTTng) and prints wall and CPU time per call.
import InMemoryTracing
import Lifetrace
import LifetraceLTTng
import LifetraceLogging
import LifetraceTracepoints
import LifetraceTracing
import LogFixtures
import Logging
import Tracing

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst()
let path = arguments.first ?? "log-lifetrace"
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000
LifetraceSystem.bootstrap(LTTngSink())

let noOpLogger = Logger(label: "bench.server") { _ in SwiftLogNoOpLogHandler() }
let droppingLogger = Logger(label: "bench.server") { _ in DroppingLogHandler() }
let statefulNoOpLogger = Logger(label: "bench.server") { StatefulNoOpLogHandler(label: $0) }
let plainNoOpLogger = Logger(label: "bench.server") { _ in PlainNoOpLogHandler() }
let oneReferenceNoOpLogger = Logger(label: "bench.server") { _ in OneReferenceNoOpLogHandler() }

let lifetraceLogger = Logger(label: "bench.server") { LifetraceLogHandler(label: $0, metadataProvider: nil) }
let inMemoryTracer = InMemoryTracer()

/// The loop callgrind counts: `count` calls of the path.
@inline(never)
func calls(_ path: String, _ count: Int) -> Int {
    var total = 0
    switch path {
    case "log-noop":
        total = logs(through: noOpLogger, count)
    case "log-stateful-noop":
        total = logs(through: statefulNoOpLogger, count)
    case "log-plain-noop":
        total = logs(through: plainNoOpLogger, count)
    case "log-one-reference-noop":
        total = logs(through: oneReferenceNoOpLogger, count)
    case "log-dropping":
        total = logs(through: droppingLogger, count)
    case "log-lifetrace":
        total = logs(through: lifetraceLogger, count)
    case "log-floor":
        let (label, message, metadata, source) = (
            strdup("bench.server")!, strdup("request handled")!, strdup(#"{"route":"/users"}"#)!, strdup("ObservabilityProbe")!
        )
        for i in 0..<count {
            lifetrace_tp_log(2, UInt64(i), label, message, metadata, source, nil, -1, nil, 0)
            total &+= i
        }
    case "span-lifetrace":
        total = spans(through: LifetraceTracer(), count)
    case "span-in-memory":
        total = spans(through: inMemoryTracer, count)
    case "span-noop":
        total = spans(through: NoOpTracer(), count)
    default:
        fatalError("unknown path \(path)")
    }
    return total
}

func logs(through logger: Logger, _ count: Int) -> Int {
    var total = 0
    for i in 0..<count {
        logger.info("request handled", metadata: ["route": "/users"])
        total &+= i
    }
    return total
}

func spans<T: Tracer>(through tracer: T, _ count: Int) -> Int {
    var total = 0
    for i in 0..<count {
        tracer.withSpan("GET /users", ofKind: .server) { span in
            span.attributes["http.route"] = "/users"
            span.attributes["http.response.status_code"] = 200
            total &+= i
        }
    }
    return total
}

// `threads:WORK:T` (WORK hook, span or log; T threads): T threads at once, each making COUNT calls;
// prints the wall time and the threads' CPU time per call. Wall time needs free cores; CPU time
// tells whether the threads slow each other down (a shared lock, a shared cache line) even when
// the machine's other work takes cores from them.
if path.hasPrefix("threads:") {
    let parts = path.split(separator: ":")
    guard parts.count == 3, let threads = Int(parts[2]), ["hook", "span", "log", "floor"].contains(parts[1]) else {
        fatalError("expected threads:hook|span|log|floor:THREADS")
    }
    let work = String(parts[1])
    let sinkName = getenv("PROBE_SINK").map { String(cString: $0) } ?? "lttng"
    if sinkName == "jsonl" { LifetraceSystem.bootstrap(try JSONLinesSink(to: .file("/dev/null"))) }
    let started = ContinuousClock.now
    let cpu = ThreadedCalls.run(work, threads: threads, count: count)
    let wall = (ContinuousClock.now - started) / .nanoseconds(1)
    let calls = Double(threads * count)
    print(
        "\(path) \(sinkName): wall \(wall / calls) ns per call, \(calls / wall * 1e3)M calls/s; CPU \(Double(cpu) / calls) ns per call"
    )
    exit(0)
}

let start = ContinuousClock.now
let result = calls(path, count)
let elapsed = (ContinuousClock.now - start) / .nanoseconds(1)
print(result)
_ = "\(path): \(elapsed / Double(count)) ns per call\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
