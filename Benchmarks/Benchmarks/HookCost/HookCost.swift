// Hook cost per event: one `withInterval` begin/end pair on an `Instrumented` object, through each
// sink, beside its floor (the bare C work, measured in the same run) and beside the peers a user
// would pick instead (swift-log, swift-distributed-tracing) for the same begin/end pair.
//
// Every benchmark measures one hook invocation (a begin record and an end record) per inner
// iteration; `tools/bench` prints the medians as ratios. The hot loops are plain nonisolated
// functions: main-actor code would pay an executor check per call.

import Benchmark
import BenchmarkFloors
import BenchmarkSupport
import InMemoryTracing
import Lifetrace
import LifetraceLTTng
import LifetraceTracepoints
import Logging
import Tracing

#if canImport(Glibc)
import Glibc
#endif

/// A controller as runtimes declare them: a stored name (as `ViewController` has), its address as identity.
final class FeedViewController: Instrumented, Sendable {
    let instrumentationName = "FeedViewController"
}

/// A sink that is enabled but drops every event, so the system's own cost (thread id, lock,
/// sequence number, timestamp, event) shows.
struct DroppingSink: Sink {
    func emit(_ event: Event) {}
}

/// `/dev/null` as a text stream for swift-log's `StreamLogHandler` (buffered stdio, no flush per line).
struct DevNullStream: TextOutputStream, Sendable {
    nonisolated(unsafe) static let file: UnsafeMutablePointer<FILE> = bench_floor_open_dev_null()!

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, Self.file) }
    }
}

let controller = FeedViewController()
let controllerName = controller.instrumentationName
let controllerIDText = "0x" + String(UInt(bitPattern: ObjectIdentifier(controller)), radix: 16)
/// The tracepoint slots of `viewWillAppear`: entry and exit (slot = code * 3 + phase).
let entrySlot: UInt32 = Hook.viewWillAppear.code * 3 + UInt32(Phase.begin.rawValue)
let exitSlot: UInt32 = Hook.viewWillAppear.code * 3 + UInt32(Phase.end.rawValue)

let recording = RecordingSink()
let noOpLogger = Logger(label: "lifetrace.bench") { _ in SwiftLogNoOpLogHandler() }
let streamLogger = Logger(label: "lifetrace.bench") { label in StreamLogHandler(label: label, stream: DevNullStream()) }
let inMemoryTracer = InMemoryTracer()

// MARK: The hot loops

/// Lifetrace's hook: one `withInterval` pair (whatever sink is bootstrapped).
@inline(never)
func lifetraceHook(_ benchmark: Benchmark) {
    let controller = controller
    for i in benchmark.scaledIterations {
        controller.withInterval(.viewWillAppear, animated: true) { blackHole(i) }
    }
}

/// A probe's interval named by a string literal, the way code of other runtimes writes its own
/// hooks (`probe.withInterval("decode") { … }`): looked up only once a sink wants it.
@inline(never)
func literalHook(_ benchmark: Benchmark) {
    let probe = Probe(name: "Decoder")
    for i in benchmark.scaledIterations {
        probe.withInterval("decode") { blackHole(i) }
    }
}

/// The same with `beginInterval` / `endInterval` (a state value crosses the body: its destruction,
/// a value-witness call, is most of the cost, for built hooks as for literals).
@inline(never)
func literalBeginEndHook(_ benchmark: Benchmark) {
    let probe = Probe(name: "Decoder")
    for i in benchmark.scaledIterations {
        let state = probe.beginInterval("decode")
        blackHole(i)
        probe.endInterval(state)
    }
}

/// The loop and the hook's body alone: what every hook loop costs before any instrumentation, so
/// that a hook's added cost (its loop's time less this) can be compared with a peer's.
@inline(never)
func bodyOnly(_ benchmark: Benchmark) {
    for i in benchmark.scaledIterations {
        blackHole(i)
    }
}

