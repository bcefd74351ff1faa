import Foundation
import Lifetrace

/// A stack of controllers, one on screen at a time (the runtime's `UINavigationController`).
///
/// Push and pop follow UIKit's order: the incoming controller loads first; the outgoing gets
/// `viewWillDisappear`, the incoming `viewWillAppear`, the delegate `willShow`; animated, the
/// incoming view is laid out before the animation and the did-callbacks (outgoing
/// `viewDidDisappear`, incoming `viewDidAppear`, delegate `didShow`) follow it; not animated, the
/// did-callbacks come at once and layout in the next pass. Controllers in the middle of the stack
/// stay silent.
@MainActor
open class NavigationController: ViewController {
    /// How long a push or pop animates, in seconds.
    public static let transitionDuration = 0.35

    /// Told when a controller is shown.
    public weak var delegate: (any NavigationControllerDelegate)?

    /// The finishing work of the transition in flight, if any.
    private var pendingCompletion: (@MainActor () -> Void)?
    /// Counts the pending completions set, so a timer of an earlier transition finishes nothing later.
    private var completionGeneration = 0

    /// The interactive pop in progress, if any.
    var interactivePop: InteractivePopTransition?

    /// The navigation bar (kept, not drawn: bars are not views here).
    public let navigationBar = NavigationBar()
    /// Whether the bar is hidden (kept: it changes no layout here).
    public var isNavigationBarHidden = false
    /// Whether the toolbar is hidden (kept).
    public var isToolbarHidden = true
    /// Whether the bars hide on swipe (kept).
    public var hidesBarsOnSwipe = false

