import Lifetrace

/// A swipe down on a `pageSheet` or `formSheet` in progress, until it finishes (the sheet is
/// dismissed) or is cancelled (the sheet settles back).
///
/// Begin: the delegate's `presentationControllerWillDismiss`, then the sheet's `viewWillDisappear`
/// (its children's after it). Finish, when the remaining animation ends: the sheet's view leaves,
/// `viewDidDisappear`, then the delegate's `presentationControllerDidDismiss`. Cancel: the sheet
/// reappears, `viewWillAppear` then `viewDidAppear` (the reversal the appearance state machine
/// allows), and no `…DidDismiss`. The presenter stays silent throughout: a sheet never removed
/// its view.
@MainActor
public final class SheetDismissalTransition {
    /// The sheet's presentation controller.
    public let presentationController: PresentationController
    /// The controller that presented the sheet.
    public let presenter: ViewController
    private let transition: IntervalState
    /// Whether the swipe has finished or been cancelled.
    public private(set) var isComplete = false

    init(presentationController: PresentationController, presenter: ViewController) {
        self.presentationController = presentationController
        self.presenter = presenter
        let sheet = presentationController.presentedViewController
        transition = presenter.beginTransition(.interactiveDismiss, to: sheet, animated: true)
        sheet.isBeingDismissed = true
        presentationController.notify(.presentationControllerWillDismiss) {
            $0.presentationControllerWillDismiss(presentationController)
        }
        sheet.beginAppearance(false, animated: true)
    }

    /// The swipe completes: the dismissal ends after the rest of the animation.
    public func finish() {
        guard !isComplete else { return }
        isComplete = true
        let sheet = presentationController.presentedViewController
        sheet.runLoop.schedule(after: modalTransitionDuration / 2) { [presentationController, presenter, transition] in
            sheet.viewIfLoaded?.removeFromSuperview()
            sheet.endAppearance()
            sheet.isBeingDismissed = false
            presenter.presentedStorage = nil
            sheet.presentingStorage = nil
            presenter.endInterval(transition)
            presentationController.notify(.presentationControllerDidDismiss) {
                $0.presentationControllerDidDismiss(presentationController)
            }
        }
    }

    /// The swipe is abandoned: the sheet settles back after the rest of the animation.
    public func cancel() {
        guard !isComplete else { return }
        isComplete = true
        let sheet = presentationController.presentedViewController
        sheet.runLoop.schedule(after: modalTransitionDuration / 2) { [presenter, transition] in
            sheet.beginAppearance(true, animated: true)
            sheet.endAppearance()
            sheet.isBeingDismissed = false
            presenter.endInterval(transition)
        }
    }
}
