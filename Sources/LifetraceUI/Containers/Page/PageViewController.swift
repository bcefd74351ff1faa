import Foundation
import Lifetrace

/// Pages turned by swipes or in code (the runtime's `UIPageViewController`). The pages on screen
/// are its children; their appearance callbacks come from the runtime's appearance machinery, in
/// the orders published for UIKit (docs/uikit-containers.md):
///
/// - ``setViewControllers(_:direction:animated:completion:)`` without animation, or while the page
///   view controller is not on screen (in its `viewDidLoad`, say), shows the pages at once: the
///   incoming page's `viewWillAppear` and `viewDidAppear` come inside the call, before its first
///   layout (and, off screen, before the page view controller's own `viewWillAppear`), the
///   outgoing page's `viewWillDisappear` and `viewDidDisappear` around them.
/// - A swipe (``beginSwipe(_:)``) asks the data source for the page in its direction, tells the
///   delegate `willTransitionTo`, then the incoming page's `viewWillAppear` precedes the outgoing
///   page's `viewWillDisappear`; when it finishes, `scroll` ends the incoming page's appearance
///   first (`viewDidAppear`, then the outgoing `viewDidDisappear`), `pageCurl` the outgoing page's
///   first; the delegate hears `didFinishAnimating` last. A cancelled swipe reverses, in each
///   style's published order.
/// - An animated ``setViewControllers(_:direction:animated:completion:)`` on screen runs as a swipe
///   that finishes, without the data source or the delegate (UIKit tells the delegate about
///   gesture-driven transitions only).
@MainActor
open class PageViewController: ViewController {
    /// How pages turn (UIKit's `UIPageViewController.TransitionStyle`).
    public enum TransitionStyle: Int, Sendable, Hashable, CaseIterable {
        /// A page curls over (the default of UIKit's `init(nibName:bundle:)`).
        case pageCurl
        /// Pages scroll side by side.
        case scroll
    }

    /// The axis pages turn along (UIKit's `UIPageViewController.NavigationOrientation`).
    public enum NavigationOrientation: Int, Sendable, Hashable, CaseIterable {
        case horizontal, vertical
    }

    /// The direction of a page turn (UIKit's `UIPageViewController.NavigationDirection`).
    public enum NavigationDirection: Int, Sendable, Hashable, CaseIterable {
        case forward, reverse
    }

