/// Required bounds on one variable: `a·x + k ≥ 0` or `≤ 0`, which is `x ≥ b` or `x ≤ b`.
///
/// Of a variable's lower bounds only the tightest (the greatest) is in the tableau, and of its
/// upper bounds the least; the others are implied by it and wait beside the tableau, in a heap by
/// tightness. N bounds on one view's edge would otherwise be N rows that each hold the edge's
/// expression, so every bound that moved the edge would rewrite all of them (quadratic, as in
/// kiwi); here a tighter bound enters the tableau and the one it replaces leaves (its slack is
/// basic then: one row dropped), and a looser one costs a heap push.
///
/// Invariants: every bound the solver holds is either in `constraints` (the active bound of its
/// side, also in `activeBounds`) or in `waitingBounds`, never both; each side with bounds has
/// exactly one active bound, at least as tight as every waiting one, so the waiting ones hold
/// whenever the tableau does, and the solution is the one the full system has. A waiting bound
/// whose constant changes past the active one takes its place.
extension Solver {
    /// A variable's side.
    struct BoundKey: Hashable {
        var variable: ObjectIdentifier
        var isLower: Bool
    }

    /// Where a bound is: its side and the value it bounds the variable by.
    struct Bound {
        var key: BoundKey
        var value: Double

        /// Larger is tighter, on either side.
        var tightness: Double { key.isLower ? value : -value }
    }

    /// The active bound of a side, and the waiting ones (a max-heap by tightness; an entry whose
    /// constraint no longer waits at that value is skipped when it surfaces).
    struct BoundSide {
        var active: Constraint
        var waiting: [(tightness: Double, constraint: Constraint)] = []
    }

    /// The bound a constraint is, if it is a required inequality on one variable.
    func bound(of constraint: Constraint, constant: Double? = nil) -> Bound? {
        guard constraint.strength.isRequired, constraint.relation != .equal, constraint.expression.terms.count == 1
        else { return nil }
        let term = constraint.expression.terms[0]
        guard term.coefficient != 0 else { return nil }
        // a·x + k ≥ 0 is x ≥ −k/a when a > 0 and x ≤ −k/a when a < 0; ≤ the other way round.
        let value = -(constant ?? constraint.expression.constant) / term.coefficient
        let isLower = (constraint.relation == .greaterThanOrEqual) == (term.coefficient > 0)
        return Bound(key: BoundKey(variable: ObjectIdentifier(term.variable), isLower: isLower), value: value)
    }

    /// Adds a bound: into the tableau if it is its side's first or tighter than the active one
    /// (which then waits), else beside it.
    func addBound(_ constraint: Constraint, _ bound: Bound) throws(SolverError) {
        let id = ObjectIdentifier(constraint)
        // Taken out of the dictionary while it changes, so its heap has one reference (no copy).
        guard var side = boundSides.removeValue(forKey: bound.key),
            let active = activeBounds[ObjectIdentifier(side.active)]
        else {
            try addToTableau(constraint)
            boundSides[bound.key] = BoundSide(active: constraint)
            activeBounds[id] = bound
            return
        }
        defer { boundSides[bound.key] = side }
        guard bound.tightness > active.tightness else {
            waitingBounds[id] = bound
            push(constraint, bound, into: &side)
            return
        }
        try replaceActive(in: &side, with: constraint, bound, demotingTo: active)
    }

    /// Removes a waiting bound, or an active one, whose place the tightest waiting bound takes.
    /// `false` when the constraint is not a bound the solver holds.
    func removeBound(_ constraint: Constraint) -> Bool {
        let id = ObjectIdentifier(constraint)
        if let bound = waitingBounds.removeValue(forKey: id) {
            compactIfStale(bound.key)
            return true
        }
        guard let bound = activeBounds[id], var side = boundSides.removeValue(forKey: bound.key) else { return false }
        if promoteTightest(in: &side, demotingTo: nil) {
            boundSides[bound.key] = side
        } else {
            removeFromTableau(constraint)
            activeBounds[id] = nil
        }
        return true
    }