    /// Hides or shows the bar (kept).
    public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) { isNavigationBarHidden = hidden }
    /// Hides or shows the toolbar (kept).
    public func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }

    /// Creates a navigation controller with `rootViewController` at the bottom of its stack.
    public init(rootViewController: ViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    /// Creates a navigation controller named `name` in traces with `rootViewController` at the
    /// bottom of its stack.
    public convenience init(rootViewController: ViewController, name: String?) {
        ViewController.nameNext(Self.self, name)
        self.init(rootViewController: rootViewController)
    }

    /// Creates an empty navigation controller.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Creates a navigation controller unarchived from a storyboard; the storyboard installs its
    /// root (the relationship segue) before `awakeFromNib`.
    /// Like UIKit's containers, it makes its own view in code: the scene's nib is not used.
    public required init?(coder: NSCoder) {
        guard let coder = coder as? NibCoder else { return nil }
        super.init(coder: NibCoder(identifier: coder.identifier, storyboard: coder.storyboard))
    }

    /// The stack, bottom first. Setting it is ``setViewControllers(_:animated:)`` without animation.
    public var viewControllers: [ViewController] {
        get { children }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    public var topViewController: ViewController? { children.last }

    /// The controller on screen: what the top presents, or the top.
    public var visibleViewController: ViewController? {
        topViewController?.presentedStorage ?? presentedStorage ?? topViewController
    }

    /// Whether a push or pop animation is running.
    public var isTransitioning: Bool { pendingCompletion != nil }

    /// Pushes `viewController` on the stack. Pushing a controller that is already on the stack is
    /// refused with UIKit's error. Amortised constant time: the stack grows in place.
    ///
    /// `completion` runs when the push has finished: after the incoming `viewDidAppear`, the
    /// delegate's `didShow` and `didMove(toParent:)` (where a completion given to the transition
    /// coordinator runs); at once when the push is not a visible transition; never when refused.
    /// A push while another push or pop animates finishes that one first, with UIKit's warnings.
    public func pushViewController(
        _ viewController: ViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil
    ) {
        // Only a controller whose parent is this one can be on the stack: others cost no search.
        if viewController.parent === self, children.contains(where: { $0 === viewController }) {
            runLoop.report(
                Diagnostic(
                    .error,
                    "Pushing the same view controller instance more than once is not supported (\(viewController.description))."))
            return
        }
        if viewController is NavigationController {
            runLoop.report(
                Diagnostic(.error, "Pushing a navigation controller is not supported (\(viewController.description))."))
            return
        }
        guard interactivePop == nil else {
            // A swipe in progress finishes first and changes the stack: the general path.
            changeStack(to: children + [viewController], animated: animated, completion: completion)
            return
        }
        if let conflict = hierarchyConflict(adopting: viewController) {
            runLoop.report(Diagnostic(.error, conflict))
            return
        }
        finishNestedTransition("push")
        applyStackChange(added: [viewController], removed: [], animated: animated, completion: completion) {
            $0.append(viewController)
        }
    }

    /// Pops the top controller and returns it; returns `nil` (and does nothing) at the root.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard children.count > 1, let popped = children.last else { return nil }
        guard interactivePop == nil else {
            changeStack(to: Array(children.dropLast()), animated: animated)
            return popped
        }
        finishNestedTransition("pop")
        applyStackChange(added: [], removed: [popped], animated: animated, completion: nil) { $0.removeLast() }
        return popped
    }

    /// Pops everything above the root and returns what was popped (`nil` at the root). The
    /// controllers in between stay silent.
    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController]? {
        guard let root = children.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    /// Pops everything above `viewController` and returns what was popped; `nil` when it is not on the stack.
    @discardableResult
    public func popToViewController(_ viewController: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = children.firstIndex(where: { $0 === viewController }) else {
            runLoop.report(
                Diagnostic(.error, "Tried to pop to a view controller that doesn't exist (\(viewController.description))."))
            return nil
        }
        guard index < children.count - 1 else { return [] }
        let popped = Array(children[(index + 1)...])
        changeStack(to: Array(children[...index]), animated: animated)
        return popped
    }

    /// Replaces the stack: a push when the new top is new, a pop when it was on the stack, no
    /// appearance change when the top stays the same.
    public func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        var seen: Set<ObjectIdentifier> = []
        for controller in viewControllers where !seen.insert(ObjectIdentifier(controller)).inserted {
            runLoop.report(
                Diagnostic(
                    .error,
                    "Pushing the same view controller instance more than once is not supported (\(controller.description))."))
            return
        }
        changeStack(to: viewControllers, animated: animated)
    }

    // MARK: Appearance of the navigation controller itself

    override var childrenReceivingAppearance: [ViewController] {
        guard let top = topViewController, top.isViewLoaded, let root = viewIfLoaded,
            top.view.isDescendant(of: root)
        else { return [] }
        return [top]
    }

    override func prepareForAppearance() {
        if let top = topViewController { installView(of: top, above: nil) }
    }

    override func didBeginAppearance(_ appearing: Bool, animated: Bool) {
        if appearing, let top = topViewController { notifyWillShow(top, animated: animated) }
    }

    override func didEndAppearance(_ appeared: Bool, animated: Bool) {
        if appeared, let top = topViewController { notifyDidShow(top, animated: animated) }
    }

    // MARK: Transitions

    /// Whether the navigation controller is on screen, so a stack change is a visible transition.
    var isOnScreen: Bool {
        appearanceState == .appeared && window != nil
    }

    /// Replaces the stack by `stack`: what it adds is checked first (nothing changes when one is
    /// refused), the transition in flight finishes, then the stack changes. Linear in the stacks.
    private func changeStack(
        to stack: [ViewController], animated: Bool, completion: (@MainActor () -> Void)? = nil
    ) {
        for controller in Self.controllers(of: stack, notIn: children) {
            if let conflict = hierarchyConflict(adopting: controller) {
                runLoop.report(Diagnostic(.error, conflict))
                return
            }
        }
        let isPop = stack.last.map { top in children.contains { $0 === top } } ?? true
        finishNestedTransition(isPop ? "pop" : "push")
        let added = Self.controllers(of: stack, notIn: children)
        let removed = Self.controllers(of: children, notIn: stack)
        applyStackChange(added: added, removed: removed, animated: animated, completion: completion) { $0 = stack }
    }

    /// Finishes the push or pop still animating, if any, before a new `kind` of transition, with
    /// the console warnings UIKit logs for a nested navigation transition.
    private func finishNestedTransition(_ kind: String) {
        if pendingCompletion != nil, interactivePop == nil {
            runLoop.report(
                Diagnostic(
                    .warning,
                    "nested \(kind) animation can result in corrupted navigation bar", about: instrumentationSubject))
            runLoop.report(
                Diagnostic(
                    .warning,
                    "Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted.",
                    about: instrumentationSubject))
        }
        finishTransitionNow()
    }

    /// The controllers of `list` that are not in `other`, in order.
    private static func controllers(of list: [ViewController], notIn other: [ViewController]) -> [ViewController] {
        let excluded = Set(other.lazy.map(ObjectIdentifier.init))
        return list.filter { !excluded.contains(ObjectIdentifier($0)) }
    }

    /// Changes the stack with `change` (checked already, the transition in flight finished):
    /// containment calls, then the visible transition when the top changes on screen.
    private func applyStackChange(
        added: [ViewController], removed: [ViewController], animated: Bool,
        completion: (@MainActor () -> Void)?, _ change: (inout [ViewController]) -> Void
    ) {
        let oldTop = topViewController
        for controller in added {
            if controller.parent != nil {
                controller.willMove(toParent: nil)
                controller.removeFromParent()
            }
            controller.isMovingToParent = true
            controller.willMove(toParent: self)
            controller.parent = self
        }
        for controller in removed {
            controller.isMovingFromParent = true
            controller.willMove(toParent: nil)
        }
        change(&children)
        let newTop = topViewController

        guard isOnScreen, let newTop, let oldTop, oldTop !== newTop else {
            // Off screen, or the top stays: no transition, only the view in place. While the
            // navigation controller itself appears or disappears, the new top takes the old one's
            // part in that change (the navigation controller's did-callback reaches it).
            if let oldTop, oldTop !== newTop,
                appearanceState == .appearing || appearanceState == .disappearing
            {
                oldTop.beginAppearance(false, animated: false)
                oldTop.endAppearance()
                newTop?.beginAppearance(appearanceState == .appearing, animated: false)
            }
            if isViewLoaded, let newTop, appearanceState != .disappeared {
                installView(of: newTop, above: nil)
            }
            if let oldTop, oldTop !== newTop { oldTop.viewIfLoaded?.removeFromSuperview() }
            finishContainment(added: added, removed: removed)
            completion?()
            return
        }
        let isPop = !added.contains { $0 === newTop }
        performTransition(
            from: oldTop, to: newTop, isPop: isPop, animated: animated,
            containment: (added, removed), then: completion)
    }

    /// The visible part of a push or pop, from the incoming view's load to the did-callbacks;
    /// returns the state of its `transition` interval.
    @discardableResult
    func performTransition(
        from oldTop: ViewController,
        to newTop: ViewController,
        isPop: Bool,
        animated: Bool,
        containment: (added: [ViewController], removed: [ViewController]),
        interactive: Bool = false,
        then finished: (@MainActor () -> Void)? = nil
    ) -> IntervalState {
        newTop.loadViewIfNeeded()
        let transition = beginTransition(isPop ? .pop : .push, to: newTop, animated: animated)
        oldTop.beginAppearance(false, animated: animated)
        newTop.beginAppearance(true, animated: animated)
        notifyWillShow(newTop, animated: animated)
        oldTop.viewIfLoaded?.endEditing(true)
        installView(of: newTop, above: isPop ? nil : oldTop.viewIfLoaded)
        newTop.sendViewIsAppearingIfNeeded()

        let completion: @MainActor () -> Void = { [unowned self] in
            oldTop.viewIfLoaded?.removeFromSuperview()
            oldTop.endAppearance()
            newTop.endAppearance()
            notifyDidShow(newTop, animated: animated)
            finishContainment(added: containment.added, removed: containment.removed)
            endInterval(transition)
            finished?()
        }
        if interactive {
            setPendingCompletion(completion, after: nil)
        } else if animated {
            setPendingCompletion(completion, after: Self.transitionDuration)
        } else {
            completion()
        }
        return transition
    }

    /// Makes `completion` the finishing work of the transition in flight, run after `delay`
    /// seconds (when given) unless a new transition runs it first. A timer of an earlier
    /// transition finishes nothing later.
    func setPendingCompletion(_ completion: @escaping @MainActor () -> Void, after delay: Double?) {
        completionGeneration += 1
        pendingCompletion = completion
        if let delay { schedulePendingCompletion(after: delay) }
    }

    /// Runs the pending completion after `delay` seconds, if it is still the same one then.
    func schedulePendingCompletion(after delay: Double) {
        let generation = completionGeneration
        runLoop.schedule(after: delay) { [weak self] in
            guard let self, generation == self.completionGeneration else { return }
            self.finishTransitionNow()
        }
    }

    /// Runs the finishing work of the transition in flight now (a new transition does not wait).
    func finishTransitionNow() {
        interactivePop?.finishForNewTransition()
        guard let completion = pendingCompletion else { return }
        pendingCompletion = nil
        completion()
    }

    func finishContainment(added: [ViewController], removed: [ViewController]) {
        for controller in added { controller.didMove(toParent: self) }
        for controller in removed where controller.parent === self {
            controller.parent = nil
            controller.didMove(toParent: nil)
        }
    }

    /// Puts `controller`'s view in the navigation controller's view, sized to fill it, above
    /// `sibling` (or at the back when `nil` and the view is new there).
    func installView(of controller: ViewController, above sibling: View?) {
        let container = view
        let child = controller.view
        child.frame = container.bounds
        child.autoresizingMask = .flexibleSize
        if let sibling, sibling.superview === container {
            container.addSubview(child)
        } else if child.superview !== container {
            container.insertSubview(child, at: 0)
        }
    }

    func notifyWillShow(_ controller: ViewController, animated: Bool) {
        withInterval(.willShowViewController, animated: animated, target: controller) {
            delegate?.navigationController(self, willShow: controller, animated: animated)
        }
    }

    func notifyDidShow(_ controller: ViewController, animated: Bool) {
        withInterval(.didShowViewController, animated: animated, target: controller) {
            delegate?.navigationController(self, didShow: controller, animated: animated)
        }
    }
}
