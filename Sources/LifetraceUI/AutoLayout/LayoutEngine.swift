import Lifetrace
import LifetraceCassowary

/// A window's Auto Layout engine (UIKit's `NSISEngine`): the Cassowary solver holding the
/// window's active constraints, with what UIKit adds itself — each view that translates its
/// autoresizing mask held to its frame by that mask, each intrinsic content size as hugging and
/// compression-resistance constraints, the safe-area and margins guides held to their views'
/// insets, and the window's own size as edit variables.
///
/// Changes (constraints activated or deactivated, constants, priorities, intrinsic sizes, the
/// window's size) are queued and applied when the window's layout pass solves, in its
/// `layoutEngineSolve` interval; the solver takes each incrementally. A view joins the engine
/// when a constraint relates it, with its superviews up to the window (frames are relative to
/// superviews). A separate engine also sizes a detached view for ``View/systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)``.
@MainActor
final class LayoutEngine {
    /// How the host's size enters the engine.
    enum Sizing {
        /// The host's bounds, as edit variables (a window, or a detached hierarchy laid out).
        case bounds
        /// Pulled towards a target size at given priorities (the fitting size of a view).
        case fitting(Size, LayoutPriority, LayoutPriority)
    }

    /// The strength of the host's size: the strongest that is not required, so that only
    /// required constraints can override it (and the override is reported).
    static let hostSizeStrength = Strength(weight: 999_999)

    let solver = Solver()
    unowned let host: View
    let sizing: Sizing
    /// Whether the views' `engine` points here (the window's engine; not a fitting engine).
    private let isViewsEngine: Bool

    /// The views that joined, in joining order, and their identities.
    private(set) var views: [View] = []
    private var joined: Set<ObjectIdentifier> = []

    /// The engine constraints held for each active layout constraint.
    private var held: [ObjectIdentifier: Constraint] = [:]
    /// What each engine constraint is, for the unsatisfiable-constraints report.
    private var descriptions: [ObjectIdentifier: String] = [:]
    private var autoresizing: [ObjectIdentifier: (AutoresizingConstraints, [Constraint])] = [:]
    private var contentSize: [ObjectIdentifier: ContentSizeConstraints] = [:]
    private var placedGuides: [ObjectIdentifier: (guide: LayoutGuide, insets: EdgeInsets, constraints: [Constraint])] = [:]
    private var internalConstraints: [ObjectIdentifier: [Constraint]] = [:]

    private var pending: [LayoutConstraint] = []
    private var pendingIDs: Set<ObjectIdentifier> = []
    private var pendingViews: [View] = []
    private var suggestedSize: Size?

    /// Whether each solve reports views whose layout is ambiguous (an `ambiguousLayout` event and
    /// a warning, once per view until it is determined again).
    var checksAmbiguity = false
    private var reportedAmbiguous: Set<ObjectIdentifier> = []
    private var reportedHostOverride = false

    init(host: View, sizing: Sizing = .bounds) {
        self.host = host
        self.sizing = sizing
        if case .bounds = sizing { isViewsEngine = true } else { isViewsEngine = false }
        join(host)
    }

    // MARK: Changes

    /// Whether the next solve has anything to do.
    var hasPendingChanges: Bool {
        !pending.isEmpty || !pendingViews.isEmpty || (isViewsEngine && suggestedSize != host.bounds.size)
            || guidesAreStale
    }

    /// A constraint was activated, deactivated or changed: reconcile it at the next solve.
    func constraintDidChange(_ constraint: LayoutConstraint) {
        guard pendingIDs.insert(ObjectIdentifier(constraint)).inserted else { return }
        pending.append(constraint)
    }

    func constantDidChange(_ constraint: LayoutConstraint) {
        constraint.isBroken = false
        constraintDidChange(constraint)
    }

    func priorityDidChange(_ constraint: LayoutConstraint) {
        constraint.isBroken = false
        constraintDidChange(constraint)
    }

    /// A view's frame (when it translates its mask), intrinsic size or content priorities changed.
    func viewDidChange(_ view: View) {
        guard joined.contains(ObjectIdentifier(view)) else { return }
        pendingViews.append(view)
    }

    func contentSizeDidChange(of view: View) { viewDidChange(view) }

    // MARK: Joining