    /// The keys of the options dictionary (UIKit's `UIPageViewController.OptionsKey`): kept.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The spine's location (`pageCurl`).
        public static let spineLocation = OptionsKey(rawValue: "UIPageViewControllerOptionSpineLocationKey")
        /// The space between pages (`scroll`).
        public static let interPageSpacing = OptionsKey(rawValue: "UIPageViewControllerOptionInterPageSpacingKey")
    }

    /// How long a page turn animates, in seconds (the runtime's choice: a navigation push's).
    public static let transitionDuration = 0.35

    /// How pages turn.
    public let transitionStyle: TransitionStyle
    /// The axis pages turn along.
    public let navigationOrientation: NavigationOrientation
    /// The options given at creation (kept).
    public let options: [OptionsKey: Any]?

    /// Gives the pages around the one shown, for swipes.
    public weak var dataSource: (any PageViewControllerDataSource)?
    /// Told about swipes.
    public weak var delegate: (any PageViewControllerDelegate)?

    /// The pages shown (`nil` before the first ``setViewControllers(_:direction:animated:completion:)``);
    /// they change when a transition has finished.
    public var viewControllers: [ViewController]? { pages.isEmpty ? nil : pages }
    private var pages: [ViewController] = []

    /// The finishing work of the page turn in flight (animated, or a swipe let go), if any, and
    /// the swipe still dragging, if any.
    private var pendingFinish: (@MainActor () -> Void)?
    private var finishGeneration = 0
    var activeSwipe: PageSwipe?

    /// Whether a page turn is in progress (animating, or a swipe the user still drags).
    public var isTransitioning: Bool { pendingFinish != nil || activeSwipe != nil }

    /// Creates a page view controller (UIKit's `init(transitionStyle:navigationOrientation:options:)`).
    public init(
        transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
        options: [OptionsKey: Any]? = nil
    ) {
        transitionStyle = style
        self.navigationOrientation = navigationOrientation
        self.options = options
        super.init(nibName: nil, bundle: nil)
    }

    /// Creates a page view controller named `name` in traces.
    public convenience init(
        transitionStyle style: TransitionStyle, navigationOrientation: NavigationOrientation,
        options: [OptionsKey: Any]? = nil, name: String?
    ) {
        ViewController.nameNext(Self.self, name)
        self.init(transitionStyle: style, navigationOrientation: navigationOrientation, options: options)
    }

    /// A page view controller with page curls, turning horizontally (UIKit's defaults).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        transitionStyle = .pageCurl
        navigationOrientation = .horizontal
        options = nil
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A page view controller unarchived from a storyboard (page curls, horizontal); like UIKit's
    /// containers it makes its own view in code.
    public required init?(coder: NSCoder) {
        guard let coder = coder as? NibCoder else { return nil }
        transitionStyle = .pageCurl
        navigationOrientation = .horizontal
        options = nil
        super.init(coder: NibCoder(identifier: coder.identifier, storyboard: coder.storyboard))
    }

    // MARK: Setting the pages

    /// Shows `viewControllers` (one page: the runtime has no two-page spine).
    ///
    /// Animated while the page view controller is on screen, it turns the page as a swipe that
    /// finishes does (no data source, no delegate), `completion` after the animation. Otherwise
    /// the pages change at once, inside the call, appearance callbacks included, whether or not
    /// the page view controller is on screen (docs/uikit-containers.md: the published quirk);
    /// layout follows in the next pass. A page turn in flight finishes first. The wrong number of
    /// pages, or a page that cannot become a child, is refused with an error diagnostic.
    public func setViewControllers(
        _ viewControllers: [ViewController]?, direction: NavigationDirection, animated: Bool,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let incoming = viewControllers ?? []
        guard incoming.count == 1, let page = incoming.first else {
            runLoop.report(
                Diagnostic(
                    .error,
                    "The number of view controllers provided (\(incoming.count)) doesn't match the number required (1) for the requested transition (\(description))."
                ))
            return
        }
        if page.parent !== self, let conflict = hierarchyConflict(adopting: page) {
            runLoop.report(Diagnostic(.error, conflict))
            return
        }
        finishTransitionNow()
        let old = pages.first
        guard old !== page else {
            completion?(true)
            return
        }
        loadViewIfNeeded()
        let onScreen = appearanceState == .appeared && window != nil
        let turn = PageTurn(container: self, incoming: page, outgoing: old, direction: direction, animated: animated && onScreen)
        turn.begin()
        if animated && onScreen {
            setPendingFinish(after: Self.transitionDuration) {
                turn.finish()
                completion?(true)
            }
        } else {
            turn.finish()
            completion?(true)
        }
    }

    // MARK: Swipes (what the user's gesture does)

    /// Begins a swipe in `direction`: asks the data source for the page that way (the page after
    /// for `forward`), tells the delegate `willTransitionTo`, and the incoming page begins to
    /// appear as the outgoing one begins to disappear. End it with ``PageSwipe/finish()`` or
    /// ``PageSwipe/cancel()``.
    ///
    /// Returns `nil` when there is no page that way (the data source answers `nil`, or there is
    /// none): nothing moves. Refused with an error diagnostic when the page view controller is not
    /// on screen, shows no page, or a page turn is in progress.
    public func beginSwipe(_ direction: NavigationDirection) -> PageSwipe? {
        guard appearanceState == .appeared, window != nil else {
            runLoop.report(Diagnostic(.error, "\(description) is not on screen; its pages cannot be swiped."))
            return nil
        }
        guard let current = pages.first else {
            runLoop.report(
                Diagnostic(
                    .error, "\(description) shows no page yet; call setViewControllers(_:direction:animated:completion:) first."))
            return nil
        }
        guard !isTransitioning else {
            runLoop.report(Diagnostic(.error, "\(description) is turning a page; a swipe begins once it has settled."))
            return nil
        }
        guard let next = askDataSource(direction, from: current) else { return nil }
        if next === current || (next.parent != nil && next.parent !== self) || hierarchyConflict(adopting: next) != nil {
            runLoop.report(
                Diagnostic(
                    .error,
                    "The data source of \(description) answered \(next.description), which cannot become its page (it is the page shown, or belongs elsewhere)."
                ))
            return nil
        }
        withInterval(untyped: .pageViewControllerWillTransition, target: next) {
            delegate?.pageViewController(self, willTransitionTo: [next])
        }
        let turn = PageTurn(container: self, incoming: next, outgoing: current, direction: direction, animated: true)
        turn.begin()
        let swipe = PageSwipe(turn: turn)
        activeSwipe = swipe
        return swipe
    }

    /// A swipe that completes at once (a flick): ``beginSwipe(_:)`` then ``PageSwipe/finish()``.
    /// Returns `false` when there is no page that way.
    @discardableResult
    public func swipe(_ direction: NavigationDirection) -> Bool {
        guard let swipe = beginSwipe(direction) else { return false }
        swipe.finish()
        return true
    }

    /// The data source's page in `direction` from `page`, asked inside its event.
    private func askDataSource(_ direction: NavigationDirection, from page: ViewController) -> ViewController? {
        guard let dataSource else { return nil }
        switch direction {
        case .forward:
            return withInterval(untyped: .pageViewControllerAfter, target: page) {
                dataSource.pageViewController(self, viewControllerAfter: page)
            }
        case .reverse:
            return withInterval(untyped: .pageViewControllerBefore, target: page) {
                dataSource.pageViewController(self, viewControllerBefore: page)
            }
        }
    }

    // MARK: Finishing

    /// Makes `finish` the finishing work of the turn in flight, run after `delay` seconds unless a
    /// new turn runs it first.
    func setPendingFinish(after delay: Double, _ finish: @escaping @MainActor () -> Void) {
        finishGeneration += 1
        let generation = finishGeneration
        pendingFinish = finish
        runLoop.schedule(after: delay) { [weak self] in
            guard let self, generation == self.finishGeneration else { return }
            self.finishTransitionNow()
        }
    }

    /// Runs the finishing work of the turn in flight now; a swipe still dragging completes.
    func finishTransitionNow() {
        if let swipe = activeSwipe, !swipe.isComplete { swipe.complete(finished: true, now: true) }
        guard let finish = pendingFinish else { return }
        pendingFinish = nil
        finish()
    }

    /// The pages after a turn.
    func didTurn(to page: ViewController) { pages = [page] }

    /// Tells the delegate, and records, that a swipe's animation ended.
    func notifyDidFinishAnimating(previous: ViewController, completed: Bool) {
        withInterval(
            untyped: .pageViewControllerDidFinishAnimating, target: previous, text: completed ? "completed" : "cancelled"
        ) {
            delegate?.pageViewController(
                self, didFinishAnimating: true, previousViewControllers: [previous], transitionCompleted: completed)
        }
    }
}

