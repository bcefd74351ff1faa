import Foundation
import Lifetrace

/// A rectangle on screen that lays out its subviews: the runtime's `UIView`.
///
/// Layout is deferred as in UIKit: ``setNeedsLayout()`` marks the view, and the pass runs at the
/// end of the run loop's turn, top down (a view's ``layoutSubviews()`` runs before its subviews'),
/// visiting only the branches that need it. ``layoutIfNeeded()`` runs it now. A size change marks
/// the view and resizes its subviews by their ``autoresizingMask``.
///
/// Auto Layout works as in UIKit: constraints (``LayoutConstraint``, made from anchors) place the
/// views that do not translate their autoresizing mask
/// (``translatesAutoresizingMaskIntoConstraints`` `= false`). A window's layout pass first runs
/// the constraint pass (``updateConstraints()``, subviews before superviews), then the engine
/// solves, then layout runs top down, each ``layoutSubviews()`` giving its subviews the frames the
/// engine solved. Views are instrumented: `updateConstraints` and `layoutSubviews` intervals name
/// the view by its ``identifier`` (or type name).
@MainActor
open class View: @MainActor Instrumented {
    /// The name of the view in traces and constraint descriptions (by default its type name, or
    /// `Name.view` for a controller's root view).
    public var identifier: String? {
        didSet { cachedName = nil }
    }

    /// The view's name in traces: its ``identifier``; for a controller's root view, the
    /// controller's name and `.view`; otherwise its type name.
    public var instrumentationName: String {
        if let identifier { return identifier }
        if let cachedName { return cachedName }
        let name = owningController.map { $0.name + ".view" } ?? String(describing: type(of: self))
        cachedName = name
        return name
    }

    /// The name made for traces, kept: a hook with a sink then copies a reference, allocating nothing.
    private var cachedName: String?

    /// The view's position in its superview and its size.
    public var frame: Rect {
        get { Rect(origin: origin, size: bounds.size) }
        set {
            let moved = origin != newValue.origin || bounds.size != newValue.size
            move(to: newValue.origin, size: newValue.size)
            setSize(newValue.size)
            if moved, translatesAutoresizingMaskIntoConstraints, let engine { engine.viewDidChange(self) }
        }
    }

    /// The view's own coordinate space: its size, at the origin.
    ///
    /// Setting its origin scrolls the content (a scroll view's ``ScrollView/contentOffset``): the
    /// subviews keep their frames and move on screen, and the view lays out again; setting its
    /// size is setting the frame's.
    public var bounds: Rect {
        get { storedBounds }
        set {
            if newValue.origin != storedBounds.origin {
                storedBounds.origin = newValue.origin
                placementChanged()
                traceScroll()
                setNeedsLayout()
            }
            if newValue.size != storedBounds.size { frame = Rect(origin: origin, size: newValue.size) }
        }
    }

    private var storedBounds: Rect = .zero

    private var origin: Point = .zero

    /// The views inside this one, back to front.
    public private(set) var subviews: [View] = []

    /// The view this one is inside.
    public private(set) weak var superview: View? {
        didSet { placementChanged() }
    }

    /// The window the view is in, if any.
    public internal(set) weak var window: Window?

    /// Whether the view is hidden (it stays in the hierarchy and is still laid out; in a stack
    /// view's arrangement it collapses).
    public var isHidden = false {
        didSet { if isHidden != oldValue { (superview as? StackView)?.arrangedSubviewVisibilityDidChange() } }
    }

    /// How the view resizes when its superview's size changes.
    public var autoresizingMask: AutoresizingMask = []

    /// What the view draws (colour, opacity, tag, layer): kept, not drawn (View+Rendering.swift).
    var rendering = Rendering()

    /// Whether a size change resizes the subviews by their masks.
    public var autoresizesSubviews = true

    /// Whether the view's frame is its own (set by code, kept by its autoresizing mask, which
    /// becomes engine constraints when Auto Layout relates the view), or placed by constraints
    /// (`false`, as for every view you constrain).
    public var translatesAutoresizingMaskIntoConstraints = true {
        didSet {
            guard translatesAutoresizingMaskIntoConstraints != oldValue else { return }
            engine?.viewDidChange(self)
            superview?.setNeedsLayout()
        }
    }

