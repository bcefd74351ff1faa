// Swift's observability APIs through Lifetrace: a swift-log call through
// `LifetraceLogHandler` beside swift-log's no-op handler (no session) and beside the C log
// tracepoint carrying the same strings (under a session); a `withSpan` through `LifetraceTracer`
// recorded by LTTng beside the same `withSpan` through swift-distributed-tracing's `InMemoryTracer`;
// and hooks, spans and logs from one thread and from two (`ThreadRuns.swift`), through LTTng and
// through JSON lines; and eight threads against two through JSON lines (`ContentionScaling`).
// `tools/bench` prints the ratios; the LTTng rows come from its run under a session
// (`lifetrace:*`), where each floor or peer runs in the same run.

import Benchmark
import BenchmarkSupport
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

/// The log call every log benchmark makes: a message and one metadata value, at `info`.
@inline(__always)
func logRequest(_ logger: Logger) {
    logger.info("request handled", metadata: ["route": "/users"])
}

/// The span every span benchmark makes: a server span with two attributes.
@inline(__always)
func makeSpan<T: Tracer>(through tracer: T, _ i: Int) {
    tracer.withSpan("GET /users", ofKind: .server) { span in
        span.attributes["http.route"] = "/users"
        span.attributes["http.response.status_code"] = 200
        blackHole(i)
    }
}

/// A controller's hook, as `HookCost` measures it.
final class FeedViewController: Instrumented, Sendable {
    let instrumentationName = "FeedViewController"
}

let controller = FeedViewController()
let noOpLogger = Logger(label: "bench.server") { _ in SwiftLogNoOpLogHandler() }
let lifetraceLogger = Logger(label: "bench.server") { LifetraceLogHandler(label: $0, metadataProvider: nil) }
let droppingLogger = Logger(label: "bench.server") { _ in DroppingLogHandler() }
let statefulNoOpLogger = Logger(label: "bench.server") { StatefulNoOpLogHandler(label: $0) }
let lifetraceTracer = LifetraceTracer()
let inMemoryTracer = InMemoryTracer()

// MARK: The hot loops

@inline(never)
func logs(_ benchmark: Benchmark, _ logger: Logger) {
    for i in benchmark.scaledIterations {
        logRequest(logger)
        blackHole(i)
    }
}

/// The floor of a log record under a session: the provider's log tracepoint called directly, with
/// the strings the handler passes (label, message, metadata as JSON, source) converted once.
@inline(never)
func logTracepointFloor(_ benchmark: Benchmark, seq: inout UInt64) {
    for i in benchmark.scaledIterations {
        seq &+= 1
        lifetrace_tp_log(2, seq, cLabel, cMessage, cMetadata, cSource, nil, -1, nil, 0)
        blackHole(i)
    }
}

@inline(never)
func lifetraceSpans(_ benchmark: Benchmark) {
    let tracer = lifetraceTracer
    for i in benchmark.scaledIterations { makeSpan(through: tracer, i) }
}

@inline(never)
func noOpSpans(_ benchmark: Benchmark) {
    let tracer = NoOpTracer()
    for i in benchmark.scaledIterations { makeSpan(through: tracer, i) }
}

@inline(never)
func inMemorySpans(_ benchmark: Benchmark) {
    let tracer = inMemoryTracer
    tracer.clearFinishedSpans()
    for i in benchmark.scaledIterations { makeSpan(through: tracer, i) }
}

