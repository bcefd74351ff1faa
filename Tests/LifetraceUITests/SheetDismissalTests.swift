import Lifetrace
import LifetraceUI
import Testing

/// Sheets swiped down, finished and cancelled, and the presentation controller
/// delegate's calls.
@Suite("Sheets swiped down")
@MainActor
struct SheetDismissalTests {
    /// A delegate that records its calls and answers `presentationControllerShouldDismiss` with `allows`.
    final class Delegate: AdaptivePresentationControllerDelegate {
        var allows = true
        var calls: [String] = []
        func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
            calls.append("should")
            return allows
        }
        func presentationControllerWillDismiss(_ presentationController: PresentationController) { calls.append("will") }
        func presentationControllerDidDismiss(_ presentationController: PresentationController) { calls.append("did") }
        func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {
            calls.append("attempt")
        }
    }

    static let hooks: [Hook] =
        Hooks.appearance + [
            .presentationControllerShouldDismiss, .presentationControllerWillDismiss, .presentationControllerDidDismiss,
            .presentationControllerDidAttemptToDismiss,
        ]

    /// Launches Home, presents Sheet in `style`, lets it settle, forgets the events.
    private func presentSheet(_ trace: Trace, style: ModalPresentationStyle = .pageSheet) -> (
        ViewController, ViewController, Delegate
    ) {
        let home = ViewController(name: "Home")
        let sheet = ViewController(name: "Sheet")
        let delegate = Delegate()
        sheet.modalPresentationStyle = style
        sheet.presentationController.delegate = delegate
        trace.launch(home)
        home.present(sheet, animated: true)
        trace.settle()
        trace.reset()
        return (home, sheet, delegate)
    }

    @Test("finished: should, will, viewWillDisappear, then viewDidDisappear and did; the presenter is silent")
    func finished() throws {
        try withTrace { trace in
            let (home, sheet, delegate) = presentSheet(trace)
            let swipe = try #require(sheet.presentationController.beginInteractiveDismissal())
            #expect(sheet.isBeingDismissed)
            swipe.finish()
            trace.settle()
            #expect(delegate.calls == ["should", "will", "did"])
            #expect(
                trace.lines(Self.hooks) == [
                    "Sheet presentationControllerShouldDismiss", "Sheet presentationControllerWillDismiss",
                    "Sheet viewWillDisappear",
                    "Sheet viewDidDisappear", "Sheet presentationControllerDidDismiss",
                ])
            #expect(home.presentedViewController == nil && sheet.presentingViewController == nil)
            #expect(sheet.viewIfLoaded?.window == nil)
        }
    }

    @Test("cancelled: the sheet reappears, no DidDismiss, and it stays presented")
    func cancelled() throws {
        try withTrace { trace in
            let (home, sheet, delegate) = presentSheet(trace, style: .formSheet)
            let swipe = try #require(sheet.presentationController.beginInteractiveDismissal())
            swipe.cancel()
            trace.settle()
            #expect(delegate.calls == ["should", "will"])
            #expect(trace.lines(Hooks.appearance) == ["Sheet viewWillDisappear", "Sheet viewWillAppear", "Sheet viewDidAppear"])
            #expect(home.presentedViewController === sheet && !sheet.isBeingDismissed)
        }
    }

    @Test("refused: isModalInPresentation is not asked further; a delegate that says no; both attempt")
    func refused() {
        withTrace { trace in
            let (home, sheet, delegate) = presentSheet(trace)
            sheet.isModalInPresentation = true
            #expect(sheet.presentationController.beginInteractiveDismissal() == nil)
            sheet.isModalInPresentation = false
            delegate.allows = false
            #expect(sheet.presentationController.beginInteractiveDismissal() == nil)
            trace.settle()
            #expect(delegate.calls == ["attempt", "should", "attempt"])
            #expect(trace.lines(Hooks.appearance).isEmpty)
            #expect(home.presentedViewController === sheet)
        }
    }

    @Test("a dismissal in code tells the delegate nothing; a full-screen presentation cannot be swiped")
    func programmaticAndFullScreen() {
        withTrace { trace in
            let (home, sheet, delegate) = presentSheet(trace)
            home.dismiss(animated: true)
            trace.settle()
            #expect(delegate.calls.isEmpty)
            let full = ViewController(name: "Full")
            full.presentationController.delegate = delegate
            home.present(full, animated: false)
            trace.settle()
            #expect(full.presentationController.beginInteractiveDismissal() == nil)
            #expect(delegate.calls.isEmpty)
            #expect(sheet.presentationController.beginInteractiveDismissal() == nil, "no longer presented")
        }
    }
}
