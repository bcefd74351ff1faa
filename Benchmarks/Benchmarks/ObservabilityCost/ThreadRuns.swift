import Benchmark
import BenchmarkSupport
@_spi(Internals) import Lifetrace
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

/// Two threads' throughput over one's, measured as a pair in every sample: one thread's run and two
/// threads' run back to back (in turn first), so a machine whose speed drifts from second to
/// second (a shared host, a neighbour's burst) moves both halves of a ratio alike. Recorded as
/// the custom metric ``metric`` in thousandths (1 700: 1.7×).
enum PairedScaling {
    static let metric = BenchmarkMetric.custom("scaling-permille", polarity: .prefersLarger, useScalingFactor: false)

    static func configuration(setup: @escaping Benchmark.BenchmarkSetupHook) -> Benchmark.Configuration {
        .init(
            metrics: [metric],
            timeUnits: .nanoseconds,
            warmupIterations: 2,
            scalingFactor: .one,
            // Enough pairs for a steady median even in quick mode: a pair takes 10–20 ms.
            maxDuration: .seconds(BenchmarkSettings.quick ? 1 : 3),
            maxIterations: BenchmarkSettings.quick ? 60 : 200,
            setup: setup
        )
    }

    private nonisolated(unsafe) static var twoFirst = false

    static func sample(_ benchmark: Benchmark, _ work: ThreadedWork) {
        twoFirst.toggle()
        var one: UInt64 = 0
        var two: UInt64 = 0
        if twoFirst {
            two = timed { ThreadRuns.run(threads: 2, work) }
            one = timed { ThreadRuns.run(threads: 1, work) }
        } else {
            one = timed { ThreadRuns.run(threads: 1, work) }
            two = timed { ThreadRuns.run(threads: 2, work) }
        }
        benchmark.measurement(metric, Int(2_000 * one / max(two, 1)))
    }

    private static func timed(_ body: () -> Void) -> UInt64 {
        let start = MonotonicClock.now()
        body()
        return MonotonicClock.now() - start
    }
}
