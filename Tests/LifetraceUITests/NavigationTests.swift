import Lifetrace
import LifetraceUI
import Testing

/// ordering rule 5 and the seed004/seed003 golden files: push, pop, pop-to-root,
/// setViewControllers, the delegate, segues, interactive pops, moving flags, containment.
@Suite("Navigation")
@MainActor
struct NavigationTests {
    /// Nav with `stack` launched and settled, events forgotten.
    private func launchNavigation(_ trace: Trace, _ stack: [ViewController]) -> NavigationController {
        let navigation = NavigationController.make("Nav", stack)
        trace.launch(navigation)
        trace.reset()
        return navigation
    }

    // golden/seed004-push-animated.golden (seed 004, column "push to next (animated)").
    @Test("push, animated: layout before the animation, then did-callbacks")
    func pushAnimated() {
        withTrace { trace in
            let first = TestViewController("First")
            let navigation = launchNavigation(trace, [first])
            navigation.pushViewController(TestViewController("Second"), animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.golden) == [
                    "Second loadView", "Second viewDidLoad", "First viewWillDisappear", "Second viewWillAppear",
                    "Second viewWillLayoutSubviews", "Second viewDidLayoutSubviews",
                    "First viewDidDisappear", "Second viewDidAppear",
                ])
            #expect(navigation.viewControllers.map(\.name) == ["First", "Second"])
        }
    }

    // golden/seed004-push-plain.golden (seed 004, column "push to next (not animated)").
    @Test("push, not animated: did-callbacks first, layout on the next pass")
    func pushNotAnimated() {
        withTrace { trace in
            let navigation = launchNavigation(trace, [TestViewController("First")])
            navigation.pushViewController(TestViewController("Second"), animated: false)
            trace.settle()
            #expect(
                trace.lines(Hooks.golden) == [
                    "Second loadView", "Second viewDidLoad", "First viewWillDisappear", "Second viewWillAppear",
                    "First viewDidDisappear", "Second viewDidAppear",
                    "Second viewWillLayoutSubviews", "Second viewDidLayoutSubviews",
                ])
        }
    }

    // golden/seed004-back.golden (seed 004, column "back").
    @Test("pop, animated (the back button)")
    func popAnimated() {
        withTrace { trace in
            let first = TestViewController("First")
            let second = TestViewController("Second")
            let navigation = launchNavigation(trace, [first])
            navigation.pushViewController(second, animated: true)
            trace.settle()
            trace.reset()
            let popped = navigation.popViewController(animated: true)
            #expect(popped === second)
            trace.settle()
            #expect(
                trace.lines(Hooks.golden) == [
                    "Second viewWillDisappear", "First viewWillAppear", "Second viewDidDisappear", "First viewDidAppear",
                ])
            #expect(navigation.viewControllers.map(\.name) == ["First"])
        }
    }

    // ordering rule 5: "Controllers in the middle of the stack stay silent";
    // UINavigationController.popToRootViewController(animated:) docs: returns "An array of view
    // controllers representing the items that were popped from the stack".
    @Test("pop to root: the middle controller stays silent", arguments: [true, false])
    func popToRootSilentMiddle(animated: Bool) {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            let navigation = launchNavigation(trace, [a])
            navigation.pushViewController(b, animated: false)
            navigation.pushViewController(c, animated: false)
            trace.settle()
            trace.reset()
            let popped = navigation.popToRootViewController(animated: animated)
            trace.settle()
            #expect(popped?.map(\.name) == ["B", "C"])
            #expect(
                trace.lines(Hooks.lifecycle, of: ["A", "B", "C"]).filter { !$0.contains("Layout") } == [
                    "C viewWillDisappear", "A viewWillAppear", "A viewIsAppearing", "C viewDidDisappear", "A viewDidAppear",
                ])
            #expect(trace.lines(Hooks.lifecycle, of: ["B"]).isEmpty)
            #expect(navigation.viewControllers.map(\.name) == ["A"])
            #expect(b.appearanceState == .disappeared && c.appearanceState == .disappeared)
        }
    }

    // UINavigationController.setViewControllers(_:animated:) docs: "If true, animate the pushing or
    // popping of the top view controller"; ordering rule 5 (order as a push; middle stays silent
    // and, by rule 1, unloaded).
    @Test("setViewControllers with a new top is one push")
    func setViewControllersAsPush() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            let navigation = launchNavigation(trace, [a])
            navigation.setViewControllers([a, b, c], animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.golden) == [
                    "C loadView", "C viewDidLoad", "A viewWillDisappear", "C viewWillAppear",
                    "C viewWillLayoutSubviews", "C viewDidLayoutSubviews", "A viewDidDisappear", "C viewDidAppear",
                ])
            #expect(!b.isViewLoaded)
            #expect(navigation.viewControllers.map(\.name) == ["A", "B", "C"])
        }
    }

    // Same sources: a top that was already on the stack makes it one pop (seed004-back order).
    @Test("setViewControllers with an old top is one pop")
    func setViewControllersAsPop() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            let navigation = launchNavigation(trace, [a])
            navigation.setViewControllers([a, b, c], animated: false)
            trace.settle()
            trace.reset()
            navigation.setViewControllers([a], animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.golden) == [
                    "C viewWillDisappear", "A viewWillAppear", "C viewDidDisappear", "A viewDidAppear",
                ])
            #expect(navigation.viewControllers.map(\.name) == ["A"])
        }
    }

    // Seed 003 lines 9-14 ("…B viewWillAppear, willShowViewController B, A viewDidDisappear,
    // B viewDidAppear, didShowViewController B"); UINavigationControllerDelegate is told after the
    // shown controller's viewWillAppear and after its viewDidAppear ("delegate with
    // willShow/didShow (also emitted as the navigation controller's own events with the shown
    // controller as target)".
    @Test("delegate willShow/didShow, and the navigation controller's own events with target")
    func delegateWillShowDidShow() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = launchNavigation(trace, [a])
            let recorder = NavigationRecorder()
            navigation.delegate = recorder
            navigation.pushViewController(b, animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance + Hooks.navigationDelegate) == [
                    "A viewWillDisappear", "B viewWillAppear", "Nav willShowViewController B",
                    "A viewDidDisappear", "B viewDidAppear", "Nav didShowViewController B",
                ])
            #expect(
                recorder.calls == [
                    "willShow B animated=true state=appearing", "didShow B animated=true state=appeared",
                ])
            trace.reset()
            navigation.popViewController(animated: false)
            trace.settle()
            #expect(trace.lines(Hooks.navigationDelegate) == ["Nav willShowViewController A", "Nav didShowViewController A"])
            #expect(
                recorder.calls.suffix(2) == [
                    "willShow A animated=false state=appearing", "didShow A animated=false state=appeared",
                ])
        }
    }

    // golden/seed003-segue-textfield-back.golden, first block (seed 003 lines 7-14): "When the
    // button is pressed the first method called is prepareForSegue … At this point B exists but its
    // view has not yet been loaded."
    @Test("segue: prepareForSegue before the destination loads, then a push")
    func segue() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            _ = launchNavigation(trace, [a])
            StoryboardSegue(identifier: "B", source: a, destination: b).perform(sender: a, animated: true)
            trace.settle()
            #expect(a.destinationLoadedInPrepare == false)
            #expect(
                trace.lines([.prepareForSegue, .viewDidLoad] + Hooks.appearance + Hooks.navigationDelegate) == [
                    "A prepareForSegue B", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear",
                    "Nav willShowViewController B", "A viewDidDisappear", "B viewDidAppear", "Nav didShowViewController B",
                ])
        }
    }

    // Golden README, `segue`: "NAME is pushed (or presented full screen when there is no navigation
    // controller)"; the presentation then follows golden/seed004-present.golden.
    @Test("segue without a navigation controller presents full screen")
    func segueWithoutNavigation() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            trace.launch(a)
            trace.reset()
            StoryboardSegue(identifier: "B", source: a, destination: b).perform(sender: nil, animated: true)
            trace.settle()
            #expect(a.presentedViewController === b)
            #expect(
                trace.lines([.prepareForSegue] + Hooks.golden) == [
                    "A prepareForSegue B", "B loadView", "B viewDidLoad", "A viewWillDisappear", "B viewWillAppear",
                    "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "B viewDidAppear", "A viewDidDisappear",
                ])
        }
    }

    // An interactive pop that completes ends as an animated pop does (seed004-back order plus the
    // delegate as in seed 003 lines 17-24): "Interactive pop that finishes or is cancelled".
    @Test("interactive pop that finishes")
    func interactivePopFinish() throws {
        try withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = launchNavigation(trace, [a, b])
            let gesture = try #require(navigation.beginInteractivePop())
            #expect(
                trace.lines(Hooks.appearance + Hooks.navigationDelegate) == [
                    "B viewWillDisappear", "A viewWillAppear", "Nav willShowViewController A",
                ])
            trace.runLoop.run(for: NavigationController.transitionDuration / 2)
            #expect(navigation.viewControllers.count == 2)
            gesture.finish()
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance + Hooks.navigationDelegate) == [
                    "B viewWillDisappear", "A viewWillAppear", "Nav willShowViewController A",
                    "B viewDidDisappear", "A viewDidAppear", "Nav didShowViewController A",
                ])
            #expect(navigation.viewControllers.map(\.name) == ["A"])
            #expect(a.appearanceState == .appeared && b.appearanceState == .disappeared)
        }
    }

    // ordering rule 2 ("will-appear ↔ will-disappear is legal (cancelled transitions)") and
    // ("Interactive pop that finishes or is cancelled, with the state machine's will-appear
    // ↔ will-disappear reversal"): on cancel the stack is unchanged, the outgoing controller ends
    // appeared and the incoming one disappeared.
    @Test("interactive pop that is cancelled")
    func interactivePopCancel() throws {
        try withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = launchNavigation(trace, [a, b])
            let gesture = try #require(navigation.beginInteractivePop())
            trace.runLoop.run(for: NavigationController.transitionDuration / 2)
            gesture.cancel()
            trace.settle()
            #expect(navigation.viewControllers.map(\.name) == ["A", "B"])
            #expect(navigation.topViewController === b)
            #expect(b.appearanceState == .appeared)
            #expect(a.appearanceState == .disappeared)
            #expect(trace.lines(Hooks.appearance, of: ["B"]) == ["B viewWillDisappear", "B viewWillAppear", "B viewDidAppear"])
            #expect(
                trace.lines(Hooks.appearance, of: ["A"]) == ["A viewWillAppear", "A viewWillDisappear", "A viewDidDisappear"])
            // No didShow for a show that did not happen (InteractivePopTransition docs: "no didShow is sent").
            #expect(trace.lines([.didShowViewController]).isEmpty)
            #expect(b.view.window === trace.window)
            #expect(a.viewIfLoaded?.window == nil)
            #expect(b.parent === navigation)
            // The navigation controller works normally afterwards.
            trace.reset()
            navigation.popViewController(animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance) == [
                    "B viewWillDisappear", "A viewWillAppear", "B viewDidDisappear", "A viewDidAppear",
                ])
        }
    }

    // UIViewController.isMovingToParent docs: "You can use this property … inside your
    // viewWillAppear(_:) and viewDidAppear(_:) methods"; isMovingFromParent: "… inside your
    // viewWillDisappear(_:) and viewDidDisappear(_:) methods". A controller covered by a push is
    // not moving.
    @Test("isMovingToParent / isMovingFromParent during the callbacks", arguments: [true, false])
    func movingFlags(animated: Bool) {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = launchNavigation(trace, [a])
            navigation.pushViewController(b, animated: animated)
            trace.settle()
            #expect(b.flags["viewWillAppear"] == MovingFlags(toParent: true))
            #expect(b.flags["viewDidAppear"] == MovingFlags(toParent: true))
            #expect(a.flags["viewWillDisappear"] == MovingFlags())
            #expect(a.flags["viewDidDisappear"] == MovingFlags())
            #expect(!b.isMovingToParent)

            navigation.popViewController(animated: animated)
            trace.settle()
            #expect(b.flags["viewWillDisappear"] == MovingFlags(fromParent: true))
            #expect(b.flags["viewDidDisappear"] == MovingFlags(fromParent: true))
            #expect(a.flags["viewWillAppear"] == MovingFlags())
            #expect(!b.isMovingFromParent)
            #expect(b.parent == nil)
        }
    }

    // UIViewController.willMove(toParent:)/didMove(toParent:) docs (containment): a container
    // calls willMove when adding and didMove after the transition; when removing, willMove(nil)
    // first and didMove(nil) after. ordering rule 8.
    @Test("push and pop send willMove/didMove around the appearance callbacks")
    func containmentEvents() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = launchNavigation(trace, [a])
            navigation.pushViewController(b, animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.containment + [.viewWillAppear, .viewDidAppear], of: ["B"]) == [
                    "B willMove Nav", "B viewWillAppear", "B viewDidAppear", "B didMove Nav",
                ])
            #expect(b.parent === navigation)
            #expect(b.navigationController === navigation)
            trace.reset()
            navigation.popViewController(animated: true)
            trace.settle()
            #expect(
                trace.lines(Hooks.containment + [.viewWillDisappear, .viewDidDisappear], of: ["B"]) == [
                    "B willMove", "B viewWillDisappear", "B viewDidDisappear", "B didMove",
                ])
            #expect(b.parent == nil)
            #expect(trace.lines(Hooks.containment, of: ["A"]).isEmpty)
        }
    }

    // Seed 003 lines 1-6 (launch of a navigation controller): A viewWillAppear, willShow A, …,
    // A viewDidAppear, didShow A. The seed's early didShow (line 4) is "not correct as A's
    // viewDidAppear method has not yet executed" (the seed's author) and is not expected here.
    @Test("launch of a navigation controller: willShow after the top's viewWillAppear, didShow after its viewDidAppear")
    func launchDelegateOrder() {
        withTrace { trace in
            let a = TestViewController("A")
            let navigation = NavigationController.make("Nav", [a])
            trace.launch(navigation)
            #expect(
                trace.lines([.viewWillAppear, .viewDidAppear] + Hooks.navigationDelegate, of: ["A", "Nav"]) == [
                    "Nav viewWillAppear", "A viewWillAppear", "Nav willShowViewController A",
                    "Nav viewDidAppear", "A viewDidAppear", "Nav didShowViewController A",
                ])
        }
    }

    // UIViewController.viewWillAppear(_:) docs: "animated: If true, the view is being added to the
    // window using an animation"; the flag of each callback is the transition's.
    @Test("the animated flag of the callbacks is the transition's", arguments: [true, false])
    func animatedFlag(animated: Bool) {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = launchNavigation(trace, [a])
            navigation.pushViewController(b, animated: animated)
            trace.settle()
            let flags = trace.events.filter { Hooks.appearance.contains($0.hook) }.map { $0.details.animated }
            #expect(flags == [animated, animated, animated, animated])
            let shows = trace.events.filter { Hooks.navigationDelegate.contains($0.hook) }.map { $0.details.animated }
            #expect(shows == [animated, animated])
        }
    }

    // UIViewController.isMovingFromParent docs: "You can use this property … inside your
    // viewWillDisappear(_:) and viewDidDisappear(_:) methods"; an edge-swipe back removes the top
    // controller from its parent from the start of the gesture, so the flag is already true in the
    // viewWillDisappear the gesture triggers (as in a button pop).
    @Test("interactive pop: isMovingFromParent is true in the outgoing viewWillDisappear")
    func interactivePopMovingFlag() throws {
        try withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = launchNavigation(trace, [a, b])
            let gesture = try #require(navigation.beginInteractivePop())
            #expect(b.flags["viewWillDisappear"]?.fromParent == true)
            trace.runLoop.run(for: NavigationController.transitionDuration / 2)
            gesture.finish()
            trace.settle()
            #expect(b.flags["viewDidDisappear"]?.fromParent == true)
            #expect(a.flags["viewWillAppear"] == MovingFlags())
        }
    }
}
