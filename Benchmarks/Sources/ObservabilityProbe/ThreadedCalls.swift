import Lifetrace
import LifetraceLogging
import LifetraceTracepoints
import LifetraceTracing
import Logging
import Tracing

#if canImport(Glibc)
import Glibc
#endif

final class FeedViewController: Instrumented, Sendable {
    let instrumentationName = "FeedViewController"
}

/// Calls on several threads at once (ObservabilityCost's threaded benchmarks), with each thread's
/// CPU time.
enum ThreadedCalls {
    private final class Job: @unchecked Sendable {
        let work: String
        let count: Int
        var cpu: UInt64 = 0
        init(_ work: String, _ count: Int) {
            self.work = work
            self.count = count
        }

        /// The log loop in a function of its own (as ObservabilityCost's): inlined beside the other
        /// cases, the optimizer stops promoting the metadata literal's array to the stack.
        @inline(never)
        static func logs(through logger: Logger, _ count: Int) -> Int {
            var total = 0
            for i in 0..<count {
                logger.info("request handled", metadata: ["route": "/users"])
                total &+= i
            }
            return total
        }

        func run() {
            let controller = FeedViewController()
            let tracer = LifetraceTracer()
            var total = 0
            switch work {
            case "hook":
                for i in 0..<count { controller.withInterval(.viewWillAppear, animated: true) { total &+= i } }
            case "span":
                total = spans(through: tracer, count)
            case "floor":
                // The hooks' C floor: the provider's function for viewWillAppear's entry and exit,
                // strings converted once (HookProbe's lttng-floor), on each thread.
                let name = strdup("FeedViewController")!
                defer { free(name) }
                let entry = Hook.viewWillAppear.code * 3 + UInt32(Phase.begin.rawValue)
                let exit = Hook.viewWillAppear.code * 3 + UInt32(Phase.end.rawValue)
                for i in 0..<count {
                    lifetrace_tp_fire(entry, nil, UInt64(2 * i), name, 1, nil, 0, 1, -1, nil, -1)
                    lifetrace_tp_fire(exit, nil, UInt64(2 * i + 1), name, 1, nil, 0, 1, -1, nil, -1)
                    total &+= i
                }
            default:
                total = Self.logs(through: lifetraceLogger, count)
            }
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            cpu = UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
            if total == -1 { print(total) }
        }
    }

    /// Runs the threads; returns their CPU time, summed, in nanoseconds.
    static func run(_ work: String, threads: Int, count: Int) -> UInt64 {
        let jobs = (0..<threads).map { _ in Job(work, count) }
        var started: [pthread_t] = []
        for job in jobs {
            var thread = pthread_t()
            let status = pthread_create(
                &thread, nil,
                { argument in
                    Unmanaged<Job>.fromOpaque(argument!).takeUnretainedValue().run()
                    return nil
                }, Unmanaged.passUnretained(job).toOpaque())
            precondition(status == 0, "pthread_create: \(status)")
            started.append(thread)
        }
        for thread in started { pthread_join(thread, nil) }
        return jobs.reduce(0) { $0 + $1.cpu }
    }
}