    /// Changes a bound's constant. An active bound changes in place (a looser value lets the
    /// tightest waiting bound take over); a waiting one that becomes the tightest takes the active
    /// one's place. `false` when the constraint is not a bound the solver holds.
    func updateBoundConstant(of constraint: Constraint, to constant: Double) throws(SolverError) -> Bool {
        let id = ObjectIdentifier(constraint)
        if let old = waitingBounds[id] {
            guard let new = bound(of: constraint, constant: constant) else { return true }
            waitingBounds[id] = nil
            let previous = constraint.expression.constant
            constraint.expression.constant = constant
            do {
                try addBound(constraint, new)
            } catch {
                constraint.expression.constant = previous
                waitingBounds[id] = old
                throw error
            }
            return true
        }
        guard let old = activeBounds[id], var side = boundSides.removeValue(forKey: old.key) else { return false }
        defer { boundSides[old.key] = side }
        try updateTableauConstant(of: constraint, to: constant)
        guard let new = bound(of: constraint) else { return true }
        activeBounds[id] = new
        // Looser now than a waiting bound: that one is active, this one waits.
        promoteTightest(in: &side, demotingTo: new, ifTighterThan: new.tightness)
        return true
    }

    // MARK: Changing the active bound

    /// Makes `constraint` its side's active bound in place of the current one. It enters the
    /// tableau first (when it cannot hold, this throws and nothing has changed); the current one
    /// then has a basic slack and leaves with its row, to wait at `demoted` or, when that is `nil`,
    /// to go.
    private func replaceActive(
        in side: inout BoundSide, with constraint: Constraint, _ bound: Bound, demotingTo demoted: Bound?
    ) throws(SolverError) {
        try addToTableau(constraint)
        let replaced = side.active
        removeFromTableau(replaced)
        activeBounds[ObjectIdentifier(replaced)] = nil
        if let demoted {
            waitingBounds[ObjectIdentifier(replaced)] = demoted
            push(replaced, demoted, into: &side)
        }
        side.active = constraint
        activeBounds[ObjectIdentifier(constraint)] = bound
    }

    /// Hands the active bound's place to the tightest waiting bound, if one is tighter than
    /// `limit`. A waiting bound is implied by the active one, so it goes in without conflict; one
    /// that rounding refuses waits no more and is dropped rather than left unenforced, and the next
    /// is tried. Returns whether one took the place.
    @discardableResult
    private func promoteTightest(
        in side: inout BoundSide, demotingTo demoted: Bound?, ifTighterThan limit: Double = -.infinity
    ) -> Bool {
        while let next = peekTightest(&side), next.bound.tightness > limit {
            removeTop(&side)
            waitingBounds[ObjectIdentifier(next.constraint)] = nil
            do {
                try replaceActive(in: &side, with: next.constraint, next.bound, demotingTo: demoted)
                return true
            } catch {
                continue
            }
        }
        return false
    }

    // MARK: The waiting heap

    private func push(_ constraint: Constraint, _ bound: Bound, into side: inout BoundSide) {
        side.waiting.append((bound.tightness, constraint))
        var child = side.waiting.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard side.waiting[child].tightness > side.waiting[parent].tightness else { break }
            side.waiting.swapAt(child, parent)
            child = parent
        }
    }

    /// The tightest bound still waiting, left in the heap (stale entries above it are dropped).
    private func peekTightest(_ side: inout BoundSide) -> (constraint: Constraint, bound: Bound)? {
        while let top = side.waiting.first {
            if let bound = waitingBounds[ObjectIdentifier(top.constraint)], bound.tightness == top.tightness {
                return (top.constraint, bound)
            }
            removeTop(&side)
        }
        return nil
    }

    private func removeTop(_ side: inout BoundSide) {
        side.waiting.swapAt(0, side.waiting.count - 1)
        side.waiting.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < side.waiting.count, side.waiting[left].tightness > side.waiting[largest].tightness { largest = left }
            if right < side.waiting.count, side.waiting[right].tightness > side.waiting[largest].tightness {
                largest = right
            }
            guard largest != parent else { return }
            side.waiting.swapAt(parent, largest)
            parent = largest
        }
    }

    /// Rebuilds a side's heap from its live entries once stale ones outnumber them, so memory
    /// stays proportional to the bounds held.
    private func compactIfStale(_ key: BoundKey) {
        guard boundSides[key]?.waiting.count ?? 0 > 32, var side = boundSides.removeValue(forKey: key) else { return }
        defer { boundSides[key] = side }
        let entries = side.waiting
        var live = 0
        for entry in entries where waitingBounds[ObjectIdentifier(entry.constraint)]?.tightness == entry.tightness {
            live += 1
        }
        guard live * 2 < entries.count else { return }
        side.waiting = []
        for entry in entries {
            if let bound = waitingBounds[ObjectIdentifier(entry.constraint)], bound.tightness == entry.tightness {
                push(entry.constraint, bound, into: &side)
            }
        }
    }
}
