/// Told about a sheet the user swipes down (the runtime's `UIAdaptivePresentationControllerDelegate`,
/// its dismissal part). Each method has a default: dismissing is allowed, the rest do nothing.
/// None is called for a dismissal made in code (Apple: "This method is not called if the
/// presentation is dismissed programmatically").
@MainActor
public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// Whether the swipe may dismiss the sheet (asked when it begins, unless the presented
    /// controller ``ViewController/isModalInPresentation``).
    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool
    /// The interactive dismissal begins (before the presented controller's `viewWillDisappear`).
    func presentationControllerWillDismiss(_ presentationController: PresentationController)
    /// The sheet was dismissed (after the presented controller's `viewDidDisappear`); not sent when
    /// the swipe is cancelled.
    func presentationControllerDidDismiss(_ presentationController: PresentationController)
    /// The swipe was refused (``ViewController/isModalInPresentation``, or
    /// ``presentationControllerShouldDismiss(_:)`` returned `false`).
    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController)
}

extension AdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: PresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: PresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {}
}
