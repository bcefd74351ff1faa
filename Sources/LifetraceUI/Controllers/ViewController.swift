import Foundation
import Lifetrace

/// A controller of one view hierarchy, with UIKit's lifecycle: the runtime's `UIViewController`.
///
/// Subclasses override the callbacks as in UIKit (`viewDidLoad`, `viewWillAppear(_:)`, …); the
/// runtime calls them in UIKit's order, each wrapped in an instrumented interval, so a trace shows
/// when each ran and what the override cost. The view loads lazily, on first access of ``view``.
@MainActor
open class ViewController: Instrumented {
    /// The name in traces: the scenario name, or by default the type name.
    public nonisolated let name: String

    /// The name in traces.
    public nonisolated var instrumentationName: String { name }

    /// A title, for containers that show one; setting it sets the navigation item's and the tab
    /// bar item's titles, as UIKit does.
    public var title: String? {
        didSet {
            navigationItemStorage?.title = title
            tabBarItemStorage?.title = title
        }
    }

    /// The navigation item and the tab bar item, made on first use (ViewController+Items.swift).
    var navigationItemStorage: NavigationItem?
    var tabBarItemStorage: TabBarItem?

    private var loadedView: View?

    /// The parent in a containment hierarchy (a navigation or tab bar controller, or a custom container).
    public internal(set) weak var parent: ViewController?
    /// The child controllers, in the order they were added.
    public internal(set) var children: [ViewController] = []

    /// The controller this one presents modally, or one of its ancestors presents (UIKit's
    /// `presentedViewController`).
    public var presentedViewController: ViewController? {
        var current: ViewController? = self
        while let candidate = current {
            if let presented = candidate.presentedStorage { return presented }
            current = candidate.parent
        }
        return nil
    }
    /// The controller that presented this one, or one of its ancestors (UIKit's
    /// `presentingViewController`).
    public var presentingViewController: ViewController? {
        var current: ViewController? = self
        while let candidate = current {
            if let presenting = candidate.presentingStorage { return presenting }
            current = candidate.parent
        }
        return nil
    }
    /// The controller this very controller presents (not its ancestors).
    var presentedStorage: ViewController?
    /// The controller that presented this very controller.
    weak var presentingStorage: ViewController?
    /// Where the presenter's view was when this controller's presentation removed it, to put it
    /// back on dismissal.
    weak var coveredSuperview: View?
    var coveredIndex = 0
    /// The run loop of the last window the controller's view was in.
    weak var knownRunLoop: MainRunLoop?
    /// The window installing this controller as its root, from before its view enters it (a split
    /// view controller reads its size classes in its first appearance).
    weak var installingWindow: Window?
    /// The controller's address, kept for the `deinit` event (which must not copy `self`).
    private nonisolated(unsafe) var identity: UInt = 0
    /// How this controller is presented by ``present(_:animated:completion:)``.
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// Whether a `currentContext` presentation from inside this controller covers this controller's view.
    public var definesPresentationContext = false
    /// The animation of this controller's presentation (unless its presentation context provides one).
    public var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    /// Whether a presentation over this controller's context (it ``definesPresentationContext``)
    /// animates with this controller's ``modalTransitionStyle`` instead of the presented one's.
    public var providesPresentationContextTransitionStyle = false

    /// Whether the controller refuses to be swiped down while presented as a sheet (the swipe
    /// tells the presentation controller's delegate `presentationControllerDidAttemptToDismiss`).
    public var isModalInPresentation = false
    /// The object that manages the controller's modal presentation and its delegate.
    public private(set) lazy var presentationController = PresentationController(presentedViewController: self)

    /// Where the controller is in its appearance cycle.
    public internal(set) var appearanceState: AppearanceState = .disappeared
    var appearanceIsAnimated = false
    var viewIsAppearingPending = false

    /// Whether appearance callbacks reach the children automatically (override to return `false`
    /// and call ``beginAppearanceTransition(_:animated:)`` on them yourself).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// The safe-area insets of the root view when the controller was last told about them.
    var reportedSafeAreaInsets: EdgeInsets = .zero
    /// The geometry revision at which this controller and its ancestors were last told their
    /// safe area in a constraint pass (so the next child's walk up stops here).
    var safeAreaChainRevision = -1

    /// The traits the controller was last told about (`nil` before its view first entered a
    /// window), and the handlers registered for their changes.
    var knownTraits: TraitCollection?
    var traitRegistrations: [TraitChangeRegistration] = []

    /// The controller's traits: up to date from `viewIsAppearing` on (and, on screen, from the
    /// start of each layout pass after a change); before its view first enters a window, the
    /// predicted traits of the default window.
    public var traitCollection: TraitCollection {
        knownTraits ?? window?.traitCollection ?? TraitCollection(size: Window.defaultFrame.size, style: .light)
    }