    /// Gives `view` and its superviews up to the host their variables and what UIKit adds for
    /// them (autoresizing and content-size constraints).
    func join(_ view: View) {
        var current: View? = view
        while let candidate = current, joined.insert(ObjectIdentifier(candidate)).inserted {
            views.append(candidate)
            if isViewsEngine { candidate.autoLayoutState.engine = self }
            let variables = candidate.layoutVariables
            if candidate === host {
                pinHost(variables)
                break
            }
            guard let superview = candidate.superview else { break }
            if candidate.translatesAutoresizingMaskIntoConstraints {
                updateAutoresizing(of: candidate, in: superview)
            }
            updateContentSize(of: candidate)
            updateInternalConstraints(of: candidate)
            current = superview
        }
    }

    /// Takes out a view that leaves the engine's hierarchy: the constraints UIKit added for it.
    func leave(_ view: View) {
        let id = ObjectIdentifier(view)
        guard joined.remove(id) != nil else { return }
        views.removeAll { $0 === view }
        if let (_, constraints) = autoresizing.removeValue(forKey: id) { remove(constraints) }
        if let sizes = contentSize.removeValue(forKey: id) { remove(sizes.constraints) }
        if let constraints = internalConstraints.removeValue(forKey: id) { remove(constraints) }
        for guide in [view.autoLayout?.safeAreaGuide, view.autoLayout?.marginsGuide].compactMap({ $0 }) {
            if let placed = placedGuides.removeValue(forKey: ObjectIdentifier(guide)) { remove(placed.constraints) }
        }
        if isViewsEngine, view.autoLayout?.engine === self {
            view.autoLayout?.engine = nil
            view.autoLayout?.engineFrame = nil
        }
        reportedAmbiguous.remove(id)
    }

    /// Takes out a constraint now (its view leaves the engine's hierarchy).
    func removeNow(_ constraint: LayoutConstraint) {
        if let engineConstraint = held.removeValue(forKey: ObjectIdentifier(constraint)) {
            remove([engineConstraint])
        }
    }

    /// Adds every constraint installed in `top`'s branch whose items are both in the branch (a
    /// fitting engine's content).
    func adoptBranch(of top: View) {
        top.forEachInHierarchy { view in
            for constraint in view.constraints where constraint.views.allSatisfy({ $0.isDescendant(of: top) }) {
                add(constraint)
            }
        }
    }

    // MARK: Solving

    /// Applies the pending changes and solves; the views the engine places get their frames (to
    /// apply in their superviews' `layoutSubviews`), and superviews whose subviews moved are
    /// marked for layout. Returns the rows the solver wrote (``SolverStatistics/rowsChanged``).
    @discardableResult
    func solve() -> Int {
        let before = solver.statistics.rowsChanged
        flush()
        solver.updateVariables()
        applyFrames()
        if checksAmbiguity { reportAmbiguity() }
        checkHostSize()
        return solver.statistics.rowsChanged - before
    }

    /// The engine's size and what waits for the next solve: `120 constraints, 480 variables, 12 changes`.
    var sizeDescription: String {
        let statistics = solver.statistics
        return "\(statistics.constraints) constraints, \(statistics.variables) variables, \(pending.count + pendingViews.count) changes"
    }

    /// The host's solved size (a fitting engine's answer).
    func fittingSize() -> Size {
        flush()
        solver.updateVariables()
        let variables = host.layoutVariables
        return Size(width: Self.clean(variables.width.value), height: Self.clean(variables.height.value))
    }

    func isAmbiguous(_ variables: LayoutVariables) -> Bool {
        [variables.minX, variables.minY, variables.width, variables.height].contains { solver.isAmbiguous($0) }
    }

    private func flush() {
        if isViewsEngine, suggestedSize != host.bounds.size {
            let size = host.bounds.size
            let variables = host.layoutVariables
            try? solver.suggestValue(size.width, for: variables.width)
            try? solver.suggestValue(size.height, for: variables.height)
            suggestedSize = size
        }
        if !pendingViews.isEmpty {
            let changed = pendingViews
            pendingViews.removeAll(keepingCapacity: true)
            for view in changed where joined.contains(ObjectIdentifier(view)) {
                if view !== host, let superview = view.superview, view.translatesAutoresizingMaskIntoConstraints {
                    updateAutoresizing(of: view, in: superview)
                }
                updateContentSize(of: view)
                updateInternalConstraints(of: view)
            }
        }
        refreshGuides()
        if !pending.isEmpty {
            let changed = pending
            pending.removeAll(keepingCapacity: true)
            pendingIDs.removeAll(keepingCapacity: true)
            for constraint in changed { reconcile(constraint) }
        }
    }

