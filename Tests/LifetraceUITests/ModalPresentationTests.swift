import Lifetrace
import LifetraceUI
import Testing

/// ordering rule 6 and golden seed004-present / seed004-dismiss: presenter callbacks only when
/// the presenter's view is removed; completion order; nested presentations.
@Suite("Modal presentation")
@MainActor
struct ModalPresentationTests {
    /// Launches A, presents B over it and C over B (not animated, each settled), and clears the trace.
    private func presentChain(_ trace: Trace) -> (TestViewController, TestViewController, TestViewController) {
        let a = TestViewController("A")
        let b = TestViewController("B")
        let c = TestViewController("C")
        trace.launch(a)
        a.present(b, animated: false)
        trace.settle()
        b.present(c, animated: false)
        trace.settle()
        trace.reset()
        return (a, b, c)
    }

    // ordering rule 6: "presenter callbacks only when the presenter's view is removed (fullScreen,
    // currentContext); pageSheet, formSheet (iOS 13+), overFullScreen, overCurrentContext leave the
    // presenter silent. Completion order is the appearing controller's viewDidAppear first, then the
    // other's viewDidDisappear." Presenting order: golden/seed004-present.golden; dismissing:
    // golden/seed004-dismiss.golden. UIModalPresentationStyle.overFullScreen docs: "The views
    // beneath the presented content aren't removed from the view hierarchy when the presentation
    // finishes."
    @Test("each presentation style, presented and dismissed", arguments: ModalPresentationStyle.allCases)
    func styleBothWays(style: ModalPresentationStyle) {
        withTrace { trace in
            let first = TestViewController("First")
            let second = TestViewController("Second")
            trace.launch(first)
            trace.reset()
            second.modalPresentationStyle = style
            first.present(second, animated: true)
            trace.settle()
            let removesPresenter = style == .fullScreen || style == .currentContext
            #expect(style.removesPresenterView == removesPresenter)
            if removesPresenter {
                #expect(
                    trace.lines(Hooks.golden) == [
                        "Second loadView", "Second viewDidLoad", "First viewWillDisappear", "Second viewWillAppear",
                        "Second viewWillLayoutSubviews", "Second viewDidLayoutSubviews",
                        "Second viewDidAppear", "First viewDidDisappear",
                    ])
                #expect(first.appearanceState == .disappeared)
                #expect(first.viewIfLoaded?.window == nil)
            } else {
                #expect(
                    trace.lines(Hooks.golden) == [
                        "Second loadView", "Second viewDidLoad", "Second viewWillAppear",
                        "Second viewWillLayoutSubviews", "Second viewDidLayoutSubviews", "Second viewDidAppear",
                    ])
                #expect(first.appearanceState == .appeared)
                #expect(first.view.window === trace.window)
            }
            #expect(first.presentedViewController === second)
            #expect(second.presentingViewController === first)