/// Floor of "no sink": the provider's `static inline` state check on a disabled tracepoint.
@inline(never)
func inlineStateCheckFloor(_ benchmark: Benchmark) {
    for i in benchmark.scaledIterations {
        if lifetrace_tp_enabled(entrySlot) != 0 { blackHole(-1) }
        blackHole(i)
    }
}

/// Floor of "JSON lines": C `fprintf` of the same two lines to `/dev/null`, with a timestamp each.
@inline(never)
func fprintfFloor(_ benchmark: Benchmark, file: UnsafeMutablePointer<FILE>, seq: inout UInt64, thread: UInt32) {
    let id = UInt64(UInt(bitPattern: ObjectIdentifier(controller)))
    for i in benchmark.scaledIterations {
        bench_floor_fprintf_json_pair(file, &seq, cViewWillAppear, cControllerName, id, thread)
        blackHole(i)
    }
}

/// Floor of "LTTng enabled": the C tracepoint function, called directly with preconverted strings.
@inline(never)
func tracepointFloor(_ benchmark: Benchmark, seq: inout UInt64) {
    let id = UInt64(UInt(bitPattern: ObjectIdentifier(controller)))
    for i in benchmark.scaledIterations {
        seq &+= 1
        lifetrace_tp_fire(entrySlot, nil, seq, cControllerName, id, nil, 0, 1, -1, nil, -1)
        blackHole(i)
        seq &+= 1
        lifetrace_tp_fire(exitSlot, nil, seq, cControllerName, id, nil, 0, 1, -1, nil, -1)
    }
}

/// swift-log: a begin and an end message with the controller's name, identity and flag as metadata.
@inline(never)
func swiftLogPair(_ benchmark: Benchmark, _ logger: Logger) {
    for i in benchmark.scaledIterations {
        logger.info(
            "viewWillAppear begin",
            metadata: ["controller": .string(controllerName), "id": .string(controllerIDText), "animated": "true"])
        blackHole(i)
        logger.info(
            "viewWillAppear end",
            metadata: ["controller": .string(controllerName), "id": .string(controllerIDText), "animated": "true"])
    }
}

/// swift-distributed-tracing: one span through the global tracer (not bootstrapped: `NoOpTracer`).
@inline(never)
func globalSpan(_ benchmark: Benchmark) {
    for i in benchmark.scaledIterations {
        withSpan("viewWillAppear") { span in
            span.attributes["controller"] = controllerName
            span.attributes["animated"] = true
            blackHole(i)
        }
    }
}

/// swift-distributed-tracing: one span of an `InMemoryTracer`, cleared per batch.
@inline(never)
func inMemorySpan(_ benchmark: Benchmark) {
    let tracer = inMemoryTracer
    tracer.clearFinishedSpans()
    for i in benchmark.scaledIterations {
        tracer.withSpan("viewWillAppear") { span in
            span.attributes["controller"] = controllerName
            span.attributes["animated"] = true
            blackHole(i)
        }
    }
}

// The C strings the floors use (converted once).
nonisolated(unsafe) let cControllerName: UnsafeMutablePointer<CChar> = strdup("FeedViewController")!
nonisolated(unsafe) let cViewWillAppear: UnsafeMutablePointer<CChar> = strdup("viewWillAppear")!
nonisolated(unsafe) var floorSeq: UInt64 = 0
nonisolated(unsafe) let floorFile: UnsafeMutablePointer<FILE> = bench_floor_open_dev_null()!
/// The thread id the JSON floor writes (Lifetrace caches its own per thread).
let floorThread = currentThreadID()

/// The kernel thread id, as Lifetrace records it.
func currentThreadID() -> UInt32 {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
    guard count > 0 else { return 0 }
    let text = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.split(separator: "/").last.flatMap { UInt32($0) } ?? 0
}

// MARK: Registration

/// Bootstraps `sink` once before the benchmark runs (the benchmark process is single-purpose).
func installing(_ sink: @escaping @Sendable () throws -> any Sink) -> Benchmark.BenchmarkSetupHook {
    { LifetraceSystem.bootstrap(try sink()) }
}

