import Lifetrace
import LifetraceUI
import Testing

/// `transition(from:to:duration:animations:completion:)`, the custom container's swap of two
/// children, and the layout-related hooks around a view's first layout.
@Suite("Child transitions and layout hooks")
@MainActor
struct ChildTransitionTests {
    /// A container showing one of two children, swapped with `transition(from:to:…)`.
    private func makeContainer(_ trace: Trace) -> (TestViewController, TestViewController, TestViewController) {
        let container = TestViewController("Box")
        let first = TestViewController("One")
        let second = TestViewController("Two")
        container.declaredChildren = [first]
        trace.launch(container)
        container.addChild(second)
        trace.reset()
        return (container, first, second)
    }

    // UIViewController.transition(from:to:duration:options:animations:completion:) docs: "This
    // method adds the second view controller's view to the view hierarchy and then performs the
    // animations defined in your animations block. After the animation completes, it removes the
    // first view controller's view from the view hierarchy." Appearance callbacks follow the
    // container's automatic forwarding (ordering rule 8).
    @Test("an animated swap: will-callbacks at once, did-callbacks and completion after the duration")
    func animatedSwap() {
        withTrace { trace in
            let (container, first, second) = makeContainer(trace)
            var completed: Bool?
            var animationsRan = false
            container.transition(from: first, to: second, duration: 0.3, animations: { animationsRan = true }) {
                completed = $0
            }
            #expect(trace.lines(Hooks.appearance) == ["One viewWillDisappear", "Two viewWillAppear"])
            #expect(animationsRan)
            #expect(completed == nil)
            #expect(second.view.superview === container.view)
            #expect(first.view.superview === container.view)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance) == [
                    "One viewWillDisappear", "Two viewWillAppear", "One viewDidDisappear", "Two viewDidAppear",
                ])
            #expect(completed == true)
            #expect(first.viewIfLoaded?.superview == nil)
            #expect(first.appearanceState == .disappeared)
            #expect(second.appearanceState == .appeared)
            #expect(trace.lines(Hooks.appearance, of: ["Box"]).isEmpty)
        }
    }

    // The same docs: both controllers must be children of the receiver; UIKit raises
    // "Children view controllers … must have a common parent view controller".
    @Test("a swap with a controller that is not a child is refused with UIKit's error")
    func swapWithStranger() {
        withTrace { trace in
            let (container, first, _) = makeContainer(trace)
            let stranger = TestViewController("Stranger")
            container.transition(from: first, to: stranger, duration: 0)
            trace.settle()
            #expect(trace.errors.count == 1)
            #expect(trace.errors.first?.contains("must have a common parent view controller") == true)
            #expect(trace.lines(Hooks.appearance).isEmpty)
            #expect(!stranger.isViewLoaded)
        }
    }

    // UIViewController.updateViewConstraints docs: called when the view controller's view needs
    // to update its constraints, before layout; viewSafeAreaInsetsDidChange: "called when the safe
    // area of the view controller's root view changes"; viewLayoutMarginsDidChange follows the
    // margins, which include the safe area. All three come before viewWillLayoutSubviews; the
    // safe area and margins before viewIsAppearing (Apple, viewIsAppearing(_:): "the view has
    // accurate geometry"; viewSafeAreaInsetsDidChange(): "immediately before your view appears").
    @Test("first layout: safe area and margins before viewIsAppearing, constraints before viewWillLayoutSubviews")
    func firstLayoutHooks() {
        withTrace { trace in
            let controller = TestViewController("First")
            trace.launch(controller)
            let hooks: [Hook] = [
                .viewIsAppearing, .viewSafeAreaInsetsDidChange, .viewLayoutMarginsDidChange, .updateViewConstraints,
                .viewWillLayoutSubviews, .viewDidLayoutSubviews, .viewDidAppear,
            ]
            #expect(
                trace.lines(hooks) == [
                    "First viewSafeAreaInsetsDidChange", "First viewLayoutMarginsDidChange", "First viewIsAppearing",
                    "First updateViewConstraints", "First viewWillLayoutSubviews", "First viewDidLayoutSubviews",
                    "First viewDidAppear",
                ])
            #expect(controller.safeAreaInsets == EdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        }
    }

    // The safe area changes with the orientation (the notch moves to a side); constraints are
    // updated again only when asked for (setNeedsUpdateConstraints).
    @Test("rotation changes the safe area; constraints update only when asked")
    func rotationAndConstraints() {
        withTrace { trace in
            let controller = TestViewController("First")
            trace.launch(controller)
            trace.reset()
            trace.window.transition(to: Size(width: 844, height: 390))
            trace.settle()
            #expect(trace.count(.viewSafeAreaInsetsDidChange, of: "First") == 1)
            #expect(trace.count(.updateViewConstraints, of: "First") == 0)
            #expect(controller.safeAreaInsets == EdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
            trace.reset()
            controller.setNeedsUpdateConstraints()
            trace.settle()
            #expect(
                trace.lines([.updateViewConstraints, .viewWillLayoutSubviews, .viewSafeAreaInsetsDidChange]) == [
                    "First updateViewConstraints", "First viewWillLayoutSubviews",
                ])
        }
    }
}
