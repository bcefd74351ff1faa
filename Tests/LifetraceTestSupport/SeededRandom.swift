/// SplitMix64: a small seeded generator, so a randomized test replays from the seed it prints.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The seed of case `index` of a run seeded `seed` (so one case replays alone).
    public static func seed(_ seed: UInt64, system index: Int) -> UInt64 {
        var random = SeededRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return random.next()
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    /// A uniform number in `low..<high`.
    public mutating func uniform(_ low: Double, _ high: Double) -> Double { Double.random(in: low..<high, using: &self) }
    /// `true` with `probability`.
    public mutating func chance(_ probability: Double) -> Bool { uniform(0, 1) < probability }
    /// One of `values`, uniformly.
    public mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }
}
