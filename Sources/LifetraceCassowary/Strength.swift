/// How much a constraint matters: required, or a weight the solver minimises the violation of.
///
/// The levels are kiwi's and Cassowary's: `required` (1 001 001 000, which no sum of weaker
/// errors outweighs in practice), `strong` (1 000 000), `medium` (1 000), `weak` (1). A UIKit
/// priority p below 1000 is the weight p × 1000, so each priority outweighs a thousand
/// constraints of the next lower one.
public struct Strength: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The weight of the constraint's error in the objective (`required` for required).
    public let weight: Double

    /// A required constraint: it holds, or adding it fails.
    public static let required = Strength(uncheckedWeight: 1_001_001_000)
    /// 1 000 000.
    public static let strong = Strength(uncheckedWeight: 1_000_000)
    /// 1 000.
    public static let medium = Strength(uncheckedWeight: 1_000)
    /// 1.
    public static let weak = Strength(uncheckedWeight: 1)

    private init(uncheckedWeight: Double) { weight = uncheckedWeight }

    /// A strength of a weight, clipped to 0…``required`` (NaN is 0).
    public init(weight: Double) {
        self.weight = weight.isNaN ? 0 : min(max(weight, 0), Strength.required.weight)
    }

    /// kiwi's composite strength: `strong × 1 000 000 + medium × 1 000 + weak`, each part clipped
    /// to 0…1000, times `weight`.
    public static func create(_ strong: Double, _ medium: Double, _ weak: Double, weight: Double = 1) -> Strength {
        let clip = { (value: Double) in min(max(value * weight, 0), 1000) }
        return Strength(weight: clip(strong) * 1_000_000 + clip(medium) * 1_000 + clip(weak))
    }

    /// A UIKit priority (1…1000): 1000 is required, p below is the weight p × 1000.
    public init(priority: Float) {
        self = priority >= 1000 ? .required : Strength(weight: Double(max(priority, 0)) * 1000)
    }

    /// Whether the constraint must hold.
    public var isRequired: Bool { weight >= Strength.required.weight }

    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.weight < rhs.weight }

    public var description: String { isRequired ? "required" : Expression.text(weight) }
}