// The C strings of the log floor: what `LifetraceLogHandler` hands the tracepoint for `logRequest`.
nonisolated(unsafe) let cLabel: UnsafeMutablePointer<CChar> = strdup("bench.server")!
nonisolated(unsafe) let cMessage: UnsafeMutablePointer<CChar> = strdup("request handled")!
nonisolated(unsafe) let cMetadata: UnsafeMutablePointer<CChar> = strdup(#"{"route":"/users"}"#)!
nonisolated(unsafe) let cSource: UnsafeMutablePointer<CChar> = strdup("ObservabilityCost")!
nonisolated(unsafe) var floorSeq: UInt64 = 0

// MARK: Registration

func installing(_ sink: @escaping @Sendable () throws -> any Sink) -> Benchmark.BenchmarkSetupHook {
    { LifetraceSystem.bootstrap(try sink()) }
}

let benchmarks: @Sendable () -> Void = {
    // logTracepointFloor fires the provider's tracepoint without a sink: load liblttng-ust and
    // register the provider first, as an LTTngSink does.
    LTTngSink.loadTracer()
    func configuration(
        _ scaling: BenchmarkScalingFactor, allocationTolerance: Int = 1, setup: Benchmark.BenchmarkSetupHook? = nil
    ) -> Benchmark.Configuration {
        BenchmarkSettings.configuration(scaling, allocationTolerance: allocationTolerance, setup: setup)
    }

    // A log call with no session: swift-log's no-op handler, and Lifetrace's with the LTTng sink
    // installed and no session enabling a log tracepoint (the plain run).
    Benchmark("observe:log:swift-log-noop", configuration: configuration(.kilo, setup: installing { NoOpSink() })) {
        logs($0, noOpLogger)
    }
    Benchmark("observe:floor:log-stateful-noop", configuration: configuration(.kilo, setup: installing { NoOpSink() })) {
        logs($0, statefulNoOpLogger)
    }
    Benchmark("observe:log:swift-log-dropping", configuration: configuration(.kilo, setup: installing { NoOpSink() })) {
        logs($0, droppingLogger)
    }
    Benchmark("observe:log:lifetrace-no-session", configuration: configuration(.kilo, setup: installing { LTTngSink() })) {
        logs($0, lifetraceLogger)
    }
    // Under a session (tools/bench's LTTng run): the same call recorded, and its C floor.
    Benchmark("observe:log:lifetrace-lttng", configuration: configuration(.kilo, setup: installing { LTTngSink() })) {
        logs($0, lifetraceLogger)
    }
    Benchmark("observe:floor:log-tracepoint", configuration: configuration(.kilo, setup: installing { NoOpSink() })) {
        logTracepointFloor($0, seq: &floorSeq)
    }
    // A span: Lifetrace's recorded by LTTng (under the session), swift-distributed-tracing's in memory.
    Benchmark("observe:span:lifetrace-lttng", configuration: configuration(.kilo, setup: installing { LTTngSink() })) {
        lifetraceSpans($0)
    }
    Benchmark("observe:span:in-memory", configuration: configuration(.kilo, setup: installing { NoOpSink() })) {
        inMemorySpans($0)
    }
    // The floor of any tracer: the same withSpan through swift-distributed-tracing's NoOpTracer
    // (the task-local context, the attributes set on a span that keeps nothing).
    Benchmark("observe:floor:span-noop-tracer", configuration: configuration(.kilo, setup: installing { NoOpSink() })) {
        noOpSpans($0)
    }

    // Eight threads against two, the same events in all, through the JSON-lines sink: its lock must
    // not move the threads in a convoy when they outnumber the cores (ContentionScaling).
    Benchmark(
        "observe:contention:hook:jsonl",
        configuration: ContentionScaling.configuration(setup: installing { try JSONLinesSink(to: .file("/dev/null")) })
    ) {
        ContentionScaling.sample($0)
    }

    // One thread and two: the same work per thread, so two threads' throughput over one's is
    // 2 × (one thread's time) / (two threads' time). Starting threads allocates a few times more or
    // less from sample to sample (2 to 4 per thread, seen in one CI run): four per thread of tolerance.
    for work in ThreadedWork.allCases {
        // The target's measure: one thread and two paired in each sample (PairedScaling).
        Benchmark(
            "observe:scaling:\(work.rawValue):lttng",
            configuration: PairedScaling.configuration(setup: installing { LTTngSink() })
        ) {
            PairedScaling.sample($0, work)
        }
        if work != .floor {
            Benchmark(
                "observe:scaling:\(work.rawValue):jsonl",
                configuration: PairedScaling.configuration(setup: installing { try JSONLinesSink(to: .file("/dev/null")) })
            ) {
                PairedScaling.sample($0, work)
            }
        }
        for threads in [1, 2] {
            let tolerance = 4 * threads
            Benchmark(
                "observe:threads:\(threads):\(work.rawValue):lttng",
                configuration: configuration(.one, allocationTolerance: tolerance, setup: installing { LTTngSink() })
            ) { _ in
                ThreadRuns.run(threads: threads, work)
            }
            if work == .floor { continue }
            Benchmark(
                "observe:threads:\(threads):\(work.rawValue):jsonl",
                configuration: configuration(
                    .one, allocationTolerance: tolerance, setup: installing { try JSONLinesSink(to: .file("/dev/null")) })
            ) { _ in
                ThreadRuns.run(threads: threads, work)
            }
        }
    }
}
