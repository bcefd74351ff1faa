import Benchmark
import BenchmarkSupport
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
        let iterations: Int
        init(_ work: ThreadedWork, iterations: Int) {
            self.work = work
            self.iterations = iterations
        }
    }

    /// Runs `work` on `threads` new threads, `iterations` times on each (by default the work's own count).
    static func run(threads: Int, _ work: ThreadedWork, iterations: Int? = nil) {
        var started: [pthread_t] = []
        started.reserveCapacity(threads)
        for _ in 0..<threads {
            var thread = pthread_t()
            let job = Unmanaged.passRetained(Job(work, iterations: iterations ?? work.iterations)).toOpaque()
            let status = pthread_create(
                &thread, nil,
                { argument in
                    let job = Unmanaged<Job>.fromOpaque(argument!).takeRetainedValue()
                    job.work.run(iterations: job.iterations)
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

    private nonisolated(unsafe) static var order = BackToBack()

    static func sample(_ benchmark: Benchmark, _ work: ThreadedWork) {
        let (one, two) = order.time({ ThreadRuns.run(threads: 1, work) }, { ThreadRuns.run(threads: 2, work) })
        benchmark.measurement(metric, Int(2_000 * one / max(two, 1)))
    }
}

/// Two runs timed back to back, which goes first alternating from call to call, so a machine whose
/// speed drifts moves both alike (and neither is always the warm one).
struct BackToBack {
    private var secondFirst = false

    /// The time of `first` and of `second`, in nanoseconds.
    mutating func time(_ first: () -> Void, _ second: () -> Void) -> (UInt64, UInt64) {
        secondFirst.toggle()
        if secondFirst {
            let b = Self.timed(second)
            return (Self.timed(first), b)
        }
        let a = Self.timed(first)
        return (a, Self.timed(second))
    }

    private static func timed(_ body: () -> Void) -> UInt64 {
        let start = ContinuousClock.now
        body()
        return UInt64((ContinuousClock.now - start) / .nanoseconds(1))
    }
}

/// Eight threads' time per event over two threads', the same events in all (8 × 5 000 hook pairs
/// against 2 × 20 000), recorded as the custom metric ``metric`` in thousandths (1 000: the same
/// time per event). A lock that hands itself to a waiting thread moves more emitting threads than
/// cores in a convoy, each event waiting for a thread to be scheduled: eight threads then take many
/// times as long. Target: at most 1 500 at p90 (Thresholds/).
///
/// A sample is the median of ``pairs`` ratios, each of the two runs back to back (in turn first):
/// a run takes milliseconds, and a neighbour's burst on a shared machine can slow either run of a
/// pair alone, which one ratio would show as contention (or hide).
enum ContentionScaling {
    static let metric = BenchmarkMetric.custom("contention-permille", polarity: .prefersSmaller, useScalingFactor: false)
    /// Hook pairs per run, shared among the threads.
    static let hookPairs = 40_000
    /// Paired runs per sample.
    static let pairs = 5

    static func configuration(setup: @escaping Benchmark.BenchmarkSetupHook) -> Benchmark.Configuration {
        .init(
            metrics: [metric],
            timeUnits: .nanoseconds,
            warmupIterations: 1,
            scalingFactor: .one,
            // A sample takes ten runs of milliseconds each: enough samples for a p90 in quick mode too.
            maxDuration: .seconds(BenchmarkSettings.quick ? 2 : 5),
            maxIterations: BenchmarkSettings.quick ? 20 : 60,
            // Checked against its threshold file at p90; a lower ratio is only better.
            thresholds: [metric: .init(absolute: [.p90: 0])],
            setup: setup
        )
    }

    private nonisolated(unsafe) static var order = BackToBack()

    static func sample(_ benchmark: Benchmark) {
        var ratios: [UInt64] = []
        for _ in 0..<pairs {
            let (two, eight) = order.time(
                { ThreadRuns.run(threads: 2, .hook, iterations: hookPairs / 2) },
                { ThreadRuns.run(threads: 8, .hook, iterations: hookPairs / 8) })
            ratios.append(1_000 * eight / max(two, 1))
        }
        benchmark.measurement(metric, Int(ratios.sorted()[pairs / 2]))
    }
}
