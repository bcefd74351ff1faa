import Lifetrace

/// An edge-swipe back in progress: the top controller is on its way out and the one below on its
/// way in, until the gesture finishes (a pop) or is cancelled (everything returns).
///
/// Begin: outgoing `viewWillDisappear`, incoming `viewWillAppear`, `willShow` the incoming.
/// Finish: as an animated pop ends. Cancel: the incoming gets `viewWillDisappear` and
/// `viewDidDisappear`, then the outgoing `viewWillAppear` and `viewDidAppear`, the reversal the
/// appearance state machine allows; the stack is unchanged and no `didShow` is sent.
@MainActor
public final class InteractivePopTransition {
    /// The navigation controller being swiped back.
    public unowned let navigationController: NavigationController
    /// The controller on top when the gesture began.
    public let outgoing: ViewController
    /// The controller below it.
    public let incoming: ViewController
    private let transition: IntervalState
    /// Whether the gesture has finished or been cancelled.
    public private(set) var isComplete = false

    init(navigationController: NavigationController, outgoing: ViewController, incoming: ViewController) {
        self.navigationController = navigationController
        self.outgoing = outgoing
        self.incoming = incoming
        outgoing.isMovingFromParent = true
        self.transition = navigationController.performTransition(
            from: outgoing, to: incoming, isPop: true, animated: true, containment: ([], [outgoing]),
            interactive: true)
    }

    /// The gesture completes: the pop ends as an animated pop does, after the remaining animation.
    public func finish() {
        guard !isComplete else { return }
        isComplete = true
        let navigation = navigationController
        navigation.interactivePop = nil
        outgoing.willMove(toParent: nil)
        navigation.children.removeAll { $0 === outgoing }
        navigation.schedulePendingCompletion(after: NavigationController.transitionDuration / 2)
    }

    /// The gesture is abandoned: both controllers return to where they were, when the remaining
    /// animation ends (until then the navigation controller is still transitioning).
    public func cancel() {
        guard !isComplete else { return }
        isComplete = true
        let navigation = navigationController
        navigation.interactivePop = nil
        outgoing.isMovingFromParent = false
        let reversal: @MainActor () -> Void = { [outgoing, incoming, transition, unowned navigation] in
            incoming.beginAppearance(false, animated: true)
            incoming.endAppearance()
            incoming.viewIfLoaded?.removeFromSuperview()
            outgoing.beginAppearance(true, animated: true)
            outgoing.endAppearance()
            navigation.endInterval(transition)
        }
        navigation.setPendingCompletion(reversal, after: NavigationController.transitionDuration / 2)
    }

    /// A new transition starts before the gesture ended: the gesture finishes first.
    func finishForNewTransition() {
        guard !isComplete else { return }
        finish()
    }
}

extension NavigationController {
    /// Begins an edge-swipe back; `nil` when there is nothing to go back to, the controller is not
    /// on screen, or another transition runs. Call ``InteractivePopTransition/finish()`` or
    /// ``InteractivePopTransition/cancel()`` to end it.
    public func beginInteractivePop() -> InteractivePopTransition? {
        guard children.count > 1, isOnScreen, !isTransitioning, interactivePop == nil else { return nil }
        let transition = InteractivePopTransition(
            navigationController: self, outgoing: children[children.count - 1], incoming: children[children.count - 2])
        interactivePop = transition
        return transition
    }
}
