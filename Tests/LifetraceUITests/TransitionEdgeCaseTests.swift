import Lifetrace
import LifetraceScenario
import LifetraceUI
import Testing

/// Transitions that overlap or would make the hierarchy inconsistent: each found by review, each
/// with UIKit's answer (an error or a warning, a finished or refused transition), never a crash,
/// a hang or a controller stranded in a transitional state.
@Suite("Transition edge cases")
@MainActor
struct TransitionEdgeCaseTests {
    private func launchNavigation(_ trace: Trace, _ names: [String]) -> (NavigationController, [TestViewController]) {
        let controllers = names.map { TestViewController($0) }
        let navigation = NavigationController(name: "Nav")
        navigation.setViewControllers(controllers, animated: false)
        trace.launch(navigation)
        trace.reset()
        return (navigation, controllers)
    }

    // UIKit raises UIViewControllerHierarchyInconsistency when a controller would become a child
    // of its own descendant; the runtime refuses with an error instead of a cycle (and a crash in
    // addSubview).
    @Test("pushing an ancestor of the navigation controller is refused")
    func pushAncestor() {
        withTrace { trace in
            let (navigation, _) = launchNavigation(trace, ["A"])
            let tabs = TabBarController(name: "Tabs")
            let other = TestViewController("X")
            tabs.setViewControllers([navigation, other], animated: false)
            trace.window.rootViewController = tabs
            trace.settle()
            trace.reset()
            navigation.pushViewController(tabs, animated: true)
            trace.settle()
            #expect(trace.errors.count == 1)
            #expect(trace.errors.first?.contains("cycle") == true)
            #expect(navigation.viewControllers.map(\.name) == ["A"])
            #expect(tabs.parent == nil)
        }
    }

    @Test("scenario: pushing the presenter into the navigation controller it presents is an error, not a hang")
    func pushPresenter() {
        let recording = RecordingSink()
        let failure = LifetraceSystem.withSink(recording) { () -> ScenarioError? in
            let runner = ScenarioRunner()
            runner.runLoop.diagnosticHandler = { _ in }
            do {
                try runner.run(try ScenarioParser.parse("nav Nav B\nlaunch A\npresent Nav\npush A\npop\n", source: "t"))
                return nil
            } catch {
                return error as? ScenarioError
            }
        }
        #expect(failure?.line == 4)
        #expect(failure?.message.contains("a presenter of it") == true, "\(String(describing: failure))")
    }

    // A timer of an earlier animation must not finish a later one: the second push ends 0.35 s
    // after it began (UINavigationController's push animation), not when the first one's timer fires.
    @Test("a stale animation timer does not finish a later push early")
    func staleTimer() {
        withTrace { trace in
            let (navigation, _) = launchNavigation(trace, ["A"])
            let b = TestViewController("B")
            let c = TestViewController("C")
            navigation.pushViewController(b, animated: true)
            trace.runLoop.run(for: 0.2)
            navigation.pushViewController(c, animated: true)
            trace.runLoop.run(for: 0.2)
            #expect(navigation.isTransitioning)
            #expect(c.appearanceState == .appearing)
            trace.settle()
            #expect(c.appearanceState == .appeared)
            #expect(b.appearanceState == .disappeared)
        }
    }

    // UIKit: "Attempt to dismiss from view controller … while a presentation or dismiss is in
    // progress!" — the dismissal is ignored and the presentation completes.
    @Test("dismiss during the presentation animation is refused with UIKit's warning")
    func dismissDuringPresent() {
        withTrace { trace in
            let presenter = TestViewController("P")
            let presented = TestViewController("A")
            trace.launch(presenter)
            presenter.present(presented, animated: true)
            trace.runLoop.run(for: 0.1)
            presented.dismiss(animated: true)
            trace.settle()
            #expect(trace.warnings.contains { $0.contains("while a presentation or dismiss is in progress") })
            #expect(presented.appearanceState == .appeared)
            #expect(presented.view.window === trace.window)
            #expect(presenter.appearanceState == .disappeared)
            #expect(presenter.presentedViewController === presented)
        }
    }

    // The state machine's reversal (ordering rule 2) completes before anything else moves: the
    // navigation controller is still transitioning until the cancel animation ends, and a push
    // then finishes it first.
    @Test("a push right after a cancelled interactive pop waits for the reversal")
    func pushAfterCancel() {
        withTrace { trace in
            let (navigation, controllers) = launchNavigation(trace, ["A", "B"])
            let gesture = navigation.beginInteractivePop()
            trace.runLoop.run(for: 0.1)
            gesture?.cancel()
            #expect(navigation.isTransitioning)
            let c = TestViewController("C")
            navigation.pushViewController(c, animated: false)
            trace.settle()
            #expect(controllers[0].appearanceState == .disappeared)
            #expect(controllers[1].appearanceState == .disappeared)
            #expect(controllers[1].viewIfLoaded?.window == nil)
            #expect(c.appearanceState == .appeared)
            #expect(navigation.viewControllers.map(\.name) == ["A", "B", "C"])
        }
    }

    // A push while the navigation controller itself is appearing (from a viewWillAppear, or in
    // the turn of makeKeyAndVisible): the new top takes the old top's part in the appearance.
    @Test("a push while the navigation controller appears: the new top appears, the old one does not stay appearing")
    func pushWhileAppearing() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = NavigationController(rootViewController: a, name: "Nav")
            trace.window.rootViewController = navigation
            trace.window.makeKeyAndVisible()
            navigation.pushViewController(b, animated: false)
            trace.settle()
            #expect(navigation.appearanceState == .appeared)
            #expect(a.appearanceState == .disappeared)
            #expect(b.appearanceState == .appeared)
            #expect(b.view.window === trace.window)
            #expect(trace.lines(Hooks.appearance, of: ["B"]) == ["B viewWillAppear", "B viewDidAppear"])
        }
    }

    // UIViewController.didMove(toParent:): sent once when a controller is added; tabs that stay
    // are not moved again.
    @Test("adding a tab sends didMove to the new tab only")
    func addTab() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            let tabs = TabBarController(name: "Tabs")
            tabs.setViewControllers([a, b], animated: false)
            trace.launch(tabs)
            trace.reset()
            tabs.setViewControllers([a, b, c], animated: false)
            #expect(trace.lines(Hooks.containment) == ["C willMove Tabs", "C didMove Tabs"])
            tabs.setViewControllers([a, a], animated: false)
            #expect(trace.errors.count == 1)
            #expect(tabs.viewControllers?.map(\.name) == ["A", "B", "C"])
        }
    }

    // CALayer.layoutIfNeeded: "the layer's super layers are traversed until an ancestor layer is
    // found that does not require layout. Then layout is performed on the entire layer-tree
    // beneath that ancestor" — a sibling branch waiting for the pass is not laid out with it.
    @Test("layoutIfNeeded lays out its own branch, not a sibling branch")
    func layoutIfNeededStaysInBranch() {
        withTrace { trace in
            trace.window.makeKeyAndVisible()
            let left = CountingView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            let right = CountingView(frame: Rect(x: 10, y: 0, width: 10, height: 10))
            trace.window.addSubview(left)
            trace.window.addSubview(right)
            trace.settle()
            left.setNeedsLayout()
            right.setNeedsLayout()
            left.layoutIfNeeded()
            #expect(left.layoutCount == 2)
            #expect(right.layoutCount == 1)
            trace.settle()
            #expect(right.layoutCount == 2)
        }
    }
}
