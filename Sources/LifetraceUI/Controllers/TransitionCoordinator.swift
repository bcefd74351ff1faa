/// What a controller learns about a transition in progress (UIKit's
/// `UIViewControllerTransitionCoordinatorContext`): whether it is animated, and for how long.
@MainActor
public protocol TransitionCoordinatorContext: AnyObject {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// How long the transition's animation lasts, in seconds.
    var transitionDuration: Double { get }
    /// Whether the user drives the transition (a size transition never is).
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled (a size transition never is).
    var isCancelled: Bool { get }
}

/// A transition a controller can join in `viewWillTransition(to:with:)` and
/// `willTransition(to:with:)` (UIKit's `UIViewControllerTransitionCoordinator`): code to run
/// alongside its animation, and after it.
@MainActor
public protocol TransitionCoordinator: TransitionCoordinatorContext {
    /// Runs `animation` with the transition and `completion` after it; returns `true`, as UIKit
    /// does when the blocks are taken.
    @discardableResult
    func animate(
        alongsideTransition animation: ((any TransitionCoordinatorContext) -> Void)?,
        completion: ((any TransitionCoordinatorContext) -> Void)?
    ) -> Bool
}

extension TransitionCoordinator {
    /// Runs `animation` with the transition (no completion).
    @discardableResult
    public func animate(alongsideTransition animation: ((any TransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}

/// The coordinator of a window's size or trait transition: collects the blocks controllers give
/// it, and runs them when the window's transition animates and ends.
@MainActor
final class WindowTransitionCoordinator: TransitionCoordinator {
    let transitionDuration: Double
    let isAnimated: Bool
    var isInteractive: Bool { false }
    var isCancelled: Bool { false }
    private var alongside: [(any TransitionCoordinatorContext) -> Void] = []
    private var completions: [(any TransitionCoordinatorContext) -> Void] = []
    /// Whether a walk of `viewWillTransition(to:with:)` calls runs, and the controllers the
    /// current callback forwarded to (the walk sends them theirs next).
    var isForwarding = false
    var forwarded: [ViewController] = []

    init(transitionDuration: Double, isAnimated: Bool) {
        self.transitionDuration = transitionDuration
        self.isAnimated = isAnimated
    }

    @discardableResult
    func animate(
        alongsideTransition animation: ((any TransitionCoordinatorContext) -> Void)?,
        completion: ((any TransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func runAlongside() {
        let blocks = alongside
        alongside.removeAll()
        for block in blocks { block(self) }
    }

    func complete() {
        let blocks = completions
        completions.removeAll()
        for block in blocks { block(self) }
    }
}
