import Benchmark
import Lifetrace
import LifetraceLogging
import LifetraceTracing
import Logging
import Tracing

/// What each thread of a threaded benchmark emits, and how many times per sample.
enum ThreadedWork: String, CaseIterable, Sendable {
    case hook, span, log

    /// Iterations per thread and sample: a few milliseconds each, so starting the threads (tens of
    /// microseconds) stays under 1 % of a sample.
    var iterations: Int {
        switch self {
        case .hook: 20_000
        case .span: 2_000
        case .log: 10_000
        }
    }

    func run() {
        switch self {
        case .hook:
            let controller = controller
            for i in 0..<iterations { controller.withInterval(.viewWillAppear, animated: true) { blackHole(i) } }
        case .span:
            let tracer = lifetraceTracer
            for i in 0..<iterations { makeSpan(through: tracer, i) }
        case .log:
            let logger = lifetraceLogger
            for i in 0..<iterations {
                logRequest(logger)
                blackHole(i)
            }
        }
    }
}
