import Benchmark
import Lifetrace
import LifetraceLogging
import LifetraceTracing
import Logging
import Tracing

#if canImport(Glibc)
import Glibc
#endif

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
