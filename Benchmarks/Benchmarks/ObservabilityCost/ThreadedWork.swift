import Benchmark
import Lifetrace
import LifetraceLogging
import LifetraceTracepoints
import LifetraceTracing
import Logging
import Tracing

#if canImport(Glibc)
import Glibc
#endif

/// What each thread of a threaded benchmark emits, and how many times per sample.
enum ThreadedWork: String, CaseIterable, Sendable {
    case hook, span, log
    /// The hooks' C floor: the provider's function for viewWillAppear's entry and exit, the name
    /// converted once, no Swift: the peer whose scaling in the same run tells what the machine
    /// gave two threads (LTTng only).
    case floor

    /// Iterations per thread and sample: a few milliseconds each, so starting the threads (tens of
    /// microseconds) stays under 1 % of a sample.
    var iterations: Int {
        switch self {
        case .hook, .floor: 20_000
        case .span: 2_000
        case .log: 10_000
        }
    }

    func run() { run(iterations: iterations) }

    func run(iterations: Int) {
        switch self {
        case .hook:
            let controller = controller
            for i in 0..<iterations { controller.withInterval(.viewWillAppear, animated: true) { blackHole(i) } }
        case .span:
            let tracer = lifetraceTracer
            for i in 0..<iterations { makeSpan(through: tracer, i) }
        case .floor:
            let entry = Hook.viewWillAppear.code * 3 + UInt32(Phase.begin.rawValue)
            let exit = Hook.viewWillAppear.code * 3 + UInt32(Phase.end.rawValue)
            for i in 0..<iterations {
                lifetrace_tp_fire(entry, nil, UInt64(2 * i), floorName, 1, nil, 0, 1, -1, nil, -1)
                lifetrace_tp_fire(exit, nil, UInt64(2 * i + 1), floorName, 1, nil, 0, 1, -1, nil, -1)
                blackHole(i)
            }
        case .log:
            Self.logs(iterations)
        }
    }

    /// The log loop in a function of its own, as `logs(_:_:)` is: inlined into `run()` beside the
    /// other cases' inlined hook and span code, the optimizer stopped promoting the metadata
    /// literal's array to the stack (one more allocation per call, measured by nothing but the
    /// benchmark's own shape).
    @inline(never)
    static func logs(_ iterations: Int) {
        let logger = lifetraceLogger
        for i in 0..<iterations {
            logRequest(logger)
            blackHole(i)
        }
    }
}

/// The controller name of the C floor, converted once.
nonisolated(unsafe) let floorName: UnsafeMutablePointer<CChar> = strdup("FeedViewController")!
