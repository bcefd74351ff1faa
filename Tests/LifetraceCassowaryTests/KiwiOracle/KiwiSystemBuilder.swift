import LifetraceCassowary

/// Builds a system step by step, tracking what the solver holds when no conflict was planted.
struct KiwiSystemBuilder {
    typealias Spec = KiwiSystem.Spec
    typealias Step = KiwiSystem.Step

    var random: OracleRandom
    let planted: Bool
    /// A point every witness-consistent required constraint holds at.
    var witness: [Double] = []
    var specs: [Spec] = []
    var steps: [Step] = []
    /// Constraints held (as far as the builder knows), in the order added.
    var held: [Int] = []
    /// Constraints added once and not held now.
    var dropped: [Int] = []
    /// Required constraints that may not hold at the witness (planted systems).
    var unsure: Set<Int> = []
    var edits: [Int] = []
    /// Constraints of the system's shape, for newSpec() to hand out first.
    var pool: [Spec] = []
    /// This system's taste: how often a constraint is required, an equality, an edit.
    var requiredShare = 0.0
    var equalityShare = 0.0
    /// Whether each variable's stay comes right after the first step that names it, rather than
    /// before everything: a required equality is then often the first constraint to hold its
    /// variable, which the solver keeps as a definition (beside the tableau), and the stay that
    /// follows holds its expansion.
    var lateStays = false
    /// Variables whose stay was added (late stays).
    var stayed: Set<Int> = []

    init(seed: UInt64, planted: Bool) {
        random = OracleRandom(seed: seed)
        self.planted = planted
    }

    mutating func build() {
        lateStays = random.chance(0.5)
        requiredShare = random.uniform(0, 0.7)
        equalityShare = random.uniform(0.1, 0.6)
        if random.chance(0.25) {
            layOut()
        } else {
            let count = random.chance(0.2) ? random.int(1...3) : random.int(3...(random.chance(0.2) ? 12 : 8))
            witness = (0..<count).map { _ in Double(random.int(-20...20)) }
        }
        let count = witness.count
        for v in 0..<count {
            let target = random.chance(0.3) ? witness[v] : Double(random.int(-50...50))
            specs.append(Spec(terms: [(v, 1)], relation: .equal, constant: -target, weight: random.uniform(1, 10)))
        }
        addStays()
        var plants = planted ? random.int(1...3) : 0
        let length = random.int(6...60) + pool.count
        for index in 0..<length {
            if plants > 0, random.chance(Double(plants) / Double(max(1, length - index))) || index == length - 1 {
                plant()
                plants -= 1
                continue
            }
            randomStep()
        }
    }

    mutating func addStays() {
        guard !lateStays else {
            stayed = []
            return
        }
        var order = Array(0..<witness.count)
        order.shuffle(using: &random)
        for v in order {
            steps.append(.add(v))
            held.append(v)
        }
        steps.append(.read)
    }

    mutating func record(_ step: Step) {
        steps.append(step)
        if lateStays {
            // Every variable read has its stay, so the optimum stays unique.
            var named: [Int] = []
            if let i = step.constraint, case .add = step { named = specs[i].terms.map(\.variable) }
            if case .edit(let v, _) = step { named = [v] }
            for v in named where !stayed.contains(v) {
                stayed.insert(v)
                steps.append(.add(v))
                held.append(v)
            }
        }
        steps.append(.read)
    }

    // MARK: Constraints

    mutating func coefficient() -> Double {
        random.chance(0.6) ? random.pick([1, -1]) : random.pick([2, -2, 3, -3, 0.5, -0.5])
    }

    mutating func terms() -> [(variable: Int, coefficient: Double)] {
        let count = witness.count
        var terms: [(variable: Int, coefficient: Double)] = []
        for _ in 0..<random.int(1...min(4, count + 1)) {
            terms.append((random.int(0...count - 1), coefficient()))
        }
        if random.chance(0.04) {
            // A term and its opposite: merged away (the constraint may hold no variable at all).
            let term = terms[0]
            terms.insert((term.variable, -term.coefficient), at: random.int(0...terms.count))
        }
        return terms
    }

    func value(_ terms: [(variable: Int, coefficient: Double)]) -> Double {
        terms.reduce(0) { $0 + $1.coefficient * witness[$1.variable] }
    }