    /// The size the view's content wants (a label's text), or ``noIntrinsicMetric`` on an axis
    /// without one (the default on both). Auto Layout holds a view to it with content hugging and
    /// compression resistance; call ``invalidateIntrinsicContentSize()`` when it changes.
    open var intrinsicContentSize: Size { Size(width: noIntrinsicMetric, height: noIntrinsicMetric) }

    /// Whether the intrinsic size depends on the width the engine solves (a label that wraps at
    /// its own width): the engine then measures it again at that width before layout.
    var contentDependsOnWidth: Bool { false }

    /// The engine solved the view's width: returns whether its intrinsic size changed with it.
    func contentWidthDidResolve(to width: CGFloat) -> Bool { false }

    /// The size that best fits `size`: by default the current size; labels, buttons and image
    /// views measure their content.
    open func sizeThatFits(_ size: Size) -> Size { bounds.size }

    /// The view's constraints are being updated, in the constraint pass before layout (after
    /// ``setNeedsUpdateConstraints()``). Override to change constraints in one batch; call `super` last.
    open func updateConstraints() {}

    /// The view was unarchived from a nib with the rest of its hierarchy, which is connected.
    open func awakeFromNib() {}

    /// The space between the view's edges and its content: 8 points on each side (16 left and
    /// right for a controller's root view); ``layoutMarginsGuide`` follows them.
    public var layoutMargins = View.defaultLayoutMargins {
        didSet {
            guard layoutMargins != oldValue else { return }
            setNeedsLayout()
            layoutMarginsDidChange()
        }
    }

    /// The layout margins changed. Overrides call `super`.
    open func layoutMarginsDidChange() {}

    /// The layout margins by leading and trailing edge (left to right here).
    public var directionalLayoutMargins: DirectionalEdgeInsets {
        get {
            DirectionalEdgeInsets(
                top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right)
        }
        set {
            layoutMargins = EdgeInsets(
                top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing)
        }
    }

