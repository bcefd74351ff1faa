import LifetraceCassowary

/// What UIKit adds to the engine itself: the host's origin and size, autoresizing masks, intrinsic
/// sizes, a view subclass's own constraints, and the safe-area and margins guides.
extension LayoutEngine {
    func pinHost(_ variables: LayoutVariables) {
        add([Constraint(variables.minX, .equal, 0), Constraint(variables.minY, .equal, 0)], described: "host origin")
        switch sizing {
        case .bounds:
            let size = host.bounds.size
            hostSize = [holdHostSize(variables.width, at: size.width), holdHostSize(variables.height, at: size.height)]
        case .fitting(let size, let horizontal, let vertical):
            add(
                [Constraint(variables.width, .equal, Double(size.width), strength: horizontal.strength)],
                described: "fitting width \(size.width.compact) @\(horizontal)")
            add(
                [Constraint(variables.height, .equal, Double(size.height), strength: vertical.strength)],
                described: "fitting height \(size.height.compact) @\(vertical)")
        }
    }

    /// Holds the host at its new size: each size constraint's constant changes in place. Returns
    /// `false` when the constraints held now cannot meet the new size: the size constraints are
    /// then out of the solver until ``holdHostSizeBreakingConflicts()``, called once this pass's
    /// constraint changes are in (an app swaps constraints for the new size in
    /// `viewWillTransition(to:with:)` or `updateConstraints`, which the solve has not seen yet).
    func resizeHostInPlace() -> Bool {
        let size = host.bounds.size
        let width = resizeInPlace(0, to: size.width)
        let height = resizeInPlace(1, to: size.height)
        return width && height
    }

    private func resizeInPlace(_ index: Int, to value: Double) -> Bool {
        if let fitting = hostFitting[index] {
            // A fitting stands in: kept while the size solved is the host's (settled after the solve).
            let variables = host.layoutVariables
            if Self.clean((index == 0 ? variables.width : variables.height).value) == value { return true }
            remove([fitting])
            hostFitting[index] = nil
        }
        guard solver.contains(hostSize[index]) else { return false }
        if (try? solver.updateConstant(of: hostSize[index], to: -value)) != nil { return true }
        remove([hostSize[index]])
        return false
    }

    /// Puts back the size constraints ``resizeHostInPlace()`` took out; when the user's required
    /// constraints still cannot hold at that size (a width pinned wider than the rotated window),
    /// the engine recovers as UIKit does: it breaks one of the user's constraints in the conflict,
    /// reports it, and holds the size.
    func holdHostSizeBreakingConflicts() {
        let size = host.bounds.size
        let variables = host.layoutVariables
        if !solver.contains(hostSize[0]) { hostSize[0] = holdHostSize(variables.width, at: size.width) }
        if !solver.contains(hostSize[1]) { hostSize[1] = holdHostSize(variables.height, at: size.height) }
    }

    /// Adds the required `dimension == value` of the host's size, breaking (and reporting) the
    /// user's constraints it conflicts with, one at a time; returns it.
    func holdHostSize(_ dimension: Variable, at value: Double) -> Constraint {
        let constraint = Constraint(dimension, .equal, value)
        let description = "\(host.layoutDescription) size"
        while true {
            do {
                try solver.add(constraint)
                descriptions[ObjectIdentifier(constraint)] = description
                return constraint
            } catch {
                guard case .unsatisfiable(_, let conflicting) = error, let broken = userConstraint(among: conflicting)
                else {
                    report(error, described: description)
                    return constraint
                }
                let list = conflicting.map { descriptions[ObjectIdentifier($0)] ?? $0.description }
                broken.isBroken = true
                removeNow(broken)
                report(conflicting: list + [description], breaking: broken)
            }
        }
    }

    /// The last of the user's layout constraints among engine constraints in conflict.
    private func userConstraint(among conflicting: [Constraint]) -> LayoutConstraint? {
        let wanted = Set(conflicting.map(ObjectIdentifier.init))
        var found: [ObjectIdentifier: LayoutConstraint] = [:]
        host.forEachInHierarchy { view in
            for constraint in view.constraints {
                if let engineConstraint = held[ObjectIdentifier(constraint)], wanted.contains(ObjectIdentifier(engineConstraint))
                {
                    found[ObjectIdentifier(engineConstraint)] = constraint
                }
            }
        }
        return conflicting.reversed().lazy.compactMap { found[ObjectIdentifier($0)] }.first
    }