    mutating func preferenceWeight() -> Double {
        random.pick([1.0, 1.0, 1e3, 1e6, 1e7]) * random.uniform(1, 10)
    }

    /// The constant that makes `terms (relation) 0` hold at the witness, with some slack.
    mutating func consistentConstant(_ terms: [(variable: Int, coefficient: Double)], _ relation: Relation) -> Double {
        let slack = random.chance(0.3) ? 0 : Double(random.int(1...10))
        switch relation {
        case .equal: return -value(terms)
        case .lessThanOrEqual: return -value(terms) - slack
        case .greaterThanOrEqual: return -value(terms) + slack
        }
    }

    mutating func relation() -> Relation {
        random.chance(equalityShare) ? .equal : random.pick([.lessThanOrEqual, .greaterThanOrEqual])
    }

    /// A row of views as Auto Layout lays them out: a left edge and a width per view and the
    /// container's width last. The witness is a layout that fits; the pool holds the usual
    /// constraints (required edges, gaps, minimum widths and the container; preferred widths
    /// and gaps, equal widths), handed out by newSpec() before random ones.
    mutating func layOut() {
        let views = random.int(2...5)
        var left = Double(random.int(0...10))
        witness = []
        for _ in 0..<views {
            let width = Double(random.int(10...60))
            witness += [left, width]
            left += width + Double(random.int(0...12))
        }
        witness.append(left + Double(random.int(0...40)))
        let container = 2 * views
        func l(_ i: Int) -> Int { 2 * i }
        func w(_ i: Int) -> Int { 2 * i + 1 }
        var required: [([(variable: Int, coefficient: Double)], Relation)] = [([(l(0), 1)], .greaterThanOrEqual)]
        var preferred: [([(variable: Int, coefficient: Double)], Relation)] = []
        for i in 0..<views {
            required.append(([(w(i), 1)], .greaterThanOrEqual))
            preferred.append(([(w(i), 1)], .equal))
            if i + 1 < views {
                let gap: [(variable: Int, coefficient: Double)] = [(l(i + 1), 1), (l(i), -1), (w(i), -1)]
                required.append((gap, .greaterThanOrEqual))
                preferred.append((gap, .equal))
                preferred.append(([(w(i), 1), (w(i + 1), -1)], .equal))
            }
        }
        required.append(([(container, 1), (l(views - 1), -1), (w(views - 1), -1)], .greaterThanOrEqual))
        preferred.append(([(container, 1), (l(0), -1), (l(views - 1), -1), (w(views - 1), -1)], .equal))  // centred
        for (terms, relation) in required {
            pool.append(
                Spec(terms: terms, relation: relation, constant: consistentConstant(terms, relation), weight: KiwiSystem.required)
            )
        }
        for (terms, relation) in preferred {
            let constant = -value(terms) + Double(random.int(-10...10))
            pool.append(Spec(terms: terms, relation: relation, constant: constant, weight: preferenceWeight()))
        }
        pool.shuffle(using: &random)
    }

    /// A new constraint: from the pool, else required (holding at the witness) or a preference.
    mutating func newSpec() -> Int {
        if !pool.isEmpty, random.chance(0.85) { return append(pool.removeLast()) }
        let requiredSpecs = specs.indices.filter { specs[$0].isRequired && !unsure.contains($0) }
        if !requiredSpecs.isEmpty, random.chance(0.12) {
            // Redundant: a multiple of a required constraint, or the sum of two equalities.
            let first = specs[random.pick(requiredSpecs)]
            let equalities = requiredSpecs.filter { specs[$0].relation == .equal }
            if first.relation == .equal, equalities.count >= 2, random.chance(0.5) {
                let second = specs[random.pick(equalities)]
                return append(
                    Spec(
                        terms: first.terms + second.terms, relation: .equal,
                        constant: first.constant + second.constant, weight: KiwiSystem.required))
            }
            let factor = random.pick([2.0, 0.5, -1, 3])
            let relation = factor < 0 ? first.relation.flipped : first.relation
            return append(
                Spec(
                    terms: first.terms.map { ($0.variable, $0.coefficient * factor) }, relation: relation,
                    constant: first.constant * factor, weight: KiwiSystem.required))
        }
        let terms = terms()
        let relation = relation()
        if random.chance(requiredShare) {
            return append(
                Spec(terms: terms, relation: relation, constant: consistentConstant(terms, relation), weight: KiwiSystem.required)
            )
        }
        let constant =
            random.chance(0.5)
            ? consistentConstant(terms, relation) + Double(random.int(-15...15))
            : Double(random.int(-40...40))
        return append(Spec(terms: terms, relation: relation, constant: constant, weight: preferenceWeight()))
    }