/// One page turn: the incoming page added and appearing while the outgoing one disappears, then
/// finished (the outgoing page removed) or cancelled (the incoming one removed), with each
/// transition style's order.
@MainActor
final class PageTurn {
    unowned let container: PageViewController
    let incoming: ViewController
    let outgoing: ViewController?
    let animated: Bool
    private var transition: IntervalState = .inactive

    init(
        container: PageViewController, incoming: ViewController, outgoing: ViewController?,
        direction: PageViewController.NavigationDirection, animated: Bool
    ) {
        self.container = container
        self.incoming = incoming
        self.outgoing = outgoing
        self.animated = animated
        self.directionText = direction == .forward ? "forward" : "reverse"
    }

    private let directionText: String

    /// Adds the incoming page (`willMove(toParent:)`), begins both appearance changes (incoming
    /// first), then puts the incoming view in.
    func begin() {
        transition = container.beginInterval(.transition, animated: animated, target: incoming, text: "page \(directionText)")
        if incoming.parent !== container { container.addChild(incoming) }
        incoming.beginAppearance(true, animated: animated)
        outgoing?.beginAppearance(false, animated: animated)
        let view = incoming.view
        view.frame = container.view.bounds
        view.autoresizingMask = .flexibleSize
        if view.superview !== container.view { container.view.addSubview(view) }
        incoming.sendViewIsAppearingIfNeeded()
    }

