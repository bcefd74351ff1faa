import Lifetrace
import Testing

@testable import LifetraceUI

/// ordering rules 2 and 3 and 10: the appearance state machine (disappeared → will appear →
/// appeared → will disappear → disappeared, will-appear ↔ will-disappear legal, duplicates
/// swallowed), `viewIsAppearing` once per appearance, unbalanced manual calls reported.
@Suite("Appearance state machine")
@MainActor
struct AppearanceStateTests {
    /// A launched container that does not forward appearance, with one child whose view is in the
    /// window: the child's appearance is driven by the test alone.
    private func containerWithSilentChild(_ trace: Trace) -> (ManualContainer, TestViewController) {
        let child = TestViewController("C")
        let container = ManualContainer("P")
        container.forwards = false
        container.declaredChildren = [child]
        trace.launch(container)
        #expect(child.window === trace.window)
        #expect(child.appearanceState == .disappeared)
        trace.reset()
        return (container, child)
    }

    // ordering rule 2: "duplicates are swallowed" — the runtime's internal forwarding may reach a
    // controller twice in the same direction; the second call sends nothing and reports nothing.
    @Test("duplicate internal begin/end calls are swallowed silently")
    func internalDuplicatesSwallowed() {
        withTrace { trace in
            let (_, child) = containerWithSilentChild(trace)
            #expect(child.beginAppearance(true, animated: false))
            #expect(!child.beginAppearance(true, animated: false))
            #expect(child.appearanceState == .appearing)
            #expect(child.endAppearance())
            #expect(!child.endAppearance())
            #expect(child.appearanceState == .appeared)
            #expect(!child.beginAppearance(true, animated: false))
            #expect(trace.lines(Hooks.appearanceAndIsAppearing) == ["C viewWillAppear", "C viewIsAppearing", "C viewDidAppear"])
            #expect(trace.runLoop.diagnostics.isEmpty)
        }
    }

    // ordering rule 2 (duplicates swallowed): showing the window twice or setting the same root
    // again changes nothing.
    @Test("makeKeyAndVisible twice and re-setting the same root send nothing")
    func publicDuplicatesSendNothing() {
        withTrace { trace in
            let a = TestViewController("A")
            trace.launch(a)
            trace.reset()
            trace.window.makeKeyAndVisible()
            trace.window.rootViewController = a
            trace.settle()
            #expect(trace.lines(Hooks.lifecycle).isEmpty)
            #expect(a.appearanceState == .appeared)
        }
    }

    // UIViewController.beginAppearanceTransition(_:animated:) docs: "If you are implementing a custom
    // container controller, use this method to tell the child that its views are about to appear or
    // disappear"; ordering rule 10: "Unbalanced appearance calls are reported like
    // UIKit's console warning, not crashed on" (UIKit logs "Unbalanced calls to begin/end appearance
    // transitions for <…>").
    @Test("manual begin/end: balanced calls drive the callbacks, unbalanced ones are warnings")
    func manualUnbalancedCallsWarn() {
        withTrace { trace in
            let (_, child) = containerWithSilentChild(trace)
            child.beginAppearanceTransition(true, animated: false)
            #expect(trace.runLoop.diagnostics.isEmpty)
            child.beginAppearanceTransition(true, animated: false)
            #expect(trace.warnings.count == 1)
            child.endAppearanceTransition()
            #expect(trace.warnings.count == 1)
            child.endAppearanceTransition()
            #expect(trace.warnings.count == 2)
            #expect(trace.errors.isEmpty)
            for warning in trace.warnings {
                #expect(warning.contains("Unbalanced calls to begin/end appearance transitions"))
            }
            #expect(child.appearanceState == .appeared)
            #expect(trace.lines(Hooks.appearanceAndIsAppearing) == ["C viewWillAppear", "C viewIsAppearing", "C viewDidAppear"])
        }
    }

    // Same source: an end without any begin is unbalanced too, and is ignored.
    @Test("an end without a begin is a warning and sends nothing")
    func endWithoutBegin() {
        withTrace { trace in
            let (_, child) = containerWithSilentChild(trace)
            child.endAppearanceTransition()
            #expect(trace.warnings.count == 1)
            #expect(trace.warnings.first?.contains("Unbalanced calls to begin/end appearance transitions") == true)
            #expect(trace.lines(Hooks.lifecycle).isEmpty)
            #expect(child.appearanceState == .disappeared)
        }
    }

