import Lifetrace

/// The object that manages a controller's modal presentation (the runtime's
/// `UIPresentationController`): here, what a swipe down on a sheet does and whom it tells.
@MainActor
public final class PresentationController {
    /// The controller this presentation shows (the delegate events are recorded as its events).
    public unowned let presentedViewController: ViewController
    /// Told about swipes down (``AdaptivePresentationControllerDelegate``).
    public weak var delegate: (any AdaptivePresentationControllerDelegate)?

    init(presentedViewController: ViewController) {
        self.presentedViewController = presentedViewController
    }

    /// The controller that presented ``presentedViewController``, while it is presented.
    public var presentingViewController: ViewController? { presentedViewController.presentingStorage }

    /// Begins a swipe down on the sheet. Refused (`nil`) when the presented controller is not a
    /// settled `pageSheet` or `formSheet` in front (nothing above it, no transition running); refused
    /// with `presentationControllerDidAttemptToDismiss` when the controller
    /// ``ViewController/isModalInPresentation`` or the delegate's `presentationControllerShouldDismiss`
    /// says no (asked only when it is not modal). Otherwise the delegate hears
    /// `presentationControllerWillDismiss`, then the sheet begins to disappear
    /// (`viewWillDisappear`); end it with ``SheetDismissalTransition/finish()`` or ``SheetDismissalTransition/cancel()``.
    public func beginInteractiveDismissal() -> SheetDismissalTransition? {
        let presented = presentedViewController
        guard let presenter = presented.presentingStorage, presented.presentedStorage == nil,
            presented.modalPresentationStyle.isSheet, !presented.isBeingPresented, !presented.isBeingDismissed
        else { return nil }
        if presented.isModalInPresentation || !askShouldDismiss() {
            notify(.presentationControllerDidAttemptToDismiss) { $0.presentationControllerDidAttemptToDismiss(self) }
            return nil
        }
        return SheetDismissalTransition(presentationController: self, presenter: presenter)
    }

    /// The delegate's answer (yes without a delegate), asked inside a `presentationControllerShouldDismiss`
    /// interval; the answer shows in the event that follows (`…WillDismiss` or `…DidAttemptToDismiss`).
    private func askShouldDismiss() -> Bool {
        guard let delegate else { return true }
        return presentedViewController.withInterval(.presentationControllerShouldDismiss) {
            delegate.presentationControllerShouldDismiss(self)
        }
    }

    /// Calls the delegate, if any, inside an interval of `hook` recorded for the presented controller.
    func notify(_ hook: Hook, _ call: (any AdaptivePresentationControllerDelegate) -> Void) {
        guard let delegate else { return }
        presentedViewController.withInterval(untyped: hook) { call(delegate) }
    }
}