    func updateAutoresizing(of view: View, in superview: View) {
        let id = ObjectIdentifier(view)
        let wanted = AutoresizingConstraints(
            frame: view.frame, mask: view.autoresizingMask, superviewSize: superview.bounds.size)
        if let (current, _) = autoresizing[id], current.isClose(to: wanted) { return }
        if let (_, constraints) = autoresizing.removeValue(forKey: id) { remove(constraints) }
        let constraints = wanted.constraints(of: view.layoutVariables, in: superview.layoutVariables)
        add(
            constraints,
            described: "\(view.layoutDescription) autoresizing mask \(view.autoresizingMask.rawValue) frame \(view.frame)")
        autoresizing[id] = (wanted, constraints)
    }

    func updateContentSize(of view: View) {
        let id = ObjectIdentifier(view)
        if view.contentDependsOnWidth {
            widthDependentViews[id] = view
        } else if !widthDependentViews.isEmpty {
            widthDependentViews[id] = nil
        }
        let shape = ContentSizeConstraints.Shape(of: view)
        if var current = contentSize[id] {
            if current.shape == shape { return }
            if current.shape.sameConstraints(as: shape) {
                current.update(to: shape.size, in: solver)
                contentSize[id] = current
                return
            }
            remove(current.constraints)
            contentSize[id] = nil
        }
        let wanted = ContentSizeConstraints(shape, of: view)
        guard !wanted.constraints.isEmpty else { return }
        add(wanted.constraints, described: "\(view.layoutDescription) content size \(shape.size)")
        contentSize[id] = wanted
    }

    /// Brings a view's own constraints (a stack's arrangement) in line with what it wants now:
    /// the constraints that did not change stay in the solver, so hiding one arranged view of a
    /// hundred costs the few constraints around it, not the whole arrangement.
    func updateInternalConstraints(of view: View) {
        let id = ObjectIdentifier(view)
        let wanted = view.autoLayout?.internalConstraints ?? []
        let current = internalConstraints[id] ?? []
        guard current.map(ObjectIdentifier.init) != wanted.map(ObjectIdentifier.init) else { return }
        for other in view.autoLayout?.internalViews ?? [] { join(other) }
        var unchanged: [ConstraintShape: [Constraint]] = [:]
        for constraint in current { unchanged[ConstraintShape(constraint), default: []].append(constraint) }
        var held: [Constraint] = []
        var fresh: [Constraint] = []
        var kept: Set<ObjectIdentifier> = []
        for constraint in wanted {
            if let same = unchanged[ConstraintShape(constraint)]?.popLast() {
                held.append(same)
                kept.insert(ObjectIdentifier(same))
            } else {
                fresh.append(constraint)
            }
        }
        remove(current.filter { !kept.contains(ObjectIdentifier($0)) })
        add(fresh, described: "\(view.layoutDescription) arrangement")
        // Only what the solver took: one it refused is tried again at the next rebuild.
        held += fresh.filter { solver.contains($0) }
        internalConstraints[id] = held.isEmpty ? nil : held
    }

    /// Holds a safe-area or margins guide to its view's insets (a guide of the user's needs
    /// only its view to have joined).
    func place(_ guide: LayoutGuide) {
        guard let owner = guide.owningView else { return }
        join(owner)
        guard guide.kind != .custom, placedGuides[ObjectIdentifier(guide)] == nil else { return }
        let insets = owner.insets(for: guide.kind)
        let variables = guide.layoutVariables
        let view = owner.layoutVariables
        let constraints = [
            Constraint(variables.minX, .equal, view.minX + Double(insets.left)),
            Constraint(variables.minY, .equal, view.minY + Double(insets.top)),
            Constraint(variables.width, .equal, view.width - Double(insets.left + insets.right)),
            Constraint(variables.height, .equal, view.height - Double(insets.top + insets.bottom)),
        ]
        add(constraints, described: guide.identifier)
        placedGuides[ObjectIdentifier(guide)] = (guide, insets, constraints)
    }

    var guidesAreStale: Bool {
        placedGuides.values.contains { entry in
            entry.guide.owningView.map { $0.insets(for: entry.guide.kind) != entry.insets } ?? false
        }
    }

    func refreshGuides() {
        for (id, entry) in placedGuides {
            guard let owner = entry.guide.owningView else { continue }
            let insets = owner.insets(for: entry.guide.kind)
            guard insets != entry.insets else { continue }
            let constants = [-insets.left, -insets.top, insets.left + insets.right, insets.top + insets.bottom]
            for (constraint, constant) in zip(entry.constraints, constants) {
                try? solver.updateConstant(of: constraint, to: constant)
            }
            placedGuides[id] = (entry.guide, insets, entry.constraints)
        }
    }
}
