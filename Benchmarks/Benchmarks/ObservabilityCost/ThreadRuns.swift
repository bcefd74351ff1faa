import Benchmark
import Lifetrace
import LifetraceLogging
import LifetraceTracing
import Logging
import Tracing

#if canImport(Glibc)
import Glibc
#endif

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

/// Runs work on new POSIX threads, all at once, and waits for them: one sample of a threaded
/// benchmark. One thread runs on a new thread too, so both variants pay the same start-up.
enum ThreadRuns {
    private final class Job {
        let work: ThreadedWork
        init(_ work: ThreadedWork) { self.work = work }
    }

    static func run(threads: Int, _ work: ThreadedWork) {
        var started: [pthread_t] = []
        started.reserveCapacity(threads)
        for _ in 0..<threads {
            var thread = pthread_t()
            let job = Unmanaged.passRetained(Job(work)).toOpaque()
            let status = pthread_create(&thread, nil, { argument in
                Unmanaged<Job>.fromOpaque(argument!).takeRetainedValue().work.run()
                return nil
            }, job)
            precondition(status == 0, "pthread_create: \(status)")
            started.append(thread)
        }
        for thread in started { pthread_join(thread, nil) }
    }
}