    mutating func append(_ spec: Spec) -> Int {
        specs.append(spec)
        return specs.count - 1
    }

    // MARK: Operations

    mutating func randomStep() {
        let removable = held.filter { $0 >= witness.count }
        switch random.uniform(0, 100) {
        case ..<26:
            let index = newSpec()
            add(index)
        case ..<31 where !dropped.isEmpty:
            add(random.pick(dropped))
        case ..<33 where !held.isEmpty:
            record(.add(random.pick(held)))  // duplicate
        case ..<45 where !removable.isEmpty:
            let index = random.pick(removable)
            record(.remove(index))
            held.removeAll { $0 == index }
            dropped.append(index)
        case ..<47:
            // Not held: never added, or removed.
            record(.remove(dropped.isEmpty || random.chance(0.5) ? newSpec() : random.pick(dropped)))
        case ..<59 where !held.isEmpty:
            changeConstant(of: random.pick(held))
        case ..<61:
            record(
                .constant(dropped.isEmpty || random.chance(0.5) ? newSpec() : random.pick(dropped), Double(random.int(-9...9))))
        case ..<67:
            let free = (0..<witness.count).filter { !edits.contains($0) }
            if let v = free.isEmpty ? nil : random.pick(free) {
                record(.edit(v, preferenceWeight()))
                edits.append(v)
                if random.chance(0.5) { drag(v) }
            } else {
                record(.edit(random.int(0...witness.count - 1), preferenceWeight()))  // duplicate
            }
        case ..<68:
            record(.edit(random.int(0...witness.count - 1), KiwiSystem.required))
        case ..<69 where !edits.isEmpty:
            record(.edit(random.pick(edits), preferenceWeight()))  // duplicate
        case ..<73 where !edits.isEmpty:
            let v = random.pick(edits)
            record(.unedit(v))
            edits.removeAll { $0 == v }
        case ..<74:
            let v = random.int(0...witness.count - 1)
            record(.unedit(v))  // maybe not an edit variable
            edits.removeAll { $0 == v }
        case ..<96 where !edits.isEmpty:
            drag(random.pick(edits))
        case ..<97:
            let v = random.int(0...witness.count - 1)
            record(.suggest(v, Double(random.int(-50...50))))  // maybe not an edit variable
        case ..<98:
            steps.append(.reset)  // no read: the values are stale until the stays are back
            dropped.append(contentsOf: held.filter { $0 >= witness.count })
            held = []
            edits = []
            addStays()
        default:
            add(newSpec())
        }
    }

    mutating func add(_ index: Int) {
        record(.add(index))
        dropped.removeAll { $0 == index }
        if !held.contains(index) { held.append(index) }
    }

    /// A few suggestions in a row for an edit variable, as a drag does.
    mutating func drag(_ v: Int) {
        var value = witness[v] + Double(random.int(-30...30))
        for _ in 0..<random.int(1...5) {
            value += random.chance(0.7) ? Double(random.int(-12...12)) : random.uniform(-12, 12).rounded(toPlaces: 3)
            record(.suggest(v, value))
        }
    }

    /// A new constant for a held constraint: one that still holds at the witness when the
    /// constraint is required (no equality of a satisfiable system moves), anything otherwise.
    mutating func changeConstant(of index: Int) {
        let spec = specs[index]
        if !spec.isRequired {
            record(.constant(index, spec.constant + Double(random.int(-20...20))))
        } else if spec.relation != .equal || unsure.contains(index) {
            let constant =
                planted && random.chance(0.3)
                ? spec.constant + Double(random.int(-20...20)) : consistentConstant(spec.terms, spec.relation)
            record(.constant(index, constant))
        } else if planted {
            record(.constant(index, spec.constant + Double(random.int(-5...5))))
        } else {
            record(.constant(index, spec.constant))  // the same constant: changes nothing
        }
    }
}

extension Relation {
    /// The relation with its sides swapped (what multiplying by −1 makes of it).
    var flipped: Relation {
        switch self {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
