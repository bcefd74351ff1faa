// Settings shared by the benchmark targets.
import Benchmark

#if canImport(Glibc)
import Glibc
#endif

public enum BenchmarkSettings {
    /// `LIFETRACE_BENCH_QUICK=1` (what `tools/bench --quick` sets): fewer samples and sizes.
    public static let quick: Bool = {
        guard let value = getenv("LIFETRACE_BENCH_QUICK") else { return false }
        return String(cString: value) != "0"
    }()

    /// Wall clock and allocations on every benchmark; allocations are what the checked-in
    /// thresholds (`Thresholds/`) hold, with a tolerance of `allocationTolerance` allocations per
    /// sample (one by default; absolute only: the package's check fails a relative threshold of 0
    /// on any increase, so none is set).
    public static func configuration(
        _ scaling: BenchmarkScalingFactor,
        allocationTolerance: Int = 1,
        setup: Benchmark.BenchmarkSetupHook? = nil,
        teardown: Benchmark.BenchmarkTeardownHook? = nil
    ) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .mallocCountTotal],
            timeUnits: .nanoseconds,
            warmupIterations: quick ? 2 : 10,
            scalingFactor: scaling,
            maxDuration: quick ? .milliseconds(150) : .seconds(1),
            maxIterations: quick ? 200 : 2_000,
            thresholds: [.mallocCountTotal: .init(absolute: [.p90: allocationTolerance])],
            setup: setup,
            teardown: teardown
        )
    }
}
