import LifetraceCassowary

/// The conflicts planted in unsatisfiable systems (see ``KiwiSystem``).
extension KiwiSystemBuilder {
    mutating func plant() {
        let count = witness.count
        switch random.int(0...5) {
        case 0:
            // An inequality, then its opposite beyond it.
            let terms = terms()
            let holding = append(
                Spec(
                    terms: terms, relation: .lessThanOrEqual,
                    constant: consistentConstant(terms, .lessThanOrEqual), weight: KiwiSystem.required))
            add(holding)
            let gap = Double(random.int(1...10))
            let factor = random.pick([1.0, 2, 0.5])
            let opposite = append(
                Spec(
                    terms: terms.map { ($0.variable, $0.coefficient * factor) }, relation: .greaterThanOrEqual,
                    constant: (specs[holding].constant - gap) * factor, weight: KiwiSystem.required))
            refuse(opposite)
        case 1 where count >= 2:
            // A cycle of differences whose sum is positive: its last edge cannot hold.
            var cycle = Array(0..<count)
            cycle.shuffle(using: &random)
            cycle = Array(cycle.prefix(random.int(2...min(4, count))))
            var slack = 0.0
            for (a, b) in zip(cycle, cycle.dropFirst()) {
                let extra = Double(random.int(0...4))
                slack += extra
                let edge = append(
                    Spec(
                        terms: [(a, 1), (b, -1)], relation: .greaterThanOrEqual,
                        constant: -(witness[a] - witness[b] - extra), weight: KiwiSystem.required))
                add(edge)
            }
            let last = cycle[cycle.count - 1]
            let first = cycle[0]
            let closing = append(
                Spec(
                    terms: [(last, 1), (first, -1)], relation: .greaterThanOrEqual,
                    constant: -(witness[last] - witness[first] + slack + Double(random.int(1...5))),
                    weight: KiwiSystem.required))
            refuse(closing)
        case 2:
            // Two equalities, then their sum with another constant.
            let a = newRequiredEquality()
            let b = newRequiredEquality()
            let sum = append(
                Spec(
                    terms: specs[a].terms + specs[b].terms, relation: .equal,
                    constant: specs[a].constant + specs[b].constant + Double(random.pick([-3, -1, 1, 2, 7])),
                    weight: KiwiSystem.required))
            refuse(sum)
        case 3:
            // Pin a variable twice, then move one pin.
            let v = random.int(0...count - 1)
            let pin = append(Spec(terms: [(v, 1)], relation: .equal, constant: -witness[v], weight: KiwiSystem.required))
            add(pin)
            let again = append(Spec(terms: [(v, 2)], relation: .equal, constant: -2 * witness[v], weight: KiwiSystem.required))
            add(again)
            record(
                .constant(
                    random.chance(0.5) ? pin : again, -witness[v] * (random.chance(0.5) ? 1 : 2) - Double(random.int(1...6))))
        case 4:
            // Bound a variable from both sides, then move one bound past the other.
            let v = random.int(0...count - 1)
            let upper = append(
                Spec(
                    terms: [(v, 1)], relation: .lessThanOrEqual,
                    constant: -(witness[v] + Double(random.int(0...5))), weight: KiwiSystem.required))
            add(upper)
            let lower = append(
                Spec(
                    terms: [(v, 1)], relation: .greaterThanOrEqual,
                    constant: -(witness[v] - Double(random.int(0...5))), weight: KiwiSystem.required))
            add(lower)
            record(.constant(upper, specs[lower].constant + Double(random.int(1...8))))
        default:
            // Required constraints that ignore the witness: refused or not, kiwi says.
            for _ in 0..<random.int(1...3) {
                let terms = terms()
                let index = append(
                    Spec(terms: terms, relation: relation(), constant: Double(random.int(-30...30)), weight: KiwiSystem.required))
                unsure.insert(index)
                add(index)
            }
        }
    }

    mutating func newRequiredEquality() -> Int {
        let terms = terms()
        let index = append(Spec(terms: terms, relation: .equal, constant: -value(terms), weight: KiwiSystem.required))
        add(index)
        return index
    }

    /// Adds a constraint meant to be refused.
    mutating func refuse(_ index: Int) {
        record(.add(index))
        dropped.append(index)
    }
}
