import Foundation
import Lifetrace

/// The top of a view hierarchy, with a root view controller (the runtime's `UIWindow`).
///
/// A window belongs to a ``MainRunLoop``, which runs its layout pass at the end of every turn in
/// which something in it needs layout; each pass is an instrumented `layoutPass` interval whose
/// `end` counts the views laid out.
@MainActor
open class Window: View {
    /// An iPhone-sized portrait window, 390 × 844 points: the default for windows and views.
    public static let defaultFrame = Rect(x: 0, y: 0, width: 390, height: 844)

    /// How long a size transition (rotation) animates, in seconds.
    public static let sizeTransitionDuration = 0.4

    /// The layout passes a window runs in a row before it reports a feedback loop.
    static let layoutIterationLimit = 100

    /// The run loop that lays out this window and runs its animations.
    public let runLoop: MainRunLoop

    /// Whether ``makeKeyAndVisible()`` was called.
    public private(set) var isKeyWindow = false

    /// The view with keyboard focus.
    public internal(set) weak var firstResponder: View?

    /// The controller whose view fills the window.
    public var rootViewController: ViewController? {
        didSet {
            guard isKeyWindow, oldValue !== rootViewController else { return }
            if let oldValue { uninstall(oldValue) }
            if let rootViewController { install(rootViewController, animated: false) }
        }
    }

    private var probeSubject: Subject { Subject(name: "Window", object: self) }

    /// The system's appearance (Settings' light or dark mode) as the window sees it. A change
    /// reaches the controllers on screen at the start of the next layout pass.
    public var userInterfaceStyle: TraitCollection.Style = .light

    /// The window's traits: its size classes (from its size) and its appearance.
    public var traitCollection: TraitCollection { TraitCollection(size: bounds.size, style: userInterfaceStyle) }

    /// The traits the controllers on screen were last brought up to date with.
    private var deliveredTraits: TraitCollection?

    /// Whether the controllers on screen have traits to catch up with.
    var traitsNeedDelivery: Bool { rootViewController != nil && deliveredTraits != traitCollection }

    /// The scene the window belongs to (UIKit's `windowScene`); setting it moves the window to
    /// that scene's windows.
    public weak var windowScene: WindowScene? {
        didSet {
            guard oldValue !== windowScene else { return }
            oldValue?.detach(self)
            windowScene?.attach(self)
        }
    }

    /// Creates a window in a scene (UIKit's `init(windowScene:)`), the default window's size, on
    /// the run loop of the scene's app.
    public convenience init(windowScene: WindowScene) {
        self.init(frame: Window.defaultFrame, runLoop: windowScene.application.runLoop)
        self.windowScene = windowScene
        windowScene.attach(self)
    }

    /// Creates a window on a run loop.
    public init(frame: Rect = Window.defaultFrame, runLoop: MainRunLoop) {
        self.runLoop = runLoop
        super.init(frame: frame)
        window = self
    }

    /// Creates a window on the main run loop (`UIWindow(frame:)`).
    public override convenience init(frame: Rect) {
        self.init(frame: frame, runLoop: .main)
    }

    /// Creates a window unarchived from a nib, on the main run loop, the size of the default window.
    public required init?(coder: NSCoder) {
        runLoop = .main
        super.init(coder: coder)
        frame = Window.defaultFrame
        window = self
    }

    /// Shows the window and its root view controller: the root appears (`viewWillAppear` now,
    /// layout at the end of the turn, `viewDidAppear` in the next turn).
    public func makeKeyAndVisible() {
        guard !isKeyWindow else { return }
        isKeyWindow = true
        runLoop.register(self)
        if let rootViewController { install(rootViewController, animated: false) }
    }

    /// The areas that the status bar, the notch and the home indicator cover: those of a
    /// notched iPhone, in portrait (top 47, bottom 34) or landscape (left and right 47, bottom 21).
    override public var safeAreaInsets: EdgeInsets {
        bounds.width > bounds.height
            ? EdgeInsets(top: 0, left: 47, bottom: 21, right: 47)
            : EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    }

    /// The controller in front: the root, or the last controller presented over it (or over a
    /// controller on screen inside it, for `currentContext` presentations).
    ///
    /// The walk resumes from the deepest controller it last reached through direct presentations
    /// only (each presenting the next itself) while that one is still presented from the same
    /// root: dismissing a controller dismisses everything above it, so the path below it still
    /// holds. A chain of presentations, each from the front-most, costs constant time per step.
    public var frontMostController: ViewController? {
        guard let root = rootViewController else { return nil }
        var current = root
        if let known = directFrontMost, directFrontMostRoot === root, known.presentingStorage != nil {
            current = known
        }
        var direct = true
        while let (presented, isDirect) = Self.presentedOnScreen(in: current) {
            current = presented
            direct = direct && isDirect
            if direct {
                directFrontMost = presented
                directFrontMostRoot = root
            }
        }
        return current
    }

    /// The deepest controller ``frontMostController`` reached through direct presentations, and
    /// the root it started from.
    private weak var directFrontMost: ViewController?
    private weak var directFrontMostRoot: ViewController?

    /// What `controller`, or a child of it on screen, presents (the first found, depth first), and
    /// whether `controller` presents it itself. Iterative: a hierarchy of any depth fits on the
    /// stack. Presentation never forms a cycle (``ViewController/present(_:animated:completion:)``
    /// refuses what would close one).
    private static func presentedOnScreen(in controller: ViewController) -> (ViewController, direct: Bool)? {
        if let presented = controller.presentedStorage { return (presented, true) }
        var pending = controller.childrenReceivingAppearance.reversed() as [ViewController]
        while let candidate = pending.popLast() {
            if let presented = candidate.presentedStorage { return (presented, false) }
            pending.append(contentsOf: candidate.childrenReceivingAppearance.reversed())
        }
        return nil
    }

