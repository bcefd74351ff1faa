/// How much a constraint matters: required, or a level and a weight within it.
///
/// Optional constraints are satisfied in order of their ``level``: the solver minimises the
/// errors of the highest level first, keeps that optimum, then minimises the next level's, and so
/// on (a lexicographic objective, the symbolic strengths of the Cassowary paper). Within a level
/// the errors are weighted by ``weight`` and summed. No number of constraints at one level
/// outweighs a single constraint at a higher one.
///
/// kiwi's strengths are weights in one level (0): `strong` (1 000 000), `medium` (1 000), `weak`
/// (1), as kiwi's are. A UIKit priority p below 1000 is level p with weight 1
/// (``init(priority:)``), so priorities are an order, as Apple documents them ("higher priority
/// constraints are satisfied before lower priority constraints").
public struct Strength: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The level: optional constraints of a higher level are satisfied first (∞ for required).
    public let level: Double
    /// The weight of the constraint's error within its level (1 001 001 000 for required).
    public let weight: Double

    /// A required constraint: it holds, or adding it fails.
    public static let required = Strength(level: .infinity, uncheckedWeight: 1_001_001_000)
    /// 1 000 000, level 0.
    public static let strong = Strength(level: 0, uncheckedWeight: 1_000_000)
    /// 1 000, level 0.
    public static let medium = Strength(level: 0, uncheckedWeight: 1_000)
    /// 1, level 0.
    public static let weak = Strength(level: 0, uncheckedWeight: 1)

    private init(level: Double, uncheckedWeight: Double) {
        self.level = level
        weight = uncheckedWeight
    }

    /// A strength of a weight in level 0, clipped to 0…``required`` (NaN is 0; the weight of
    /// ``required`` or more is required).
    public init(weight: Double) {
        let clipped = weight.isNaN ? 0 : min(max(weight, 0), Strength.required.weight)
        self = clipped >= Strength.required.weight ? .required : Strength(level: 0, uncheckedWeight: clipped)
    }

    /// A strength at `level` (finite, ≥ 0; NaN and negative levels are 0, infinite is required)
    /// with a `weight` within it (clipped as ``init(weight:)`` does).
    public init(level: Double, weight: Double = 1) {
        if level == .infinity {
            self = .required
            return
        }
        let clipped = weight.isNaN ? 0 : min(max(weight, 0), Strength.required.weight - 1)
        self.init(level: level.isNaN ? 0 : max(level, 0), uncheckedWeight: clipped)
    }

    /// kiwi's composite strength: `strong × 1 000 000 + medium × 1 000 + weak`, each part clipped
    /// to 0…1000, times `weight` (level 0).
    public static func create(_ strong: Double, _ medium: Double, _ weak: Double, weight: Double = 1) -> Strength {
        let clip = { (value: Double) in min(max(value * weight, 0), 1000) }
        return Strength(weight: clip(strong) * 1_000_000 + clip(medium) * 1_000 + clip(weak))
    }

    /// A UIKit priority (1…1000): 1000 is required, p below is level p, weight 1.
    public init(priority: Float) {
        self = priority >= 1000 ? .required : Strength(level: Double(max(priority, 0)))
    }

    /// Whether the constraint must hold.
    public var isRequired: Bool { level == .infinity }

    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        (lhs.level, lhs.weight) < (rhs.level, rhs.weight)
    }

    public var description: String {
        if isRequired { return "required" }
        if level == 0 { return Expression.text(weight) }
        return weight == 1 ? "@\(Expression.text(level))" : "@\(Expression.text(level))×\(Expression.text(weight))"
    }
}
