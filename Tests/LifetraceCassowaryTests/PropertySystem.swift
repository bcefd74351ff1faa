import Foundation
import LifetraceCassowary

/// A random constraint system and a sequence of operations on it, for the property tests (the
/// kiwisolver oracle, KiwiOracle/, has a generator of its own that also plants conflicts and
/// shrinks what fails).
///
/// The optimum must be unique for two correct solvers to agree: Cassowary minimises a weighted
/// sum of absolute errors (a linear objective), whose minimum can be a whole face of the feasible
/// region. So every variable is pulled to its own value by a weak preference of its own random
/// weight, and every non-required constraint has a random weight: a tie between two different
/// solutions then has probability zero. Coefficients are small integers.
struct OracleSystem: Encodable {
    struct Spec: Encodable {
        var terms: [[Double]]
        var rel: String
        var const: Double
        var w: Double
    }

    enum Operation: Encodable {
        case add(Int)
        case remove(Int)
        case edit(Int, Double)
        case suggest(Int, Double)
        case constant(Int, Double)
        case read

        func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            switch self {
            case .add(let index):
                try container.encode("add")
                try container.encode(index)
            case .remove(let index):
                try container.encode("remove")
                try container.encode(index)
            case .edit(let variable, let weight):
                try container.encode("edit")
                try container.encode(variable)
                try container.encode(weight)
            case .suggest(let variable, let value):
                try container.encode("suggest")
                try container.encode(variable)
                try container.encode(value)
            case .constant(let index, let value):
                try container.encode("constant")
                try container.encode(index)
                try container.encode(value)
            case .read: try container.encode("read")
            }
        }
    }

    var n: Int
    var cons: [Spec]
    var ops: [Operation]

    static let required = Strength.required.weight

    /// A random system; `unsatisfiable` adds a required constraint that contradicts two others.
    init(random: inout OracleRandom, unsatisfiable: Bool = false) {
        let count = Int(random.next(upTo: 6)) + 2
        var specs: [Spec] = []
        for variable in 0..<count {
            specs.append(
                Spec(terms: [[Double(variable), 1]], rel: "==", const: -Double(random.int(-50...50)), w: random.uniform(1, 2)))
        }
        for _ in 0..<random.int(1...10) {
            var terms: [[Double]] = []
            for _ in 0..<random.int(1...3) {
                terms.append([Double(random.next(upTo: UInt64(count))), [-3.0, -2, -1, 1, 2, 3][Int(random.next(upTo: 6))]])
            }
            let required = random.uniform(0, 1) < 0.4
            let relation = ["==", "<=", ">="][Int(random.next(upTo: 3))]
            let constant = Double(random.int(-30...30))
            let weight = required ? Self.required : random.uniform(1, 1e6) * (random.uniform(0, 1) < 0.5 ? 1 : 1e-3)
            specs.append(Spec(terms: terms, rel: relation, const: constant, w: weight))
        }
        if unsatisfiable {
            // v0 <= c, v0 >= c + 5 (both required): the second always fails.
            let c = Double(random.int(-20...20))
            specs.append(Spec(terms: [[0, 1]], rel: "<=", const: -c, w: Self.required))
            specs.append(Spec(terms: [[0, 1]], rel: ">=", const: -(c + 5), w: Self.required))
        }
        var operations: [Operation] = specs.indices.map { .add($0) }
        var edited: [Int] = []
        for variable in 0..<count where edited.count < 2 && random.uniform(0, 1) < 0.3 { edited.append(variable) }
        for variable in edited { operations.append(.edit(variable, random.uniform(1, 1e5))) }
        operations.append(.read)
        for _ in 0..<random.int(0...6) {
            let roll = random.uniform(0, 1)
            let extra = specs.count > count ? Int(random.next(upTo: UInt64(specs.count - count))) + count : 0
            if roll < 0.3, !edited.isEmpty {
                operations.append(.suggest(edited[Int(random.next(upTo: UInt64(edited.count)))], Double(random.int(-100...100))))
            } else if roll < 0.55 {
                operations.append(.remove(extra))
            } else if roll < 0.8 {
                operations.append(.constant(Int(random.next(upTo: UInt64(specs.count))), Double(random.int(-30...30))))
            } else {
                operations.append(.add(extra))
            }
            operations.append(.read)
        }
        n = count
        cons = specs
        ops = operations
    }
}

extension OracleRandom {
    /// A number below `bound`.
    mutating func next(upTo bound: UInt64) -> UInt64 { next() % bound }
}