    /// Sends `didReceiveMemoryWarning` through the whole hierarchy, loaded or not: the root, its
    /// children, and what they present.
    public func sendMemoryWarning() {
        rootViewController?.notifyMemoryWarning()
    }

    /// Changes the window's size as a rotation or a resize does: when a size class changes,
    /// `willTransition(to:with:)` with the new traits from the root down; then
    /// `viewWillTransition(to:with:)` from the root down, then the new size, then (at the end of the turn) a top-down layout of
    /// the views whose size changed. Completion blocks run when the animation ends.
    public func transition(to size: Size, animated: Bool = true) {
        let coordinator = WindowTransitionCoordinator(
            transitionDuration: animated ? Self.sizeTransitionDuration : 0, isAnimated: animated)
        let probe = Probe(subject: probeSubject)
        let state = probe.beginInterval(.transition, Details(animated: animated, text: TransitionKind.size(size).description))
        // A size class that changes is announced first (`willTransition(to:with:)`: "before changing
        // the current object's traits"), then the size.
        let traits = TraitCollection(size: size, style: userInterfaceStyle)
        if traits != traitCollection { rootViewController?.notifyWillTransition(toTraits: traits, with: coordinator) }
        rootViewController?.notifyWillTransition(to: size, with: coordinator)
        frame = Rect(origin: frame.origin, size: size)
        coordinator.runAlongside()
        let finish: @MainActor () -> Void = {
            coordinator.complete()
            probe.endInterval(state)
        }
        runLoop.afterAnimation(animated, duration: coordinator.transitionDuration, finish)
    }

    // MARK: Layout pass

    var needsLayoutPass: Bool {
        isKeyWindow
            && (branchNeedsLayout || branchNeedsUpdateConstraints || branchNeedsUpdateProperties
                || layoutEngineIfMade?.hasPendingChanges == true || traitsNeedDelivery)
    }

    /// The window's Auto Layout engine, made when a constraint is first installed in the window.
    var layoutEngine: LayoutEngine {
        if let engine = autoLayout?.hostedEngine { return engine }
        let engine = LayoutEngine(host: self)
        engine.checksAmbiguity = checksAmbiguousLayout
        autoLayoutState.hostedEngine = engine
        return engine
    }

    /// The window's engine, if a constraint made it.
    var layoutEngineIfMade: LayoutEngine? { autoLayout?.hostedEngine }

    /// Whether each solve looks for views whose constraints leave their frame ambiguous, and
    /// reports each (an `ambiguousLayout` event and a warning). Off by default: the check asks the
    /// solver about every variable of the views it places.
    public var checksAmbiguousLayout = false {
        didSet { layoutEngineIfMade?.checksAmbiguity = checksAmbiguousLayout }
    }

    /// Runs the constraint pass (bottom up), then solves the engine if anything changed.
    func updateConstraintsAndSolve() {
        updateConstraintsBranch()
        if let engine = layoutEngineIfMade, engine.hasPendingChanges { solve(engine) }
    }

    /// Whether a round of the pass has work: constraints to update, an engine to solve, views to lay out.
    private var passHasWork: Bool {
        branchNeedsLayout || branchNeedsUpdateConstraints || branchNeedsUpdateProperties
            || layoutEngineIfMade?.hasPendingChanges == true
    }

    /// Runs one layout pass as a `layoutPass` interval: the properties pass (iOS 26's
    /// `updateProperties`, top down), the constraint pass (subviews' constraints before their
    /// superviews'), the engine's solve, then layout top down. Repeats while a round
    /// leaves more to do, and reports a feedback loop after ``layoutIterationLimit`` rounds.
    func runLayoutPass() {
        let probe = Probe(subject: probeSubject)
        let state = probe.beginInterval(.layoutPass)
        var count = 0
        var rounds = 0
        // Traits first: `updateViewConstraints`, `viewWillLayoutSubviews` and `layoutSubviews`
        // see the new ones (and a handler's constraint changes are solved in this pass).
        if traitsNeedDelivery {
            let traits = traitCollection
            let previous = deliveredTraits
            deliveredTraits = traits
            rootViewController?.updateTraitsOnScreen(to: traits)
            // A new appearance updates and lays out every view again with the new traits
            // (Apple, "Supporting Dark Mode in your interface"): `updateConstraints` and
            // `layoutSubviews`, controllers' `updateViewConstraints` and their layout callbacks.
            if let previous, previous.userInterfaceStyle != traits.userInterfaceStyle {
                forEachInHierarchy { view in
                    view.setNeedsUpdateConstraints()
                    view.setNeedsLayout()
                }
            }
        }
        View.withLayoutStack { pending in
            while passHasWork && rounds < Self.layoutIterationLimit {
                rounds += 1
                updatePropertiesBranch()
                updateConstraintsAndSolve()
                layoutBranch(count: &count, pending: &pending)
            }
        }
        if passHasWork {
            runLoop.report(
                Diagnostic(.error, "Layout did not settle after \(rounds) rounds in one pass (a layout feedback loop)."))
        }
        probe.endInterval(state, count: count)
    }

    // MARK: Root view controller

    private func install(_ controller: ViewController, animated: Bool) {
        controller.installingWindow = self
        controller.beginAppearance(true, animated: animated)
        let view = controller.view
        view.frame = bounds
        view.autoresizingMask = .flexibleSize
        insertSubview(view, at: 0)
        controller.sendViewIsAppearingIfNeeded()
        runLoop.perform { controller.endAppearance() }
    }

    private func uninstall(_ controller: ViewController) {
        controller.beginAppearance(false, animated: false)
        controller.viewIfLoaded?.removeFromSuperview()
        controller.endAppearance()
    }
}