            trace.reset()
            first.dismiss(animated: true)
            trace.settle()
            if removesPresenter {
                #expect(
                    trace.lines(Hooks.golden) == [
                        "Second viewWillDisappear", "First viewWillAppear", "First viewDidAppear", "Second viewDidDisappear",
                    ])
            } else {
                #expect(trace.lines(Hooks.golden) == ["Second viewWillDisappear", "Second viewDidDisappear"])
            }
            #expect(first.appearanceState == .appeared)
            #expect(second.appearanceState == .disappeared)
            #expect(first.presentedViewController == nil)
            #expect(second.presentingViewController == nil)
            #expect(second.viewIfLoaded?.window == nil)
        }
    }

    // UIViewController.isBeingPresented / isBeingDismissed docs: usable in the appearance
    // callbacks of the presented controller.
    @Test("isBeingPresented / isBeingDismissed during the callbacks")
    func beingPresentedFlags() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            trace.launch(a)
            a.present(b, animated: true)
            trace.settle()
            #expect(b.flags["viewWillAppear"] == MovingFlags(beingPresented: true))
            #expect(b.flags["viewDidAppear"] == MovingFlags(beingPresented: true))
            #expect(!b.isBeingPresented)
            b.dismiss(animated: true)
            trace.settle()
            #expect(b.flags["viewWillDisappear"] == MovingFlags(beingDismissed: true))
            #expect(b.flags["viewDidDisappear"] == MovingFlags(beingDismissed: true))
            #expect(a.flags["viewWillAppear"] == MovingFlags())
            #expect(!b.isBeingDismissed)
        }
    }

    // UIViewController.present(_:animated:completion:) docs: "The completion handler is called after
    // the viewDidAppear(_:) method is called on the presented view controller";
    // dismiss(animated:completion:) docs: "The block to execute after the view controller is
    // dismissed". ordering rule 6 for the order of the two did-callbacks.
    @Test("completion blocks run once, after both did-callbacks", arguments: [true, false])
    func completionBlocks(animated: Bool) {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            trace.launch(a)
            var presented: [String] = []
            a.present(b, animated: animated) {
                presented.append("completion A=\(a.appearanceState) B=\(b.appearanceState)")
            }
            if animated { #expect(presented.isEmpty) }
            trace.settle()
            #expect(presented == ["completion A=disappeared B=appeared"])

            var dismissed: [String] = []
            a.dismiss(animated: animated) {
                dismissed.append("completion A=\(a.appearanceState) B=\(b.appearanceState)")
            }
            if animated { #expect(dismissed.isEmpty) }
            trace.settle()
            #expect(dismissed == ["completion A=appeared B=disappeared"])
            #expect(presented.count == 1)
        }
    }

    // Nested presentation: the presented controller presents in turn; only the controller whose
    // view is removed (B, under a full-screen C) gets callbacks; A is already off screen and silent.
    @Test("nested presentation")
    func nestedPresentation() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            trace.launch(a)
            a.present(b, animated: true)
            trace.settle()
            trace.reset()
            b.present(c, animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.golden) == [
                    "C loadView", "C viewDidLoad", "B viewWillDisappear", "C viewWillAppear",
                    "C viewWillLayoutSubviews", "C viewDidLayoutSubviews", "C viewDidAppear", "B viewDidDisappear",
                ])
            #expect(b.presentedViewController === c)
            #expect(c.presentingViewController === b)
            #expect(trace.window.frontMostController === c)
        }
    }

    // UIViewController.dismiss(animated:completion:) docs: "If you present several view controllers
    // in succession, thus building a stack of presented view controllers, calling this method on a
    // view controller lower in the stack dismisses its immediate child view controller and all view
    // controllers above that child on the stack. When this happens, only the top-most view is
    // dismissed in an animated fashion; any intermediate view controllers are simply removed from the
    // stack." The intermediate B is off screen already, so it stays silent.
    @Test("dismissing from the bottom of a chain removes the whole chain")
    func dismissWholeChain() {
        withTrace { trace in
            let (a, b, c) = presentChain(trace)
            var completions = 0
            a.dismiss(animated: true) { completions += 1 }
            trace.settle()
            #expect(completions == 1)
            #expect(
                trace.lines(Hooks.golden) == [
                    "C viewWillDisappear", "A viewWillAppear", "A viewDidAppear", "C viewDidDisappear",
                ])
            #expect(trace.lines(Hooks.lifecycle, of: ["B"]).isEmpty)
            #expect(a.presentedViewController == nil)
            #expect(b.presentingViewController == nil && b.presentedViewController == nil)
            #expect(c.presentingViewController == nil)
            #expect(b.viewIfLoaded?.window == nil && c.viewIfLoaded?.window == nil)
            #expect(trace.window.frontMostController === a)
            #expect([a.appearanceState, b.appearanceState, c.appearanceState] == [.appeared, .disappeared, .disappeared])
        }
    }

    // Same documentation: calling dismiss on the middle controller dismisses only what it presents;
    // the controller below it (A) is not involved.
    @Test("dismissing from the middle of a chain")
    func dismissFromMiddle() {
        withTrace { trace in
            let (a, b, c) = presentChain(trace)
            b.dismiss(animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.golden) == [
                    "C viewWillDisappear", "B viewWillAppear", "B viewDidAppear", "C viewDidDisappear",
                ])
            #expect(trace.lines(Hooks.lifecycle, of: ["A"]).isEmpty)
            #expect(a.presentedViewController === b)
            #expect(b.presentedViewController == nil)
            #expect(c.presentingViewController == nil)
            #expect(trace.window.frontMostController === b)
            #expect(b.view.window === trace.window)
        }
    }

    // Same documentation: "If you call this method on the presented view controller itself, UIKit
    // asks the presenting view controller to handle the dismissal."
    @Test("the top of a chain dismissing itself")
    func dismissTopItself() {
        withTrace { trace in
            let (a, b, c) = presentChain(trace)
            c.dismiss(animated: false)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance) == [
                    "C viewWillDisappear", "B viewWillAppear", "B viewDidAppear", "C viewDidDisappear",
                ])
            #expect(a.presentedViewController === b)
            #expect(b.presentedViewController == nil)
        }
    }

    // UIViewController.presentingViewController docs: "If the view controller was not presented
    // modally, but one of its ancestors was, this property contains the view controller that
    // presented the ancestor"; presentedViewController docs: "The view controller that is presented
    // by this view controller, or one of its ancestors in the view controller hierarchy". A
    // controller inside a navigation controller presents full screen: the whole navigation
    // controller's view leaves (it and its top get the callbacks, container first, ordering rule 8).
    @Test("presenting from inside a navigation controller")
    func presentFromInsideNavigation() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = NavigationController.make("Nav", [a])
            trace.launch(navigation)
            trace.reset()
            a.present(b, animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance) == [
                    "Nav viewWillDisappear", "A viewWillDisappear", "B viewWillAppear",
                    "B viewDidAppear", "Nav viewDidDisappear", "A viewDidDisappear",
                ])
            #expect(a.presentedViewController === b)
            #expect(navigation.presentedViewController === b)
            #expect(b.presentingViewController === navigation)
            trace.reset()
            b.dismiss(animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance) == [
                    "B viewWillDisappear", "Nav viewWillAppear", "A viewWillAppear",
                    "Nav viewDidAppear", "A viewDidAppear", "B viewDidDisappear",
                ])
            #expect(a.presentedViewController == nil)
        }
    }

    // UIViewController.definesPresentationContext docs: "When a context-based presentation occurs,
    // UIKit starts at the presenting view controller and walks up the view controller hierarchy. If
    // it finds a view controller whose value for this property is true, it asks that view controller
    // to present the new view controller"; UIModalPresentationStyle.currentContext docs: "the
    // current view controller's content is displayed over the view controller whose
    // definesPresentationContext property is true … The views belonging to the presenting view
    // controller are removed after the presentation completes." Only the context (a tab's navigation
    // controller) and what it shows disappear; the tab bar controller stays on screen, silent.
    @Test("currentContext presents over the controller that defines the presentation context")
    func currentContextUsesDefiningController() {
        withTrace { trace in
            let a = TestViewController("A")
            let x = TestViewController("X")
            let b = TestViewController("B")
            let navigation = NavigationController.make("Nav", [a])
            navigation.definesPresentationContext = true
            let tabs = TabBarController(name: "Tabs")
            tabs.setViewControllers([navigation, x], animated: false)
            trace.launch(tabs)
            trace.reset()
            b.modalPresentationStyle = .currentContext
            a.present(b, animated: true)
            trace.settle()
            #expect(b.presentingViewController === navigation)
            #expect(tabs.appearanceState == .appeared)
            #expect(trace.lines(Hooks.appearance, of: ["Tabs"]).isEmpty)
            #expect(
                trace.lines(Hooks.appearance, of: ["Nav", "A", "B"]) == [
                    "Nav viewWillDisappear", "A viewWillDisappear", "B viewWillAppear",
                    "B viewDidAppear", "Nav viewDidDisappear", "A viewDidDisappear",
                ])
        }
    }
}