let benchmarks: @Sendable () -> Void = {
    // The floors fire the provider's tracepoints without a sink: load liblttng-ust and register
    // the provider first, as an LTTngSink does (until then every tracepoint stays disabled).
    LTTngSink.loadTracer()
    let quick = BenchmarkSettings.quick

    func configuration(_ scaling: BenchmarkScalingFactor, setup: Benchmark.BenchmarkSetupHook? = nil) -> Benchmark.Configuration {
        BenchmarkSettings.configuration(scaling, setup: setup)
    }
    // Paths that cost a few nanoseconds run a million hooks per sample, the others a thousand.
    let cheap: BenchmarkScalingFactor = .mega
    let costly: BenchmarkScalingFactor = .kilo
    _ = quick

    Benchmark("hook:floor:inline-state-check", configuration: configuration(cheap, setup: installing { NoOpSink() })) {
        inlineStateCheckFloor($0)
    }
    Benchmark("hook:floor:body-only", configuration: configuration(cheap, setup: installing { NoOpSink() })) {
        bodyOnly($0)
    }
    Benchmark("hook:lifetrace:no-sink", configuration: configuration(cheap, setup: installing { NoOpSink() })) {
        lifetraceHook($0)
    }
    Benchmark("hook:lifetrace:no-sink-literal", configuration: configuration(cheap, setup: installing { NoOpSink() })) {
        literalHook($0)
    }
    Benchmark("hook:lifetrace:no-sink-literal-begin-end", configuration: configuration(cheap, setup: installing { NoOpSink() })) {
        literalBeginEndHook($0)
    }
    Benchmark(
        "hook:lifetrace:jsonl-literal",
        configuration: configuration(costly, setup: installing { try JSONLinesSink(to: .file("/dev/null")) })
    ) {
        literalHook($0)
    }
    Benchmark("hook:lifetrace:noop-sink", configuration: configuration(costly, setup: installing { DroppingSink() })) {
        lifetraceHook($0)
    }
    Benchmark("hook:lifetrace:in-memory", configuration: configuration(costly, setup: installing { recording })) {
        recording.removeAll()
        lifetraceHook($0)
    }
    Benchmark(
        "hook:lifetrace:text", configuration: configuration(costly, setup: installing { try TextSink(to: .file("/dev/null")) })
    ) {
        lifetraceHook($0)
    }
    Benchmark(
        "hook:lifetrace:jsonl",
        configuration: configuration(costly, setup: installing { try JSONLinesSink(to: .file("/dev/null")) })
    ) {
        lifetraceHook($0)
    }
    Benchmark("hook:floor:fprintf-jsonl", configuration: configuration(costly, setup: installing { NoOpSink() })) {
        fprintfFloor($0, file: floorFile, seq: &floorSeq, thread: floorThread)
    }
    Benchmark("hook:lifetrace:lttng-disabled", configuration: configuration(cheap, setup: installing { LTTngSink() })) {
        lifetraceHook($0)
    }
    Benchmark("hook:lifetrace:lttng-enabled", configuration: configuration(costly, setup: installing { LTTngSink() })) {
        lifetraceHook($0)
    }
    Benchmark("hook:floor:lttng-tracepoint", configuration: configuration(costly, setup: installing { NoOpSink() })) {
        tracepointFloor($0, seq: &floorSeq)
    }
    Benchmark("hook:peer:swift-log-noop", configuration: configuration(cheap, setup: installing { NoOpSink() })) {
        swiftLogPair($0, noOpLogger)
    }
    Benchmark("hook:peer:swift-log-stream", configuration: configuration(costly, setup: installing { NoOpSink() })) {
        swiftLogPair($0, streamLogger)
    }
    Benchmark("hook:peer:tracing-noop-span", configuration: configuration(costly, setup: installing { NoOpSink() })) {
        globalSpan($0)
    }
    Benchmark("hook:peer:tracing-in-memory", configuration: configuration(costly, setup: installing { NoOpSink() })) {
        inMemorySpan($0)
    }
}