    /// True between will and did callbacks while the controller is being added to a parent.
    public internal(set) var isMovingToParent = false
    /// True between will and did callbacks while the controller is being removed from its parent.
    public internal(set) var isMovingFromParent = false
    /// True between will and did callbacks while the controller is being presented.
    public internal(set) var isBeingPresented = false
    /// True between will and did callbacks while the controller is being dismissed.
    public internal(set) var isBeingDismissed = false

    /// The storyboard the controller was instantiated from (`nil` for one made in code).
    public let storyboard: Storyboard?
    /// The nib the default ``loadView()`` unarchives the view from (a storyboard scene's), if any.
    public let viewNib: ViewNib?
    /// The nib name given to ``init(nibName:bundle:)`` (kept; there are no nib files to load).
    public let nibName: String?

    /// Creates a controller in code (UIKit's designated initialiser, recorded as an instant
    /// `initWithNibName` event), named in traces by its type. There are no nib files here: a
    /// `nibName` is kept (``nibName``) and the view is made by ``loadView()``.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        name = ViewController.takePendingName(for: Self.self) ?? String(describing: Self.self)
        nibName = nibNameOrNil
        storyboard = nil
        viewNib = nil
        identity = UInt(bitPattern: ObjectIdentifier(self))
        emitEvent(.initWithNibName)
    }

    /// Creates a controller in code named `name` in traces (the type name when `nil`), through
    /// ``init(nibName:bundle:)``, so a subclass's override of that initialiser runs as in UIKit.
    public convenience init(name: String?) {
        ViewController.nameNext(Self.self, name)
        self.init(nibName: nil, bundle: nil)
    }

    /// Creates a controller in code named by its type (`UIViewController()`: NSObject's `init()`,
    /// which UIKit sends on to ``init(nibName:bundle:)``).
    public convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Creates a controller unarchived from a storyboard scene (UIKit's `init(coder:)`, recorded as
    /// an instant `initWithCoder` event): its name is the scene's identifier, and its view comes
    /// from the scene's nib. The storyboard sends `awakeFromNib` once the scene is connected.
    /// Fails for a coder that is not a storyboard scene's ``NibCoder``.
    public required init?(coder: NSCoder) {
        guard let coder = coder as? NibCoder else { return nil }
        name = coder.identifier
        nibName = nil
        storyboard = coder.storyboard
        viewNib = coder.viewNib
        identity = UInt(bitPattern: ObjectIdentifier(self))
        emitEvent(.initWithCoder)
    }

    /// Names passed by ``init(name:)`` to the designated initialiser it calls, with the type being
    /// made. Invariant: an entry is pushed right before `self.init(nibName:bundle:)` and taken by
    /// the first designated initialiser of that exact type to run, which is that call's own unless
    /// a subclass's initialiser makes another controller of its own type before calling `super`
    /// through a designated initialiser (which would take the name instead).
    private static var pendingNames: [(type: ObjectIdentifier, name: String?)] = []

    /// Names the next controller of exactly `type` that a designated initialiser makes: for
    /// convenience initialisers that take a name (``init(name:)`` and containers' own).
    package static func nameNext(_ type: ViewController.Type, _ name: String?) {
        pendingNames.append((ObjectIdentifier(type), name))
    }

    /// Forgets a name ``nameNext(_:_:)`` gave for `type` that no initialiser took (the maker
    /// returned a controller it did not make).
    package static func forgetPendingName(for type: ViewController.Type) {
        _ = takePendingName(for: type)
    }

    private static func takePendingName(for type: ViewController.Type) -> String? {
        guard let last = pendingNames.last, last.type == ObjectIdentifier(type) else { return nil }
        pendingNames.removeLast()
        return last.name
    }

    deinit {
        // Not isolated: an isolated deinit runs without the releasing task's scoped sink.
        Probe(name: name, id: identity).emitEvent(.deinitialize)
    }

    // MARK: The view

    /// The root view, loaded on first access (`loadView`, then `viewDidLoad`, once).
    public var view: View {
        get {
            loadViewIfNeeded()
            return loadedView!
        }
        set {
            loadedView?.owningController = nil
            loadedView = newValue
            newValue.owningController = self
            // A new root view runs `updateViewConstraints` in its first constraint pass, and has
            // the system's minimum margins of a root view (16 points left and right on an iPhone).
            newValue.setNeedsUpdateConstraints()
            if newValue.layoutMargins == View.defaultLayoutMargins {
                newValue.layoutMargins = EdgeInsets(top: 0, left: 16, bottom: 0, right: 16)
            }
        }
    }

    /// Whether the view is loaded. Never loads it.
    public var isViewLoaded: Bool { loadedView != nil }

    /// The view if it is loaded, `nil` otherwise. Never loads it.
    public var viewIfLoaded: View? { loadedView }

    /// Loads the view now if it is not loaded yet.
    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        withInterval(.loadView) { loadView() }
        if loadedView == nil {
            runLoop.report(Diagnostic(.warning, "\(description) loadView did not set a view; using a plain one."))
            view = View(frame: Window.defaultFrame)
        }
        withInterval(.viewDidLoad) { viewDidLoad() }
        // The first properties update comes before the first layout (iOS 26).
        loadedView?.setNeedsUpdateProperties()
    }

    /// Creates the root view. The default unarchives the view hierarchy of the controller's nib
    /// (``viewNib``: each view's `initWithCoder`, then each view's `awakeFromNib`), or makes a plain
    /// view the size of the default window; an override sets ``view`` and does not call `super`.
    open func loadView() {
        if let viewNib {
            viewNib.instantiate(owner: self)
        } else {
            view = View(frame: Window.defaultFrame)
        }
    }

    /// The controller was unarchived from a storyboard and its scene is connected (its
    /// relationship children installed); its view is not loaded yet. Overrides call `super`.
    open func awakeFromNib() {}

    /// Called once, after the view loaded.
    open func viewDidLoad() {}

    /// Configures content and styling before layout (iOS 26: after the traits are updated, before
    /// `viewWillLayoutSubviews`). Override it; ask for it with ``setNeedsUpdateProperties()``. The
    /// observable properties it reads are tracked.
    open func updateProperties() {}

    // MARK: Appearance callbacks

    /// The view is about to be added to a view hierarchy.
    open func viewWillAppear(_ animated: Bool) {}
    /// The view is in the hierarchy, with traits and geometry; called once per appearance, before layout.
    open func viewIsAppearing(_ animated: Bool) {}
    /// The view appeared, after any animation.
    open func viewDidAppear(_ animated: Bool) {}
    /// The view is about to be removed from the hierarchy.
    open func viewWillDisappear(_ animated: Bool) {}
    /// The view was removed, after any animation.
    open func viewDidDisappear(_ animated: Bool) {}

    // MARK: Layout callbacks

    /// The view is about to lay out its subviews.
    open func viewWillLayoutSubviews() {}
    /// The view laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Constraints are being updated, in the constraint pass before layout. The default runs the
    /// root view's `updateConstraints`; overrides call `super` (last, as in UIKit).
    open func updateViewConstraints() {
        viewIfLoaded?.runUpdateConstraints()
    }
    /// The safe-area insets of the root view changed (it entered the window, or the window rotated).
    open func viewSafeAreaInsetsDidChange() {}
    /// The layout margins of the root view changed (they follow the safe area).
    open func viewLayoutMarginsDidChange() {}

    /// The size of the container is about to change; the default forwards to the children on
    /// screen (a navigation controller's top, a tab bar controller's selected tab; controllers
    /// off screen adapt when they appear) and to the presented controller. Overrides call `super`.
    /// The forwarded calls run when this one has returned, in order, depth first (so the
    /// hierarchy is walked with a worklist, and each interval is the controller's own cost).
    /// (Only the runtime's own coordinators are forwarded: a coordinator made elsewhere stops here.)
    open func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        guard let coordinator = coordinator as? WindowTransitionCoordinator else { return }
        for child in childrenReceivingAppearance {
            child.notifyWillTransition(to: size, with: coordinator)
        }
        presentedStorage?.notifyWillTransition(to: size, with: coordinator)
    }

    /// A size transition is about to change the traits to `newCollection` (UIKit's
    /// `willTransition(to:with:)`): sent before `viewWillTransition(to:with:)` and before any
    /// `traitCollectionDidChange`; the default forwards to the children on screen and to the
    /// presented controller, as ``viewWillTransition(to:with:)`` does. Overrides call `super`.
    open func willTransition(to newCollection: TraitCollection, with coordinator: any TransitionCoordinator) {
        guard let coordinator = coordinator as? WindowTransitionCoordinator else { return }
        for child in childrenReceivingAppearance {
            child.notifyWillTransition(toTraits: newCollection, with: coordinator)
        }
        presentedStorage?.notifyWillTransition(toTraits: newCollection, with: coordinator)
    }

    /// The controller's traits changed (a rotation changed a size class, the appearance changed):
    /// called before its next layout, or, for a controller off screen, before its `viewIsAppearing`.
    open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

    /// The system is low on memory. Called whether or not the view is loaded.
    open func didReceiveMemoryWarning() {}

    // MARK: Containment callbacks

    /// The controller is about to be added to `parent` (or removed, when `nil`). Overrides call
    /// `super`, which records the event.
    open func willMove(toParent parent: ViewController?) { noteWillMove(toParent: parent) }
    /// The controller was added to `parent` (or removed, when `nil`). Overrides call `super`,
    /// which records the event.
    open func didMove(toParent parent: ViewController?) { noteDidMove(toParent: parent) }

    // MARK: Segues

    /// A segue is about to be performed; the destination exists but its view is not loaded.
    open func prepare(for segue: StoryboardSegue, sender: Any?) {}

    // MARK: Container behaviour (overridden by the runtime's containers)

    /// The children that receive this controller's appearance callbacks: by default those whose
    /// view is inside this controller's view.
    var childrenReceivingAppearance: [ViewController] {
        guard let root = viewIfLoaded else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: root) == true }
    }

    /// Called when the controller begins to appear, after its view loaded and before
    /// `viewWillAppear`: containers put their visible child's view in place.
    func prepareForAppearance() {}

    /// Called after a begin-appearance callback was sent and forwarded.
    func didBeginAppearance(_ appearing: Bool, animated: Bool) {}

    /// Called after an end-appearance callback was sent and forwarded.
    func didEndAppearance(_ appeared: Bool, animated: Bool) {}

    // MARK: Environment

    /// The navigation controller this controller is in, if any (the nearest one up the parent chain).
    public var navigationController: NavigationController? {
        var current = parent
        while let candidate = current {
            if let navigation = candidate as? NavigationController { return navigation }
            current = candidate.parent
        }
        return nil
    }

    /// The window the controller's view is in.
    public var window: Window? { loadedView?.window }

    /// The run loop of the controller's window, or of the last window its view was in, or the main one.
    public var runLoop: MainRunLoop { window?.runLoop ?? knownRunLoop ?? parent?.runLoop ?? .main }

    /// `<Name: 0xADDRESS>`, as in an NSLog line.
    public nonisolated var description: String {
        "<\(name): 0x\(String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16))>"
    }

    // MARK: Instrumented calls

    /// Runs the layout of the controller's root view: `viewWillLayoutSubviews`, the view's
    /// `layoutSubviews`, `viewDidLayoutSubviews`. Out of line: inlined into the layout walk, its
    /// two hooks would bloat the loop every view goes through (measured: 4 % on a 1 000-view pass).
    @inline(never)
    func performLayout(of rootView: View) {
        updateSafeAreaIfNeeded(of: rootView)
        withInterval(.viewWillLayoutSubviews) { tracking(.viewWillLayoutSubviews, viewWillLayoutSubviews) }
        rootView.runLayoutSubviews()
        withInterval(.viewDidLayoutSubviews) { tracking(.viewDidLayoutSubviews, viewDidLayoutSubviews) }
    }

    /// Sends `viewWillTransition(to:with:)` to this controller and, as the callbacks forward it,
    /// down the hierarchy: a forwarded call made while a walk runs joins the walk's worklist.
    func notifyWillTransition(to size: Size, with coordinator: WindowTransitionCoordinator) {
        walkForwarding(with: coordinator) { controller in
            controller.withInterval(.viewWillTransition, animated: coordinator.isAnimated, text: size.text) {
                controller.viewWillTransition(to: size, with: coordinator)
            }
        }
    }

    /// Runs `send` for this controller and for each controller its callbacks forward the call to
    /// (depth first, in forwarding order), without recursing; a call forwarded while a walk runs
    /// joins that walk's worklist instead of starting one of its own.
    func walkForwarding(with coordinator: WindowTransitionCoordinator, _ send: (ViewController) -> Void) {
        guard !coordinator.isForwarding else {
            coordinator.forwarded.append(self)
            return
        }
        coordinator.isForwarding = true
        defer { coordinator.isForwarding = false }
        var pending: [ViewController] = [self]
        while let controller = pending.popLast() {
            send(controller)
            pending.append(contentsOf: coordinator.forwarded.reversed())
            coordinator.forwarded.removeAll(keepingCapacity: true)
        }
    }

    /// Sends `didReceiveMemoryWarning` to this controller, its children and what it presents,
    /// depth first (a controller, its children's branches, then what it presents), with a worklist.
    func notifyMemoryWarning() {
        enum Visit {
            case controller(ViewController)
            case presented(by: ViewController)
        }
        var pending: [Visit] = [.controller(self)]
        while let visit = pending.popLast() {
            switch visit {
            case .controller(let controller):
                controller.withInterval(.didReceiveMemoryWarning) { controller.didReceiveMemoryWarning() }
                pending.append(.presented(by: controller))
                pending.append(contentsOf: controller.children.reversed().map(Visit.controller))
            case .presented(let presenter):
                if let presented = presenter.presentedStorage { pending.append(.controller(presented)) }
            }
        }
    }
}
