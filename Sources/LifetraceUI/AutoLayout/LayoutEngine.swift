import Lifetrace
import LifetraceCassowary

/// A window's Auto Layout engine (UIKit's `NSISEngine`): the Cassowary solver holding the
/// window's active constraints, with what UIKit adds itself — each view that translates its
/// autoresizing mask held to its frame by that mask, each intrinsic content size as hugging and
/// compression-resistance constraints, the safe-area and margins guides held to their views'
/// insets, and the window's own size as required constraints (in UIKit the root view of a window
/// always has the window's size: no optional constraint outweighs it).
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

    let solver = Solver()
    unowned let host: View
    let sizing: Sizing
    /// Whether the views' `engine` points here (the window's engine; not a fitting engine).
    let isViewsEngine: Bool
    /// Whether a change asks for the host's layout, where the engine solves (an engine host's,
    /// ``View/hostLayoutEngine()``; a window solves in its layout pass whatever changed).
    let marksHostForLayout: Bool

    /// The views that joined, and where each is in `views` (a view that leaves swaps with the
    /// last, so leaving costs the same however many views joined).
    private(set) var views: [View] = []
    var joined: [ObjectIdentifier: Int] = [:]

    /// The engine constraints held for each active layout constraint.
    var held: [ObjectIdentifier: Constraint] = [:]
    /// What each engine constraint is, for the unsatisfiable-constraints report.
    var descriptions: [ObjectIdentifier: String] = [:]
    var autoresizing: [ObjectIdentifier: (AutoresizingConstraints, [Constraint])] = [:]
    var contentSize: [ObjectIdentifier: ContentSizeConstraints] = [:]
    /// The views whose intrinsic size depends on their solved width (labels that wrap at it).
    var widthDependentViews: [ObjectIdentifier: View] = [:]
    var placedGuides: [ObjectIdentifier: (guide: LayoutGuide, insets: EdgeInsets, constraints: [Constraint])] = [:]
    var internalConstraints: [ObjectIdentifier: [Constraint]] = [:]

    var pending: [LayoutConstraint] = []
    var pendingIDs: Set<ObjectIdentifier> = []
    var pendingViews: [View] = []
    /// The host's width and height constraints (required; a window's, or a detached hierarchy's
    /// laid out at its bounds).
    var hostSize: [Constraint] = []

    /// Per axis (width, height), the constraint pulling the host towards a fitting size at a
    /// priority below required, in place of its ``hostSize`` constraint, since the last
    /// ``fittingSize(_:_:_:)``: kept while the solved size is the host's (a cell given the
    /// height it fitted), replaced by the bounds' when it is not.
    var hostFitting: [Constraint?] = [nil, nil]
    private var isFitting = false

    /// The size the host is held at: each ``hostSize`` constraint's (`dimension − size == 0`), or
    /// on an axis a fitting constraint holds, the size solved.
    var heldHostSize: Size? {
        guard hostSize.count == 2 else { return nil }
        let variables = host.layoutVariables
        return Size(
            width: hostFitting[0] == nil ? -hostSize[0].expression.constant : Self.clean(variables.width.value),
            height: hostFitting[1] == nil ? -hostSize[1].expression.constant : Self.clean(variables.height.value))
    }

    /// Whether each solve reports views whose layout is ambiguous (an `ambiguousLayout` event and
    /// a warning, once per view until it is determined again).
    var checksAmbiguity = false
    var reportedAmbiguous: Set<ObjectIdentifier> = []

    init(host: View, sizing: Sizing = .bounds, marksHostForLayout: Bool = false) {
        self.host = host
        self.sizing = sizing
        self.marksHostForLayout = marksHostForLayout
        if case .bounds = sizing { isViewsEngine = true } else { isViewsEngine = false }
        join(host)
    }

    // MARK: Changes

    /// Whether the next solve has anything to do.
    var hasPendingChanges: Bool {
        !pending.isEmpty || !pendingViews.isEmpty || (isViewsEngine && heldHostSize != host.bounds.size)
            || guidesAreStale
    }

    /// A constraint was activated, deactivated or changed: reconcile it at the next solve.
    func constraintDidChange(_ constraint: LayoutConstraint) {
        guard pendingIDs.insert(ObjectIdentifier(constraint)).inserted else { return }
        pending.append(constraint)
        if marksHostForLayout { host.setNeedsLayout() }
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
        guard joined[ObjectIdentifier(view)] != nil else { return }
        pendingViews.append(view)
        if marksHostForLayout { host.setNeedsLayout() }
    }

    func contentSizeDidChange(of view: View) { viewDidChange(view) }

    // MARK: Joining

    /// Gives `view` and its superviews up to the host their variables and what UIKit adds for
    /// them (autoresizing and content-size constraints).
    func join(_ view: View) {
        var current: View? = view
        while let candidate = current, joined[ObjectIdentifier(candidate)] == nil {
            joined[ObjectIdentifier(candidate)] = views.count
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
        guard let index = joined.removeValue(forKey: id) else { return }
        let last = views.removeLast()
        if index < views.count {
            views[index] = last
            joined[ObjectIdentifier(last)] = index
        }
        if let (_, constraints) = autoresizing.removeValue(forKey: id) { remove(constraints) }
        if let sizes = contentSize.removeValue(forKey: id) { remove(sizes.constraints) }
        widthDependentViews[id] = nil
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
        remeasureAtSolvedWidths()
        settleHostSize()
        applyFrames()
        if checksAmbiguity { reportAmbiguity() }
        return solver.statistics.rowsChanged - before
    }

    /// UIKit's second constraint pass (`_needsDoubleUpdateConstraintsPass`): a view whose content
    /// depends on its width (a label wrapping at its own width) is measured again at the width
    /// just solved, and the engine solves once more, all before layout, so the controller sees one
    /// layout pass, as on a device.
    func remeasureAtSolvedWidths() {
        guard !widthDependentViews.isEmpty else { return }
        var changed = false
        for view in widthDependentViews.values {
            let width = Self.clean(view.layoutVariables.width.value)
            if view.contentWidthDidResolve(to: width) {
                updateContentSize(of: view)
                changed = true
            }
        }
        if changed {
            flush()
            solver.updateVariables()
        }
    }

    /// The engine's size and what waits for the next solve: `120 constraints, 480 variables, 12 changes`.
    var sizeDescription: String {
        let statistics = solver.statistics
        return
            "\(statistics.constraints) constraints, \(statistics.variables) variables, \(pending.count + pendingViews.count) changes"
    }

    /// The host's solved size (a fitting engine's answer).
    func fittingSize() -> Size {
        flush()
        solver.updateVariables()
        remeasureAtSolvedWidths()
        let variables = host.layoutVariables
        return Size(width: Self.clean(variables.width.value), height: Self.clean(variables.height.value))
    }

    /// The host's size pulled towards `target` at the priorities given, in this engine (an engine
    /// host's): on a required axis the host's size constraint moves to the target in place; on
    /// the others a constraint at the priority given stands in for it, moved in place from one
    /// fitting to the next, until a solve finds the host's bounds differ from the size it fitted
    /// (``settleHostSize()``). A cell measured and then given the height it fitted costs no
    /// constraint added or removed.
    func fittingSize(_ target: Size, _ horizontal: LayoutPriority, _ vertical: LayoutPriority) -> Size {
        flush()
        let variables = host.layoutVariables
        for (axis, (priority, value)) in [(horizontal, target.width), (vertical, target.height)].enumerated() {
            let dimension = axis == 0 ? variables.width : variables.height
            if priority == .required {
                if let fitting = hostFitting[axis] {
                    remove([fitting])
                    hostFitting[axis] = nil
                }
                hold(axis, dimension, at: value)
            } else if let fitting = hostFitting[axis], fitting.strength == priority.strength {
                try? solver.updateConstant(of: fitting, to: -Double(value))
            } else {
                if let fitting = hostFitting[axis] { remove([fitting]) }
                remove([hostSize[axis]])
                let fitting = Constraint(dimension, .equal, Double(value), strength: priority.strength)
                add([fitting], described: "fitting \(axis == 0 ? "width" : "height") @\(priority)")
                hostFitting[axis] = fitting
            }
        }
        isFitting = true
        defer {
            isFitting = false
            if marksHostForLayout { host.setNeedsLayout() }
        }
        return fittingSize()
    }

    /// Holds the host's `axis` at `value` with its required size constraint, in place when it
    /// is in the solver.
    private func hold(_ axis: Int, _ dimension: Variable, at value: Double) {
        if solver.contains(hostSize[axis]), (try? solver.updateConstant(of: hostSize[axis], to: -value)) != nil { return }
        remove([hostSize[axis]])
        hostSize[axis] = holdHostSize(dimension, at: value)
    }

    /// After a solve: an axis a fitting constraint holds whose solved size is not the host's
    /// bounds is held at its bounds again, and the engine solves once more.
    func settleHostSize() {
        guard hostFitting[0] != nil || hostFitting[1] != nil else { return }
        let variables = host.layoutVariables
        var changed = false
        for axis in 0...1 {
            guard let fitting = hostFitting[axis] else { continue }
            let dimension = axis == 0 ? variables.width : variables.height
            let bound = axis == 0 ? host.bounds.width : host.bounds.height
            guard Self.clean(dimension.value) != bound else { continue }
            remove([fitting])
            hostFitting[axis] = nil
            hold(axis, dimension, at: bound)
            changed = true
        }
        if changed { solver.updateVariables() }
    }

    func isAmbiguous(_ variables: LayoutVariables) -> Bool {
        [variables.minX, variables.minY, variables.width, variables.height].contains { solver.isAmbiguous($0) }
    }

    func flush() {
        var sizeDeferred = false
        if isViewsEngine, !isFitting, heldHostSize != host.bounds.size { sizeDeferred = !resizeHostInPlace() }
        defer { if sizeDeferred { holdHostSizeBreakingConflicts() } }
        if !pendingViews.isEmpty {
            let changed = pendingViews
            pendingViews.removeAll(keepingCapacity: true)
            for view in changed where joined[ObjectIdentifier(view)] != nil {
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
    func reconcile(_ constraint: LayoutConstraint) {
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
    func add(_ constraint: LayoutConstraint) {
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

    func add(_ constraints: [Constraint], described description: String) {
        for constraint in constraints {
            do {
                try solver.add(constraint)
                descriptions[ObjectIdentifier(constraint)] = description
            } catch {
                report(error, described: description)
            }
        }
    }

    func remove(_ constraints: [Constraint]) {
        for constraint in constraints where solver.contains(constraint) {
            try? solver.remove(constraint)
            descriptions[ObjectIdentifier(constraint)] = nil
        }
    }

    // MARK: Results

    /// Gives each view the engine places its solved frame, and asks for the layout of each
    /// superview whose subviews moved (but an engine host's own: it solves in its layout).
    func applyFrames() {
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
            if frame != view.frame, !(marksHostForLayout && superview === host) { superview.setNeedsLayout() }
        }
    }

    /// A solved value without the solver's rounding noise (to a millionth of a point).
    static func clean(_ value: Double) -> Double {
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded == 0 ? 0 : rounded
    }

    func reportAmbiguity() {
        for view in views where view !== host && !view.translatesAutoresizingMaskIntoConstraints {
            guard let variables = view.autoLayout?.variables else { continue }
            let id = ObjectIdentifier(view)
            if isAmbiguous(variables) {
                guard reportedAmbiguous.insert(id).inserted else { continue }
                let text =
                    "\(view.layoutDescription) has an ambiguous layout: its frame \(view.autoLayout?.engineFrame ?? view.frame) is one of many that satisfy its constraints"
                view.emitEvent(.ambiguousLayout, text: text)
                diagnose(Diagnostic(.warning, text))
            } else {
                reportedAmbiguous.remove(id)
            }
        }
    }
}
