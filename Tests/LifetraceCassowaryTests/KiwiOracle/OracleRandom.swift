import LifetraceTestSupport

/// The oracle's generator: the shared SplitMix64 of the test support.
typealias OracleRandom = SeededRandom
