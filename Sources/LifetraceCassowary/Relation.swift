/// How a constraint relates its two sides.
public enum Relation: Sendable, Hashable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual

    public var description: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
