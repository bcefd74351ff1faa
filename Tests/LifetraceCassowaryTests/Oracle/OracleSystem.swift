import Foundation
import LifetraceCassowary

/// A random constraint system and a sequence of operations on it, as the oracle script reads
/// them (see kiwi_oracle.py), and how our solver answers them.
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
        case add(Int), remove(Int), edit(Int, Double), suggest(Int, Double), constant(Int, Double), read

        func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            switch self {
            case .add(let index): try container.encode("add"); try container.encode(index)
            case .remove(let index): try container.encode("remove"); try container.encode(index)
            case .edit(let variable, let weight): try container.encode("edit"); try container.encode(variable); try container.encode(weight)
            case .suggest(let variable, let value): try container.encode("suggest"); try container.encode(variable); try container.encode(value)
            case .constant(let index, let value): try container.encode("constant"); try container.encode(index); try container.encode(value)
            case .read: try container.encode("read")
            }
        }
    }

    var n: Int
    var cons: [Spec]
    var ops: [Operation]

    static let required = Strength.required.weight

    /// A random system; `unsatisfiable` adds a required constraint that contradicts two others.
    init(random: inout SplitMix64, unsatisfiable: Bool = false) {
        let count = Int(random.next(upTo: 6)) + 2
        var specs: [Spec] = []
        for variable in 0..<count {
            specs.append(Spec(terms: [[Double(variable), 1]], rel: "==", const: -Double(random.int(-50...50)), w: random.uniform(1, 2)))
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

    /// Our solver's answers, in the oracle's form.
    func run() -> [OracleAnswer] {
        let variables = (0..<n).map { Variable("v\($0)") }
        let solver = Solver()
        var made: [Int: Constraint] = [:]
        var constants: [Int: Double] = [:]
        func make(_ index: Int) -> Constraint {
            let spec = cons[index]
            var expression = Expression(constant: constants[index] ?? spec.const)
            for term in spec.terms { expression = expression + term[1] * variables[Int(term[0])] }
            let relation: Relation = spec.rel == "==" ? .equal : spec.rel == "<=" ? .lessThanOrEqual : .greaterThanOrEqual
            return Constraint(expression, relation, 0.0, strength: Strength(weight: spec.w))
        }
        var answers: [OracleAnswer] = []
        for operation in ops {
            do throws(SolverError) {
                switch operation {
                case .add(let index):
                    let constraint = made[index] ?? make(index)
                    made[index] = constraint
                    try solver.add(constraint)
                case .remove(let index):
                    guard let constraint = made[index] else { answers.append(.verdict("unknown")); continue }
                    try solver.remove(constraint)
                case .edit(let variable, let weight):
                    try solver.addEditVariable(variables[variable], strength: Strength(weight: weight))
                case .suggest(let variable, let value):
                    try solver.suggestValue(value, for: variables[variable])
                case .constant(let index, let value):
                    guard let constraint = made[index], solver.contains(constraint) else {
                        answers.append(.verdict("skip"))
                        continue
                    }
                    try solver.updateConstant(of: constraint, to: value)
                    constants[index] = value
                case .read:
                    solver.updateVariables()
                    answers.append(.values(variables.map(\.value)))
                    continue
                }
                answers.append(.verdict("ok"))
            } catch {
                switch error {
                case .unsatisfiable: answers.append(.verdict("unsat"))
                case .duplicateConstraint: answers.append(.verdict("dup"))
                case .unknownConstraint: answers.append(.verdict("unknown"))
                default: answers.append(.verdict("error:\(error)"))
                }
            }
        }
        return answers
    }
}

/// One answer to one operation.
enum OracleAnswer: Equatable, CustomStringConvertible {
    case verdict(String)
    case values([Double])

    /// Parses a line of the oracle's output (`nil` for a system that crashed kiwi).
    static func parse(_ line: String) -> [OracleAnswer]? {
        guard let data = line.data(using: .utf8), let array = try? JSONSerialization.jsonObject(with: data) as? [Any]
        else { return nil }
        return array.map { item in
            if let values = item as? [NSNumber] { return .values(values.map(\.doubleValue)) }
            return .verdict(item as? String ?? "?")
        }
    }

    /// Equal verdicts; values equal within 1e-6 (relative above 1).
    func agrees(with other: OracleAnswer) -> Bool {
        switch (self, other) {
        case (.verdict(let a), .verdict(let b)): return a == b
        case (.values(let a), .values(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($0)) }
        default: return false
        }
    }

    var description: String {
        switch self {
        case .verdict(let text): text
        case .values(let values): "[" + values.map { String($0) }.joined(separator: ", ") + "]"
        }
    }
}

/// A small seeded generator (SplitMix64), so a run can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(upTo bound: UInt64) -> UInt64 { next() % bound }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next(upTo: UInt64(range.count))) }
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
