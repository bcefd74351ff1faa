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
    /// An engine host's branch keeps its own engine, wherever it moves.
    func relocateConstraints(to engine: LayoutEngine?) {
        if let state = autoLayout, state.hostsEngine { return }
        if superview != nil, autoLayout?.hostedEngine != nil { autoLayout?.hostedEngine = nil }
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if let state = view.autoLayout {
                if state.hostsEngine, view !== self { continue }
                if let old = state.engine, old !== engine { old.leave(view) }
                for constraint in state.installed where constraint.engine !== engine {
                    constraint.engine?.removeNow(constraint)
                    constraint.engine = engine
                    engine?.constraintDidChange(constraint)
                }
            }
            pending.append(contentsOf: view.subviews.reversed())
        }
    }

    /// Before this view leaves `superview`: UIKit removes the constraints that relate a view of
    /// the branch to a view outside it (they are installed above the branch), and the branch
    /// leaves its engine.
    func leaveAutoLayout(of superview: View) {
        var current: View? = superview
        while let ancestor = current {
            if let installed = ancestor.autoLayout?.installed, !installed.isEmpty {
                for constraint in installed where constraint.views.contains(where: { $0.isDescendant(of: self) }) {
                    constraint.isActive = false
                }
            }
            current = ancestor.superview
        }
        relocateConstraints(to: nil)
    }

    // MARK: Engine hosts

    /// Makes this view keep its branch's constraints in an engine of its own, wherever the view
    /// is: a table or collection view's cell's content view, so a cell that scrolls away and
    /// back moves no constraints between engines, and sizing it
    /// (``systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``)
    /// solves incrementally in that engine. The engine solves in the view's layout
    /// (``layoutSubviews()``), which any change in it asks for.
    func hostLayoutEngine() {
        let state = autoLayoutState
        guard !state.hostsEngine else { return }
        relocateConstraints(to: nil)
        state.hostsEngine = true
        let engine = LayoutEngine(host: self, marksHostForLayout: true)
        state.hostedEngine = engine
        for subview in subviews { subview.setInsideEngineHost(true) }
        forEachInHierarchy { view in
            for constraint in view.autoLayout?.installed ?? [] {
                constraint.engine = engine
                engine.constraintDidChange(constraint)
            }
        }
    }

    /// The engine that the constraints installed on this view belong in: the nearest engine
    /// host's (this view's or a superview's), else the window's, or none in a detached hierarchy
    /// (whose engine is made when it is laid out).
    var enclosingEngine: LayoutEngine? {
        if let state = autoLayout, state.hostsEngine { return state.hostedEngine }
        guard isInsideEngineHost else { return window?.layoutEngine }
        var current = superview
        while let view = current {
            if let state = view.autoLayout, state.hostsEngine { return state.hostedEngine }
            current = view.superview
        }
        return nil
    }

    /// Sets ``isInsideEngineHost`` through this branch (an engine host's branch stays inside it).
    func setInsideEngineHost(_ inside: Bool) {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            view.isInsideEngineHost = inside
            if view.autoLayout?.hostsEngine != true { pending.append(contentsOf: view.subviews) }
        }
    }

    /// An engine host's solve in its own layout (before its subviews get their frames).
    func solveHostedEngine(_ state: AutoLayoutState) {
        guard let engine = state.hostedEngine, engine.hasPendingChanges else { return }
        solve(engine)
    }
}
