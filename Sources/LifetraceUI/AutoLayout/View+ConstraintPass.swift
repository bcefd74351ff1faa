import Lifetrace

/// The constraint pass, and keeping constraints in the right engine as views move.
extension View {
    /// Whether this view or one inside it waits for the constraint pass.
    var branchNeedsUpdateConstraints: Bool { needsUpdateConstraints || descendantNeedsUpdateConstraints }

    /// Notes on this view and its superviews that something below waits for the constraint pass.
    func markDescendantNeedsUpdateConstraints() {
        var current: View? = self
        while let view = current, !view.descendantNeedsUpdateConstraints {
            view.descendantNeedsUpdateConstraints = true
            current = view.superview
        }
    }

    func clearNeedsUpdateConstraints() { needsUpdateConstraints = false }

    /// Runs the constraint pass over this branch: each view that asked runs ``updateConstraints()``
    /// (a controller's root view, its controller's `updateViewConstraints`), subviews before their
    /// superview and in subview order. Iterative, so a branch of any depth fits on the stack.
    func updateConstraintsBranch() {
        guard branchNeedsUpdateConstraints else { return }
        var pending: [(view: View, expanded: Bool)] = [(self, false)]
        while let (view, expanded) = pending.popLast() {
            if !expanded {
                pending.append((view, true))
                guard view.descendantNeedsUpdateConstraints else { continue }
                view.descendantNeedsUpdateConstraints = false
                for subview in view.subviews.reversed() where subview.branchNeedsUpdateConstraints {
                    pending.append((subview, false))
                }
            } else if view.needsUpdateConstraints {
                view.clearNeedsUpdateConstraints()
                if let controller = view.owningController {
                    controller.runUpdateViewConstraints()
                } else {
                    view.runUpdateConstraints()
                }
            }
        }
    }

    /// A detached hierarchy's constraint pass and solve (``layoutIfNeeded()`` out of a window):
    /// an engine hosted by the top view takes the branch's constraints.
    func updateConstraintsAndSolveDetached() {
        guard branchUsesAutoLayout else { return }
        updateConstraintsBranch()
        let engine = autoLayoutState.hostedEngine ?? LayoutEngine(host: self)
        autoLayoutState.hostedEngine = engine
        forEachInHierarchy { view in
            for constraint in view.constraints where constraint.engine == nil {
                constraint.engine = engine
                engine.constraintDidChange(constraint)
            }
        }
        if engine.hasPendingChanges { solve(engine) }
    }

    /// Solves `engine` as an instrumented `layoutEngineSolve` interval of this (host) view: its
    /// `begin` gives the engine's size and the changes waiting, its `end` counts the rows the
    /// solver changed.
    func solve(_ engine: LayoutEngine) {
        let state = probe.beginInterval(.layoutEngineSolve, Details(text: engine.sizeDescription))
        let rows = engine.solve()
        probe.endInterval(state, count: rows)
    }

    // MARK: Moving views

    /// Marks this view and its superviews as holding constraints somewhere in their branch.
    func markBranchUsesAutoLayout() {
        var current: View? = self
        while let view = current, !view.branchUsesAutoLayout {
            view.branchUsesAutoLayout = true
            current = view.superview
        }
    }

    /// Moves this branch's constraints and views to `engine` (the new top's, or none): each
    /// leaves the engine it was in, and the constraints installed in the branch are queued in the
    /// new one. A view that hosted a detached engine and now has a superview hosts it no more.
    func relocateConstraints(to engine: LayoutEngine?) {
        if superview != nil, autoLayout?.hostedEngine != nil { autoLayout?.hostedEngine = nil }
        forEachInHierarchy { view in
            guard let state = view.autoLayout else { return }
            if let old = state.engine, old !== engine { old.leave(view) }
            for constraint in state.installed where constraint.engine !== engine {
                constraint.engine?.removeNow(constraint)
                constraint.engine = engine
                engine?.constraintDidChange(constraint)
            }
        }
    }

    /// Before this view leaves `superview`: UIKit removes the constraints that relate a view of
    /// the branch to a view outside it (they are installed above the branch), and the branch
    /// leaves its engine.
    func leaveAutoLayout(of superview: View) {
        var branch: Set<ObjectIdentifier> = []
        forEachInHierarchy { branch.insert(ObjectIdentifier($0)) }
        var current: View? = superview
        while let ancestor = current {
            if let installed = ancestor.autoLayout?.installed, !installed.isEmpty {
                for constraint in installed where constraint.views.contains(where: { branch.contains(ObjectIdentifier($0)) }) {
                    constraint.isActive = false
                }
            }
            current = ancestor.superview
        }
        relocateConstraints(to: nil)
    }
}
