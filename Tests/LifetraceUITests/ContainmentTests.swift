import Lifetrace
import LifetraceUI
import Testing

/// ordering rule 8: "Containment forwards appearance parent first, for will and for did; addChild
/// sends willMove, removeFromParent sends didMove(nil); manual forwarding through
/// beginAppearanceTransition/endAppearanceTransition when a container opts out."
@Suite("Child containment")
@MainActor
struct ContainmentTests {
    // UIViewController.addChild(_:) docs: "This method … calls the child's willMove(toParent:)
    // method"; "Implementing a Container View Controller": add the child, add its view, call
    // didMove(toParent:). A child's view entering a view hierarchy on screen makes it appear
    // (seed 000: viewWillAppear "Called just before the view controller's content view is added to
    // the app's view hierarchy", viewDidAppear "just after"); its new view is laid out in the next pass.
    @Test("add-child while the parent is on screen")
    func addChildOnScreen() {
        withTrace { trace in
            let parent = TestViewController("P")
            let child = TestViewController("C")
            trace.launch(parent)
            trace.reset()
            parent.addChild(child)
            child.view.frame = parent.view.bounds
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            #expect(
                trace.lines(Hooks.golden + Hooks.containment) == [
                    "C willMove P", "C loadView", "C viewDidLoad", "C viewWillAppear", "C viewDidAppear", "C didMove P",
                ])
            #expect(trace.count(.viewIsAppearing, of: "C") == 1)
            trace.settle()
            #expect(trace.lines(Hooks.layout) == ["C viewWillLayoutSubviews", "C viewDidLayoutSubviews"])
            #expect(parent.children.map(\.name) == ["C"])
            #expect(child.parent === parent)
            #expect(child.appearanceState == .appeared)
            #expect(trace.lines(Hooks.appearance, of: ["P"]).isEmpty)
        }
    }

    // UIViewController.removeFromParent() docs: "… calls the child's didMove(toParent:) method with
    // nil" after the container called willMove(toParent: nil) and removed the view; the view leaving
    // the hierarchy makes the child disappear (seed 000: viewWillDisappear "Called just before the
    // view controller's content view is removed from the app's view hierarchy").
    @Test("remove-child while the parent is on screen")
    func removeChildOnScreen() {
        withTrace { trace in
            let parent = TestViewController("P")
            let child = TestViewController("C")
            parent.declaredChildren = [child]
            trace.launch(parent)
            trace.reset()
            child.willMove(toParent: nil)
            child.view.removeFromSuperview()
            child.removeFromParent()
            trace.settle()
            #expect(
                trace.lines(Hooks.golden + Hooks.containment) == [
                    "C willMove", "C viewWillDisappear", "C viewDidDisappear", "C didMove",
                ])
            #expect(parent.children.isEmpty)
            #expect(child.parent == nil)
            #expect(child.appearanceState == .disappeared)
            #expect(parent.appearanceState == .appeared)
        }
    }

    // ordering rule 8: "forwards appearance parent first, for will and for did". Built as the
    // scenario step `child C in P` builds it (golden/README.md).
    @Test("appearance is forwarded parent first, for will and did, appearing and disappearing")
    func forwardingParentFirst() {
        withTrace { trace in
            let parent = TestViewController("P")
            let child = TestViewController("C")
            let other = TestViewController("X")
            parent.declaredChildren = [child]
            let navigation = NavigationController.make("Nav", [parent])
            trace.launch(navigation)
            #expect(
                trace.lines(Hooks.appearance, of: ["P", "C"]) == [
                    "P viewWillAppear", "C viewWillAppear", "P viewDidAppear", "C viewDidAppear",
                ])
            // C loads inside P's viewDidLoad (records are compared by their begin).
            #expect(
                trace.lines(Hooks.loading, of: ["P", "C"]) == ["P loadView", "P viewDidLoad", "C loadView", "C viewDidLoad"])
            #expect(trace.count(.viewIsAppearing, of: "C") == 1)
            trace.reset()
            navigation.pushViewController(other, animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance, of: ["P", "C"]) == [
                    "P viewWillDisappear", "C viewWillDisappear", "P viewDidDisappear", "C viewDidDisappear",
                ])
            trace.reset()
            navigation.popViewController(animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance, of: ["P", "C"]) == [
                    "P viewWillAppear", "C viewWillAppear", "P viewDidAppear", "C viewDidAppear",
                ])
            #expect(trace.count(.viewIsAppearing, of: "C") == 1)
        }
    }

    // UIViewController.shouldAutomaticallyForwardAppearanceMethods docs: "If you override this
    // method and return false, you are responsible for telling the child when its views are going to
    // appear or disappear. You do this by calling the child view controller's
    // beginAppearanceTransition(_:animated:) and endAppearanceTransition() methods."
    @Test("manual forwarding when shouldAutomaticallyForwardAppearanceMethods is false")
    func manualForwarding() {
        withTrace { trace in
            let child = TestViewController("C")
            let other = TestViewController("X")
            let parent = ManualContainer("P")
            parent.declaredChildren = [child]
            let navigation = NavigationController.make("Nav", [parent])
            trace.launch(navigation)
            #expect(
                trace.lines(Hooks.appearance, of: ["P", "C"]) == [
                    "P viewWillAppear", "C viewWillAppear", "P viewDidAppear", "C viewDidAppear",
                ])
            #expect(trace.count(.viewIsAppearing, of: "C") == 1)
            #expect(trace.runLoop.diagnostics.isEmpty)
            trace.reset()
            navigation.pushViewController(other, animated: false)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance, of: ["P", "C"]) == [
                    "P viewWillDisappear", "C viewWillDisappear", "P viewDidDisappear", "C viewDidDisappear",
                ])
            #expect(trace.runLoop.diagnostics.isEmpty)
        }
    }

    // Same documentation: a container that opts out and forwards nothing leaves its child without
    // appearance callbacks (the child's view is still in the window).
    @Test("an opted-out container that does not forward leaves the child silent")
    func optedOutWithoutForwarding() {
        withTrace { trace in
            let child = TestViewController("C")
            let parent = ManualContainer("P")
            parent.forwards = false
            parent.declaredChildren = [child]
            trace.launch(parent)
            #expect(trace.lines(Hooks.appearance, of: ["P"]) == ["P viewWillAppear", "P viewDidAppear"])
            #expect(trace.lines(Hooks.appearanceAndIsAppearing, of: ["C"]).isEmpty)
            #expect(child.view.window === trace.window)
            #expect(child.appearanceState == .disappeared)
        }
    }

    // UIViewController.isMovingToParent docs ("You can use this property … inside your
    // viewWillAppear(_:) and viewDidAppear(_:) methods"): true for a child added on screen, until
    // didMove(toParent:).
    @Test("isMovingToParent during the appearance of an added child")
    func movingToParentForAddedChild() {
        withTrace { trace in
            let parent = TestViewController("P")
            let child = TestViewController("C")
            trace.launch(parent)
            parent.addChild(child)
            parent.view.addSubview(child.view)
            #expect(child.isMovingToParent)
            child.didMove(toParent: parent)
            #expect(!child.isMovingToParent)
            #expect(child.flags["viewWillAppear"]?.toParent == true)
            #expect(child.flags["viewDidAppear"]?.toParent == true)
        }
    }
}