    /// A view's margins unless set: 8 points on each side.
    static let defaultLayoutMargins = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)

    /// Whether the layout margins are measured from the safe area (UIKit's default) rather than
    /// from the bounds.
    public var insetsLayoutMarginsFromSafeArea = true {
        didSet { if insetsLayoutMarginsFromSafeArea != oldValue { setNeedsLayout() } }
    }

    /// The insets the window's safe area covers of this view (zero out of a window). Inside a
    /// scroll view, none on an axis whose content inset the scroll view adjusts for the safe area
    /// (a table's rows, vertically): its adjusted inset already keeps the content clear, and its
    /// content scrolls under the bars (Apple, `contentInsetAdjustmentBehavior`).
    public var safeAreaInsets: EdgeInsets {
        guard let window else { return .zero }
        var insets = window.safeAreaInsets.clipped(to: frameInWindow, within: window.bounds.size)
        var ancestor = superview
        while let view = ancestor, view !== window {
            if let scrollView = view as? ScrollView {
                let adjusted = scrollView.safeAreaAdjustment
                if adjusted.vertical { (insets.top, insets.bottom) = (0, 0) }
                if adjusted.horizontal { (insets.left, insets.right) = (0, 0) }
                break
            }
            ancestor = view.superview
        }
        return insets
    }

    /// The view's Auto Layout state (constraints, engine variables, guides), made on first use.
    var autoLayout: AutoLayoutState?

    /// The constraint pass must run `updateConstraints` for this view.
    public internal(set) var needsUpdateConstraints = false
    /// A view below this one needs its constraints updated.
    var descendantNeedsUpdateConstraints = false
    /// Constraints were installed in this branch (set for the view and its superviews, kept).
    var branchUsesAutoLayout = false
    /// The properties pass must run ``updateProperties()`` for this view (and its controller's).
    public internal(set) var needsUpdateProperties = false
    /// A view below this one needs its properties updated.
    var descendantNeedsUpdateProperties = false
    /// A superview keeps its branch's constraints in an engine of its own
    /// (``hostLayoutEngine()``), whose this view's belong in.
    var isInsideEngineHost = false

    /// The controller whose root view this is (UIKit's view delegate).
    weak var owningController: ViewController? {
        didSet { cachedName = nil }
    }

    /// The view must run `layoutSubviews` in the next pass (a new view always does).
    var needsLayout = true
    /// A view below this one needs layout.
    var descendantNeedsLayout = false
    /// The view is on the chain of window origins that frame records share (``FramePath``).
    var isOnFramePath = false

    /// Releases the branch below iteratively: each subview this view holds the last reference to
    /// gives up its own subviews first, so a hierarchy of any depth is released without deep
    /// recursion.
    isolated deinit {
        traceRemoval()
        var pending = subviews
        subviews = []
        while var view = pending.popLast() {
            if isKnownUniquelyReferenced(&view) {
                pending.append(contentsOf: view.subviews)
                view.subviews = []
            }
        }
    }

    /// Creates a view with a frame (UIKit's designated initialiser for views made in code).
    public init(frame: Rect) {
        self.origin = frame.origin
        self.storedBounds = Rect(origin: .zero, size: frame.size)
    }

    /// Creates a view unarchived from a nib: a storyboard scene's ``NibCoder`` names it; other
    /// coders make an unnamed view of no size.
    public required init?(coder: NSCoder) {
        identifier = (coder as? NibCoder)?.identifier
    }

    /// Creates a view with a frame and, for traces and constraint descriptions, a name.
    public convenience init(frame: Rect = .zero, identifier: String?) {
        self.init(frame: frame)
        self.identifier = identifier
    }

    /// Creates a view of no size at the origin (`UIView()`), through ``init(frame:)``.
    public convenience init() {
        self.init(frame: .zero)
    }

    // MARK: Hierarchy

    /// Adds `view` on top of the subviews, removing it from its previous superview.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` among the subviews at `index` (0 is the back).
    /// Adding a view to itself or to a view inside it is refused with an error (UIKit raises).
    public func insertSubview(_ view: View, at index: Int) {
        // Only a view with subviews, in the same window (or none), can be an ancestor: adding a
        // leaf, or a view from outside the window, costs no walk up.
        if view === self || (!view.subviews.isEmpty && view.window === window && isDescendant(of: view)) {
            let runLoop = window?.runLoop ?? view.window?.runLoop ?? MainRunLoop.main
            runLoop.report(
                Diagnostic(
                    .error,
                    view === self
                        ? "Can't add self as subview (\(instrumentationName))."
                        : "Can't add \(view.instrumentationName) to \(instrumentationName), which is inside it."))
            return
        }
        let moves = view.superview !== self
        if moves {
            view.detachFromSuperview()
        } else {
            subviews.removeAll { $0 === view }
        }
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
        let inside = isInsideEngineHost || autoLayout?.hostsEngine == true
        if view.isInsideEngineHost != inside { view.setInsideEngineHost(inside) }
        if view.window !== window { view.moveToWindow(window) }
        if view.needsLayout || view.descendantNeedsLayout { markDescendantNeedsLayout() }
        if view.branchNeedsUpdateConstraints { markDescendantNeedsUpdateConstraints() }
        if view.branchNeedsUpdateProperties { markDescendantNeedsUpdateProperties() }
        if view.branchUsesAutoLayout {
            markBranchUsesAutoLayout()
            view.relocateConstraints(to: enclosingEngine)
        }
        // Moved here whole: no `layoutSubviews` of its own would say where it now is.
        if moves, !view.needsLayout { view.traceMove() }
        didAddSubview(view)
    }

    /// Inserts `view` directly below `sibling`.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        insertSubview(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
    }

    /// Removes the view from its superview (and its window).
    public func removeFromSuperview() {
        guard superview != nil else { return }
        detachFromSuperview()
        traceRemoval()
    }

    /// Takes the view out of its superview (and its window), to be removed or moved elsewhere.
    private func detachFromSuperview() {
        guard let superview else { return }
        if branchUsesAutoLayout || superview.branchUsesAutoLayout { leaveAutoLayout(of: superview) }
        superview.willRemoveSubview(self)
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        if isInsideEngineHost { setInsideEngineHost(false) }
        if window != nil { moveToWindow(nil) }
    }

    /// The view's frame in its window's coordinates (its own frame when it is in no window).
    public var frameInWindow: Rect { Rect(origin: originInWindow, size: bounds.size) }

    /// Bumped by every change of a view's origin, size or superview: a ``frameInWindow`` computed
    /// at the same revision still holds.
    static var geometryRevision = 0

    /// The origins in window coordinates computed at ``windowOriginsRevision``, by view. A table
    /// beside the views rather than a field of each: only the views asked (controllers' root
    /// views) have one, and a layout pass over many plain views touches no larger objects.
    private static var windowOrigins: [ObjectIdentifier: Point] = [:]
    private static var windowOriginsRevision = -1

    /// The origin in window coordinates: a walk up to the first superview whose own is known at
    /// this revision, so views asked top down (controllers in a layout pass) cost no full walk.
    private var originInWindow: Point {
        let revision = View.geometryRevision
        if View.windowOriginsRevision != revision {
            View.windowOrigins.removeAll(keepingCapacity: true)
            View.windowOriginsRevision = revision
        } else if let known = View.windowOrigins[ObjectIdentifier(self)] {
            return known
        }
        // Each superview's bounds origin (its scrolled offset) shifts what is inside it.
        var origin = self.origin
        var current = superview
        while let view = current {
            origin.x -= view.storedBounds.origin.x
            origin.y -= view.storedBounds.origin.y
            if view is Window { break }
            if let known = View.windowOrigins[ObjectIdentifier(view)] {
                origin.x += known.x
                origin.y += known.y
                break
            }
            origin.x += view.origin.x
            origin.y += view.origin.y
            current = view.superview
        }
        View.windowOrigins[ObjectIdentifier(self)] = origin
        return origin
    }

    /// The view at the top of this view's hierarchy (a window, or the top of a detached branch).
    var topView: View {
        var top = self
        while let parent = top.superview { top = parent }
        return top
    }

    /// Whether the view is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The view and every view inside it, depth first, front to back order of `subviews`.
    public func forEachInHierarchy(_ body: (View) -> Void) {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            body(view)
            pending.append(contentsOf: view.subviews.reversed())
        }
    }

    /// Called after a subview was added.
    open func didAddSubview(_ subview: View) {}
    /// Called before a subview is removed.
    open func willRemoveSubview(_ subview: View) {}
    /// Called after the view moved to another window (or out of any).
    open func didMoveToWindow() {}

    /// Moves the view's branch to `newWindow` (or out of any window): every view's `window`
    /// changes first, then, children before parents as a recursive walk would, each controller
    /// whose root view this is hears of it and `didMoveToWindow` runs. Iterative, so a branch of
    /// any depth fits on the stack.
    func moveToWindow(_ newWindow: Window?) {
        // Scratch lists kept between moves (taken out while in use: a move from a
        // `didMoveToWindow` finds them empty and makes its own), so a cell moving in and out of
        // its list allocates nothing.
        var pending: [View] = []
        var branch: [View] = []
        swap(&pending, &Self.moveScratch.pending)
        swap(&branch, &Self.moveScratch.branch)
        defer {
            pending.removeAll(keepingCapacity: true)
            branch.removeAll(keepingCapacity: true)
            swap(&pending, &Self.moveScratch.pending)
            swap(&branch, &Self.moveScratch.branch)
        }
        pending.append(self)
        while let view = pending.popLast() {
            if newWindow == nil, let oldWindow = view.window, oldWindow.firstResponder === view {
                _ = view.resign(force: true)
            }
            view.window = newWindow
            branch.append(view)
            pending.append(contentsOf: view.subviews)
        }
        for view in branch.reversed() {
            view.owningController?.rootViewDidMove(toWindow: newWindow)
            view.didMoveToWindow()
        }
    }

    private static var moveScratch: (pending: [View], branch: [View]) = ([], [])

    // MARK: First responder

    /// Whether the view can take keyboard focus. Views cannot; text fields can.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the view has keyboard focus.
    public var isFirstResponder: Bool { window?.firstResponder === self }

    /// Asks to take keyboard focus; the current first responder must resign first. A view that is
    /// not in a window cannot become first responder.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window else { return false }
        if window.firstResponder === self { return true }
        if let current = window.firstResponder, !current.resignFirstResponder() { return false }
        window.firstResponder = self
        return true
    }

    /// Asks to give up keyboard focus.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        resign(force: false)
    }

    /// Gives up keyboard focus; when `force` is set the view cannot refuse (it is leaving the window).
    func resign(force: Bool) -> Bool {
        guard let window, window.firstResponder === self else { return true }
        window.firstResponder = nil
        return true
    }

    /// Makes the first responder inside this view resign; returns whether none is left.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, let responder = window.firstResponder, responder.isDescendant(of: self) else { return true }
        return responder.resign(force: force)
    }

    // MARK: Layout (the pass is in View+Layout.swift)

    /// Lays out the subviews. The default gives the subviews that constraints place the frames
    /// the engine solved (autoresizing already happened when the size changed); an override
    /// positions subviews itself, and calls `super` where constraints place any.
    open func layoutSubviews() {
        applyEngineFrames()
    }

    /// Configures the view's content and styling before layout (iOS 26). Override it; ask for it
    /// with ``setNeedsUpdateProperties()``. The observable properties it reads are tracked.
    open func updateProperties() {}

    /// One piece of a resize cascading down the autoresizing subviews.
    private enum Resize {
        /// Give the view this frame (its subviews follow).
        case place(View, Rect)
        /// Give the view this size (its subviews follow).
        case size(View, Size)
        /// Tell the engine the view's frame changed.
        case notify(View)
    }

    /// Sets the origin on the way to a frame of `size`: the change is noted (``placementChanged()``)
    /// and a move that keeps the size is traced (a resized view lays out again, and its
    /// `layoutSubviews` end says where it is).
    private func move(to newOrigin: Point, size: Size) {
        guard origin != newOrigin else { return }
        origin = newOrigin
        placementChanged()
        if bounds.size == size { traceMove() }
    }

    /// The view's origin, bounds origin or superview changed: window origins computed before no
    /// longer hold (``geometryRevision``), and the chain of window origins that frame records
    /// share is cut at it.
    private func placementChanged() {
        View.geometryRevision &+= 1
        if isOnFramePath { FramePath.cut(at: self) }
    }

    /// Changes the size; the view is marked and its subviews resized by their masks, in the
    /// order a recursive walk would take, but with a worklist: a branch of any depth resizes
    /// without deep recursion.
    private func setSize(_ size: Size) {
        var pending: [Resize] = [.size(self, size)]
        while let item = pending.popLast() {
            switch item {
            case .place(let view, let frame):
                let moved = view.origin != frame.origin || view.bounds.size != frame.size
                view.move(to: frame.origin, size: frame.size)
                if moved, view.translatesAutoresizingMaskIntoConstraints { pending.append(.notify(view)) }
                pending.append(.size(view, frame.size))
            case .notify(let view):
                view.engine?.viewDidChange(view)
            case .size(let view, let size):
                let old = view.bounds.size
                guard size != old else { continue }
                view.storedBounds.size = size
                View.geometryRevision &+= 1
                view.setNeedsLayout()
                guard view.autoresizesSubviews else { continue }
                for subview in view.subviews.reversed()
                where !subview.autoresizingMask.isEmpty && subview.translatesAutoresizingMaskIntoConstraints {
                    pending.append(
                        .place(subview, subview.autoresizingMask.resize(subview.frame, fromSuperviewSize: old, to: size)))
                }
            }
        }
    }
}