    // A root that is on screen being told again that it appears: unbalanced, reported on the
    // run loop of its window, not crashed on (ordering rule 10).
    @Test("begin(appearing) on an appeared root is reported")
    func beginOnAppearedRoot() {
        withTrace { trace in
            let a = TestViewController("A")
            trace.launch(a)
            trace.reset()
            a.beginAppearanceTransition(true, animated: false)
            #expect(trace.warnings.count == 1)
            #expect(trace.warnings.first?.contains("Unbalanced calls to begin/end appearance transitions") == true)
            #expect(trace.lines(Hooks.lifecycle).isEmpty)
            #expect(a.appearanceState == .appeared)
        }
    }

    // ordering rule 2: "will-appear ↔ will-disappear is legal (cancelled transitions)".
    @Test("will appear reversed to will disappear, and back")
    func reversal() {
        withTrace { trace in
            let (_, child) = containerWithSilentChild(trace)
            child.beginAppearanceTransition(true, animated: true)
            child.beginAppearanceTransition(false, animated: true)
            child.endAppearanceTransition()
            #expect(child.appearanceState == .disappeared)
            #expect(trace.lines(Hooks.appearance) == ["C viewWillAppear", "C viewWillDisappear", "C viewDidDisappear"])
            #expect(trace.runLoop.diagnostics.isEmpty)

            // Appear for real, then start to disappear and come back.
            child.beginAppearanceTransition(true, animated: false)
            child.endAppearanceTransition()
            trace.reset()
            child.beginAppearanceTransition(false, animated: true)
            child.beginAppearanceTransition(true, animated: true)
            child.endAppearanceTransition()
            #expect(child.appearanceState == .appeared)
            #expect(trace.lines(Hooks.appearance) == ["C viewWillDisappear", "C viewWillAppear", "C viewDidAppear"])
            #expect(trace.runLoop.diagnostics.isEmpty)
        }
    }

    // UIViewController.viewIsAppearing(_:) docs: "The system calls this method once each time a view
    // controller's view appears after the viewWillAppear(_:) call"; ordering rule 3: viewWillAppear,
    // viewIsAppearing (exactly once), viewWillLayoutSubviews, …, viewDidAppear. The launch order
    // without viewIsAppearing is golden seed004-launch.golden.
    @Test("launch: viewIsAppearing once, after viewWillAppear, before layout and viewDidAppear")
    func viewIsAppearingAtLaunch() {
        withTrace { trace in
            trace.launch(TestViewController("A"))
            #expect(
                trace.lines(Hooks.lifecycle) == [
                    "A loadView", "A viewDidLoad", "A viewWillAppear", "A viewIsAppearing",
                    "A viewWillLayoutSubviews", "A viewDidLayoutSubviews", "A viewDidAppear",
                ])
        }
    }

    // Same sources; every appearance of a controller gets its own single viewIsAppearing (push in,
    // pop back, both animated and not).
    @Test("viewIsAppearing once per appearance across push and pop", arguments: [true, false])
    func viewIsAppearingPerAppearance(animated: Bool) {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = NavigationController.make("Nav", [a])
            trace.launch(navigation)
            trace.reset()
            navigation.pushViewController(b, animated: animated)
            trace.settle()
            let pushed = trace.lines(Hooks.lifecycle, of: ["B"])
            if animated {
                #expect(
                    pushed == [
                        "B loadView", "B viewDidLoad", "B viewWillAppear", "B viewIsAppearing",
                        "B viewWillLayoutSubviews", "B viewDidLayoutSubviews", "B viewDidAppear",
                    ])
            } else {
                #expect(
                    pushed == [
                        "B loadView", "B viewDidLoad", "B viewWillAppear", "B viewIsAppearing", "B viewDidAppear",
                        "B viewWillLayoutSubviews", "B viewDidLayoutSubviews",
                    ])
            }
            trace.reset()
            navigation.popViewController(animated: animated)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearanceAndIsAppearing, of: ["A"]) == [
                    "A viewWillAppear", "A viewIsAppearing", "A viewDidAppear",
                ])
            #expect(trace.count(.viewIsAppearing, of: "B") == 0)
        }
    }
}