    /// Brings the engine in line with what a layout constraint is now.
    private func reconcile(_ constraint: LayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        let wanted = constraint.installedView != nil && constraint.engine === self && !constraint.isBroken
        guard let engineConstraint = held[id] else {
            if wanted { add(constraint) }
            return
        }
        if !wanted {
            removeNow(constraint)
            if constraint.installedView == nil, constraint.engine === self { constraint.engine = nil }
        } else if engineConstraint.strength != constraint.priority.strength {
            removeNow(constraint)
            add(constraint)
        } else if engineConstraint.expression.constant != -constraint.constant {
            do {
                try solver.updateConstant(of: engineConstraint, to: -constraint.constant)
            } catch {
                report(error, adding: constraint)
            }
        }
    }

    /// Adds a layout constraint, joining its items; a conflict is reported as UIKit reports it
    /// and the constraint is broken (it stays active, out of the engine).
    private func add(_ constraint: LayoutConstraint) {
        for view in constraint.views { join(view) }
        for node in [constraint.first, constraint.second].compactMap({ $0 }) {
            if let guide = node as? LayoutGuide { place(guide) }
        }
        let engineConstraint = constraint.makeSolverConstraint()
        do {
            try solver.add(engineConstraint)
            held[ObjectIdentifier(constraint)] = engineConstraint
            descriptions[ObjectIdentifier(engineConstraint)] = constraint.description
        } catch {
            constraint.isBroken = true
            report(error, adding: constraint)
        }
    }

    private func add(_ constraints: [Constraint], described description: String) {
        for constraint in constraints {
            do {
                try solver.add(constraint)
                descriptions[ObjectIdentifier(constraint)] = description
            } catch {
                report(error, described: description)
            }
        }
    }

    private func remove(_ constraints: [Constraint]) {
        for constraint in constraints where solver.contains(constraint) {
            try? solver.remove(constraint)
            descriptions[ObjectIdentifier(constraint)] = nil
        }
    }

    // MARK: What UIKit adds

    private func pinHost(_ variables: LayoutVariables) {
        add([Constraint(variables.minX, .equal, 0), Constraint(variables.minY, .equal, 0)], described: "host origin")
        switch sizing {
        case .bounds:
            try? solver.addEditVariable(variables.width, strength: Self.hostSizeStrength)
            try? solver.addEditVariable(variables.height, strength: Self.hostSizeStrength)
        case .fitting(let size, let horizontal, let vertical):
            add(
                [Constraint(variables.width, .equal, size.width, strength: horizontal.strength)],
                described: "fitting width \(size.width.compact) @\(horizontal)")
            add(
                [Constraint(variables.height, .equal, size.height, strength: vertical.strength)],
                described: "fitting height \(size.height.compact) @\(vertical)")
        }
    }

    private func updateAutoresizing(of view: View, in superview: View) {
        let id = ObjectIdentifier(view)
        let wanted = AutoresizingConstraints(
            frame: view.frame, mask: view.autoresizingMask, superviewSize: superview.bounds.size)
        if let (current, _) = autoresizing[id], current.isClose(to: wanted) { return }
        if let (_, constraints) = autoresizing.removeValue(forKey: id) { remove(constraints) }
        let constraints = wanted.constraints(of: view.layoutVariables, in: superview.layoutVariables)
        add(constraints, described: "\(view.layoutDescription) autoresizing mask \(view.autoresizingMask.rawValue) frame \(view.frame)")
        autoresizing[id] = (wanted, constraints)
    }

    private func updateContentSize(of view: View) {
        let id = ObjectIdentifier(view)
        let wanted = ContentSizeConstraints(of: view)
        if let current = contentSize[id] {
            if current.sameShape(as: wanted) {
                current.updateConstants(to: wanted, in: solver)
                contentSize[id] = current.with(size: wanted.size)
                return
            }
            remove(current.constraints)
            contentSize[id] = nil
        }
        guard !wanted.constraints.isEmpty else { return }
        add(wanted.constraints, described: "\(view.layoutDescription) content size \(wanted.size)")
        contentSize[id] = wanted
    }

    private func updateInternalConstraints(of view: View) {
        let id = ObjectIdentifier(view)
        let wanted = view.autoLayout?.internalConstraints ?? []
        let current = internalConstraints[id] ?? []
        guard current.map(ObjectIdentifier.init) != wanted.map(ObjectIdentifier.init) else { return }
        remove(current)
        for other in view.autoLayout?.internalViews ?? [] { join(other) }
        add(wanted, described: "\(view.layoutDescription) arrangement")
        internalConstraints[id] = wanted.isEmpty ? nil : wanted
    }

