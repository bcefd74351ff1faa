import Lifetrace
import LifetraceLTTng
import LifetraceLogging
import LifetraceTracing
import Logging
import Tracing

// The LTTng tests' emitter of swift-log records and swift-distributed-tracing spans, run under a
// session of the tests' own daemon (as its user): `ObservabilityEmitter logs|spans|handoff MARKER IDS_FILE`.
// Every record's text or name starts with MARKER; IDS_FILE receives the W3C ids the test checks,
// one a line (logs: the span id of the span a record is logged in, then the level the handler
// reported once its own was set to trace; spans: the trace id, then the
// parent's and the child's span ids; handoff: the span id of the span ended on another thread;
// deep: nothing).
// With LIFETRACE_SINKS set (`lttng,jsonl=PATH`: both sinks of one run), its sinks are those;
// otherwise the lttng sink alone.
#if canImport(Glibc)
import Glibc
#endif

/// Writes `message` on standard error (file descriptor 2: C's `stderr` is shared mutable state).
func complain(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Ends `span` on a new thread and waits for it (a function of its own: top-level code runs on the
/// main actor, and a closure written there would check that it still does).
func endOnAnotherThread(_ span: LifetraceSpan) {
    var thread = pthread_t()
    let created = pthread_create(
        &thread, nil,
        { argument in
            Unmanaged<LifetraceSpan>.fromOpaque(argument!).takeRetainedValue().end()
            return nil
        }, Unmanaged.passRetained(span).toOpaque())
    guard created == 0 else {
        complain("ObservabilityEmitter: pthread_create: \(created)")
        exit(1)
    }
    pthread_join(thread, nil)
}

/// The error the spans' parent records.
struct Teapot: Error {
    let code: Int
}

let arguments = CommandLine.arguments
guard arguments.count == 4, ["logs", "spans", "handoff", "deep"].contains(arguments[1]) else {
    complain("usage: ObservabilityEmitter logs|spans|handoff|deep MARKER IDS_FILE")
    exit(2)
}
let marker = arguments[2]
if ProcessEnvironment.current[SinkConfiguration.sinksVariable, default: ""].isEmpty {
    LifetraceSystem.bootstrap(LTTngSink())
} else {
    do {
        try LifetraceSystem.bootstrapFromEnvironment(registry: .withLTTng)
    } catch {
        complain("ObservabilityEmitter: \(error)")
        exit(2)
    }
}
let tracer = LifetraceTracer()
var ids: [String] = []

if arguments[1] == "logs" {
    var logger = Logger(label: "lttng-levels") {
        LifetraceLogHandler(label: $0, metadataProvider: nil, includesSourceLocation: true)
    }
    logger.logLevel = .trace
    // The level the handler reports: the lowest one a session enables (critical with none).
    let reported = logger.logLevel
    for level in Logger.Level.allCases {
        logger.log(level: level, "\(marker) \(level.rawValue)", metadata: ["level": "\(level.rawValue)"])
    }
    tracer.withSpan("request") { span in
        ids.append(span.traceContext.spanID.description)
        logger.error("\(marker) in a span")
    }
    ids.append(reported.rawValue)
} else if arguments[1] == "deep" {
    // Two records whose metadata nests deeper than readers parse (64): their JSON text is read
    // back as a string, with one warning.
    let logger = Logger(label: "lttng-deep") { LifetraceLogHandler(label: $0, metadataProvider: nil) }
    var value = Logger.Metadata.Value.string("bottom")
    for _ in 0..<70 { value = .dictionary(["d": value]) }
    logger.warning("\(marker) deep", metadata: ["nested": value])
    logger.warning("\(marker) deep again", metadata: ["nested": value])
} else if arguments[1] == "handoff" {
    // A span begun on this thread, renamed, and ended on another (as a server's request span is,
    // in its response's write completion): its end pairs with its begin, under its final name.
    let span = tracer.startSpan("\(marker) begun", ofKind: .server)
    span.operationName = "\(marker) renamed"
    ids = [span.traceContext.spanID.description]
    endOnAnotherThread(span)
} else {
    tracer.withSpan("\(marker) parent", ofKind: .server) { parent in
        parent.attributes["http.route"] = "/users"
        parent.attributes["http.response.status_code"] = 200
        parent.attributes["cache.hit"] = false
        tracer.withSpan("\(marker) child", context: parent.context) { child in
            child.addEvent(SpanEvent(name: "cache miss"))
            // Set out of order, of every shape the end's JSON writes: sorted by name in the record.
            child.attributes["z.last"] = "end"
            child.attributes["note"] = "say \"hi\"\tthen\\go"
            child.attributes["a.list"] = ["x", "y"]
            child.attributes["m.count"] = Int32(7)
            child.attributes["b.ratio"] = 0.5
            child.attributes["gone"] = "soon"
            child.attributes["gone"] = nil
            child.addLink(SpanLink(context: parent.context, attributes: ["link.reason": "batch"]))
            ids = [
                parent.traceContext.traceID.description, parent.traceContext.spanID.description,
                child.traceContext.spanID.description,
            ]
        }
        parent.recordError(Teapot(code: 418), attributes: ["retry": true])
        parent.setStatus(SpanStatus(code: .error, message: "teapot"))
    }
}
LifetraceSystem.flush()

guard let file = fopen(arguments[3], "w") else {
    complain("ObservabilityEmitter: cannot write \(arguments[3])")
    exit(1)
}
fputs(ids.joined(separator: "\n") + "\n", file)
fclose(file)