    /// The turn completes: the outgoing page leaves (`willMove(toParent: nil)`, its view out), the
    /// appearance changes end (scroll: incoming first; page curl: outgoing first), containment
    /// ends (`didMove`), and the pages change.
    func finish() {
        outgoing?.willMove(toParent: nil)
        outgoing?.viewIfLoaded?.removeFromSuperview()
        if container.transitionStyle == .scroll {
            incoming.endAppearance()
            outgoing?.endAppearance()
        } else {
            outgoing?.endAppearance()
            incoming.endAppearance()
        }
        outgoing?.removeFromParent()
        incoming.didMove(toParent: container)
        container.didTurn(to: incoming)
        container.endInterval(transition)
    }

    /// The turn is abandoned: the pages swap back, in each style's order, and the incoming page
    /// leaves again (`willMove(toParent: nil)`, `didMove(toParent: nil)`).
    func cancel() {
        guard let outgoing else { return }
        if container.transitionStyle == .scroll {
            outgoing.beginAppearance(true, animated: true)
            outgoing.endAppearance()
            incoming.beginAppearance(false, animated: true)
            incoming.viewIfLoaded?.removeFromSuperview()
            incoming.endAppearance()
        } else {
            incoming.beginAppearance(false, animated: true)
            outgoing.beginAppearance(true, animated: true)
            incoming.viewIfLoaded?.removeFromSuperview()
            incoming.endAppearance()
            outgoing.endAppearance()
        }
        incoming.willMove(toParent: nil)
        incoming.removeFromParent()
        container.endInterval(transition)
    }
}

/// A swipe on a page view controller in progress, until the user lets go: ``finish()`` completes
/// the turn after the rest of its animation, ``cancel()`` lets the page settle back.
@MainActor
public final class PageSwipe {
    let turn: PageTurn
    /// Whether the swipe has been let go (finished or cancelled).
    public private(set) var isComplete = false

    init(turn: PageTurn) { self.turn = turn }

    /// The page view controller swiped.
    public var pageViewController: PageViewController { turn.container }
    /// The page coming in.
    public var incoming: ViewController { turn.incoming }

    /// The swipe completes: the turn finishes after the rest of its animation, then the delegate
    /// hears `didFinishAnimating` (completed).
    public func finish() { complete(finished: true, now: false) }

    /// The swipe is abandoned: the page settles back after the rest of the animation, then the
    /// delegate hears `didFinishAnimating` (not completed).
    public func cancel() { complete(finished: false, now: false) }

    func complete(finished: Bool, now: Bool) {
        guard !isComplete else { return }
        isComplete = true
        let container = turn.container
        let turn = turn
        let work: @MainActor () -> Void = {
            guard let previous = turn.outgoing else { return }
            if finished { turn.finish() } else { turn.cancel() }
            container.notifyDidFinishAnimating(previous: previous, completed: finished)
        }
        if container.activeSwipe === self { container.activeSwipe = nil }
        if now {
            work()
        } else {
            container.setPendingFinish(after: PageViewController.transitionDuration / 2, work)
        }
    }
}
