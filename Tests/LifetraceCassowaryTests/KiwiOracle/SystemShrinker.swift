import LifetraceTestSupport

/// Makes a failing system smaller while it still fails: drops steps (in halves, quarters, …
/// down to one), whole variables (their stay, their terms and their steps), terms of a
/// constraint, and the constraints nothing names any more. Stays are never dropped alone (the
/// optimum would stop being unique; see ``KiwiSystem``).
extension KiwiSystem {
    /// The smallest system found within `rounds` rounds. `firstFailing` answers, for a batch of
    /// candidates, the index of the first that still fails (so an oracle process can take them
    /// in one go).
    static func shrink(
        _ system: KiwiSystem, rounds: Int = 80, firstFailing: ([KiwiSystem]) throws -> Int?
    ) rethrows -> KiwiSystem {
        try LifetraceTestSupport.shrink(
            system, rounds: rounds, candidates: { $0.smallerCandidates() }, firstFailing: firstFailing)
    }

    /// Systems one change smaller than this one, the biggest changes first.
    func smallerCandidates() -> [KiwiSystem] {
        var candidates: [KiwiSystem] = []
        let droppable = steps.indices.filter { index in
            if case .add(let i) = steps[index], i < variables { return false }
            return true
        }
        var size = droppable.count / 2
        while size >= 1 {
            var start = 0
            while start < droppable.count {
                let dropped = Set(droppable[start..<min(start + size, droppable.count)])
                var candidate = self
                candidate.steps = steps.indices.filter { !dropped.contains($0) }.map { steps[$0] }
                candidates.append(candidate.compacted())
                start += size
            }
            size /= 2
        }
        // Changing constraints may break the witness point: such candidates count as planted.
        if variables > 1 {
            for v in 0..<variables {
                var candidate = droppingVariable(v)
                candidate.planted = true
                candidates.append(candidate)
            }
        }
        for (i, spec) in specs.enumerated() where i >= variables && spec.terms.count > 1 {
            for t in spec.terms.indices {
                var candidate = self
                candidate.specs[i].terms.remove(at: t)
                candidate.planted = true
                candidates.append(candidate)
            }
        }
        return candidates.filter { $0.steps.count < steps.count || $0.specs != specs || $0.variables < variables }
    }

    /// Without variable `v`: its stay, its terms, the steps that name it; the others renumbered.
    func droppingVariable(_ v: Int) -> KiwiSystem {
        func renumber(_ w: Int) -> Int { w > v ? w - 1 : w }
        var candidate = self
        candidate.variables -= 1
        candidate.specs = specs.enumerated().filter { $0.offset != v }.map { _, spec in
            var spec = spec
            spec.terms = spec.terms.filter { $0.variable != v }.map { (renumber($0.variable), $0.coefficient) }
            return spec
        }
        func renumberSpec(_ i: Int) -> Int { i > v ? i - 1 : i }
        candidate.steps = steps.compactMap { step -> Step? in
            if step.variable == v || step.constraint == v { return nil }
            switch step {
            case .add(let i): return .add(renumberSpec(i))
            case .remove(let i): return .remove(renumberSpec(i))
            case .constant(let i, let c): return .constant(renumberSpec(i), c)
            case .edit(let w, let weight): return .edit(renumber(w), weight)
            case .unedit(let w): return .unedit(renumber(w))
            case .suggest(let w, let x): return .suggest(renumber(w), x)
            case .reset, .read: return step
            }
        }
        return candidate.compacted()
    }

    /// Without the constraints (other than stays) that no step names; the others renumbered.
    func compacted() -> KiwiSystem {
        let named = Set(steps.compactMap(\.constraint))
        let kept = specs.indices.filter { $0 < variables || named.contains($0) }
        guard kept.count < specs.count else { return self }
        var number: [Int: Int] = [:]
        for (new, old) in kept.enumerated() { number[old] = new }
        var candidate = self
        candidate.specs = kept.map { specs[$0] }
        candidate.steps = steps.map { step in
            switch step {
            case .add(let i): .add(number[i]!)
            case .remove(let i): .remove(number[i]!)
            case .constant(let i, let c): .constant(number[i]!, c)
            default: step
            }
        }
        return candidate
    }
}
