import LifetraceUI

/// The presentation-controller delegate of the sheets a scenario swipes down: it allows every
/// dismissal except those of the controllers a `should-dismiss NAME no` step named.
@MainActor
final class ScenarioSheetDelegate: AdaptivePresentationControllerDelegate {
    /// The names of the controllers whose swipe down is refused.
    var refused: Set<String> = []

    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
        !refused.contains(presentationController.presentedViewController.name)
    }
}
