// One hook path in a loop, for `valgrind --tool=callgrind` (which counts instructions repeatably):
//
//   valgrind --tool=callgrind .build/release/HookProbe no-sink 100000
//
// Paths: no-sink, noop-sink, jsonl, lttng (LTTngSink; enabled only under a session),
// lttng-floor (the provider's C function called directly, as the LTTng floor benchmark does),
// literal-no-sink and literal-jsonl (`probe.beginInterval("decode")`), probe-no-sink (a built hook).
import Lifetrace
import LifetraceLTTng
import LifetraceTracepoints

#if canImport(Glibc)
import Glibc
#endif

final class FeedViewController: Instrumented, Sendable {
    let instrumentationName = "FeedViewController"
}

let arguments = CommandLine.arguments.dropFirst()
let path = arguments.first ?? "no-sink"
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 100_000

struct DroppingSink: Sink {
    func emit(_ event: Event) {}
}

switch path {
case "no-sink": LifetraceSystem.bootstrap(NoOpSink())
case "noop-sink": LifetraceSystem.bootstrap(DroppingSink())
case "jsonl": LifetraceSystem.bootstrap(try JSONLinesSink(to: .file("/dev/null")))
case "lttng": LifetraceSystem.bootstrap(LTTngSink())
case "lttng-floor":
    // The floor fires the provider's tracepoints without a sink: load liblttng-ust as LTTngSink does.
    LTTngSink.loadTracer()
    LifetraceSystem.bootstrap(NoOpSink())
case "literal-no-sink", "probe-no-sink", "literal-closure-no-sink": LifetraceSystem.bootstrap(NoOpSink())
case "literal-jsonl": LifetraceSystem.bootstrap(try JSONLinesSink(to: .file("/dev/null")))
default: fatalError("unknown path \(path)")
}

@inline(never)
func hooks(_ controller: FeedViewController, _ count: Int) -> Int {
    var total = 0
    for i in 0..<count {
        controller.withInterval(.viewWillAppear, animated: true) { total &+= i }
    }
    return total
}

/// A probe's interval named by a string literal (what HookCost's literal rows measure).
@inline(never)
func literalHooks(_ count: Int) -> Int {
    let probe = Probe(name: "Decoder")
    var total = 0
    for i in 0..<count {
        let state = probe.beginInterval("decode")
        total &+= i
        probe.endInterval(state)
    }
    return total
}

/// A literal hook through the closure API.
@inline(never)
func literalClosureHooks(_ count: Int) -> Int {
    let probe = Probe(name: "Decoder")
    var total = 0
    for i in 0..<count {
        probe.withInterval("decode") { total &+= i }
    }
    return total
}

/// The same with a built hook.
@inline(never)
func probeHooks(_ count: Int) -> Int {
    let probe = Probe(name: "Decoder")
    var total = 0
    for i in 0..<count {
        let state = probe.beginInterval(.layoutPass)
        total &+= i
        probe.endInterval(state)
    }
    return total
}

/// The LTTng floor: `lifetrace_tp_fire` for viewWillAppear's entry and exit slots, strings preconverted.
@inline(never)
func tracepointFloor(_ controller: FeedViewController, _ count: Int) -> Int {
    let name = strdup(controller.instrumentationName)!
    defer { free(name) }
    let id = UInt64(UInt(bitPattern: ObjectIdentifier(controller)))
    var seq: UInt64 = 0
    let entry = Hook.viewWillAppear.code * 3 + UInt32(Phase.begin.rawValue)
    let exit = Hook.viewWillAppear.code * 3 + UInt32(Phase.end.rawValue)
    for _ in 0..<count {
        seq &+= 1
        lifetrace_tp_fire(entry, nil, seq, name, id, nil, 0, 1, -1, nil, -1)
        seq &+= 1
        lifetrace_tp_fire(exit, nil, seq, name, id, nil, 0, 1, -1, nil, -1)
    }
    return Int(seq)
}

let controller = FeedViewController()
let start = ContinuousClock.now
let result: Int
switch path {
case "lttng-floor": result = tracepointFloor(controller, count)
case "literal-no-sink", "literal-jsonl": result = literalHooks(count)
case "probe-no-sink": result = probeHooks(count)
case "literal-closure-no-sink": result = literalClosureHooks(count)
default: result = hooks(controller, count)
}
let elapsed = (ContinuousClock.now - start) / .nanoseconds(1)
print(result)
// The time per hook (a begin/end pair), for quick comparisons outside the benchmark harness.
_ = "\(path): \(elapsed / Double(count)) ns per hook\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