    /// Holds a safe-area or margins guide to its view's insets (a guide of the user's needs
    /// only its view to have joined).
    private func place(_ guide: LayoutGuide) {
        guard let owner = guide.owningView else { return }
        join(owner)
        guard guide.kind != .custom, placedGuides[ObjectIdentifier(guide)] == nil else { return }
        let insets = owner.insets(for: guide.kind)
        let variables = guide.layoutVariables
        let view = owner.layoutVariables
        let constraints = [
            Constraint(variables.minX, .equal, view.minX + insets.left),
            Constraint(variables.minY, .equal, view.minY + insets.top),
            Constraint(variables.width, .equal, view.width - (insets.left + insets.right)),
            Constraint(variables.height, .equal, view.height - (insets.top + insets.bottom)),
        ]
        add(constraints, described: guide.identifier)
        placedGuides[ObjectIdentifier(guide)] = (guide, insets, constraints)
    }

    private var guidesAreStale: Bool {
        placedGuides.values.contains { entry in
            entry.guide.owningView.map { $0.insets(for: entry.guide.kind) != entry.insets } ?? false
        }
    }

    private func refreshGuides() {
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

    // MARK: Results

    private func applyFrames() {
        guard isViewsEngine else { return }
        for view in views where view !== host && !view.translatesAutoresizingMaskIntoConstraints {
            guard let superview = view.superview, let parent = superview.autoLayout?.variables,
                let variables = view.autoLayout?.variables
            else { continue }
            let frame = Rect(
                x: Self.clean(variables.minX.value - parent.minX.value),
                y: Self.clean(variables.minY.value - parent.minY.value),
                width: Self.clean(variables.width.value), height: Self.clean(variables.height.value))
            view.autoLayout?.engineFrame = frame
            if frame != view.frame { superview.setNeedsLayout() }
        }
    }

    /// A solved value without the solver's rounding noise (to a millionth of a point).
    static func clean(_ value: Double) -> Double {
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded == 0 ? 0 : rounded
    }

    private func reportAmbiguity() {
        for view in views where view !== host && !view.translatesAutoresizingMaskIntoConstraints {
            guard let variables = view.autoLayout?.variables else { continue }
            let id = ObjectIdentifier(view)
            if isAmbiguous(variables) {
                guard reportedAmbiguous.insert(id).inserted else { continue }
                let text = "\(view.layoutDescription) has an ambiguous layout: its frame \(view.autoLayout?.engineFrame ?? view.frame) is one of many that satisfy its constraints"
                view.emitEvent(.ambiguousLayout, text: text)
                diagnose(Diagnostic(.warning, text))
            } else {
                reportedAmbiguous.remove(id)
            }
        }
    }

    private func checkHostSize() {
        guard isViewsEngine else { return }
        let variables = host.layoutVariables
        let overridden =
            abs(variables.width.value - host.bounds.width) > 1e-6 || abs(variables.height.value - host.bounds.height) > 1e-6
        if overridden, !reportedHostOverride {
            let text = "Unable to simultaneously satisfy constraints: required constraints resize \(host.layoutDescription) to \(Size(width: variables.width.value, height: variables.height.value)) instead of its size \(host.bounds.size)"
            host.emitEvent(.unsatisfiableConstraints, text: text)
            diagnose(Diagnostic(.warning, text))
        }
        reportedHostOverride = overridden
    }

    // MARK: Reports

    private func report(_ error: any Error, adding constraint: LayoutConstraint) {
        guard let error = error as? SolverError, case .unsatisfiable(_, let conflicting) = error else {
            diagnose(Diagnostic(.error, "\(constraint.description): \(error)"))
            return
        }
        let others = conflicting.map { descriptions[ObjectIdentifier($0)] ?? $0.description }
        let list = (others + [constraint.description]).map { "    \"\($0)\"" }.joined(separator: ",\n")
        let message = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
            \(list)
            )

            Will attempt to recover by breaking constraint
            \(constraint.description)
            """
        diagnose(Diagnostic(.warning, message))
        let subject = constraint.installedView ?? host
        subject.emitEvent(
            .unsatisfiableConstraints,
            text: "Unable to simultaneously satisfy constraints: \((others + [constraint.description]).joined(separator: ", ")); will attempt to recover by breaking constraint \(constraint.description)")
    }

    private func report(_ error: any Error, described description: String) {
        diagnose(Diagnostic(.warning, "Layout engine: \(description): \(error)"))
    }

    private func diagnose(_ diagnostic: Diagnostic) {
        (host.window?.runLoop ?? MainRunLoop.main).report(diagnostic)
    }
}
