import Lifetrace
import LifetraceUI
import Testing

/// ordering rule 7 ("Tab switch starts with the incoming controller's viewWillAppear") and the
/// UITabBarControllerDelegate documentation.
@Suite("Tab bar")
@MainActor
struct TabBarTests {
    private func launchTabs(_ trace: Trace, _ tabs: [ViewController]) -> TabBarController {
        let tabBar = TabBarController(name: "Tabs")
        tabBar.setViewControllers(tabs, animated: false)
        trace.launch(tabBar)
        trace.reset()
        return tabBar
    }

    // ordering rule 7: "a tab switch starts with the incoming controller's
    // viewWillAppear". The rest (outgoing will/did disappear, then incoming did appear, no
    // animation, layout of the new view in the next pass) is the runtime's documented order
    // (TabBarController docs) and UIKit's non-animated container order (as seed004-push-plain).
    @Test("a tab switch starts with the incoming viewWillAppear")
    func switchOrder() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let tabBar = launchTabs(trace, [a, b])
            tabBar.select(index: 1)
            trace.settle()
            let appearance = trace.lines(Hooks.appearance)
            #expect(appearance.first == "B viewWillAppear")
            #expect(appearance == ["B viewWillAppear", "A viewWillDisappear", "A viewDidDisappear", "B viewDidAppear"])
            #expect(
                trace.lines(Hooks.golden + [.shouldSelectViewController, .didSelectViewController]) == [
                    "Tabs shouldSelectViewController B", "B loadView", "B viewDidLoad",
                    "B viewWillAppear", "A viewWillDisappear", "A viewDidDisappear", "B viewDidAppear",
                    "Tabs didSelectViewController B", "B viewWillLayoutSubviews", "B viewDidLayoutSubviews",
                ])
            #expect(tabBar.selectedIndex == 1)
            #expect(tabBar.selectedViewController === b)
            #expect(a.viewIfLoaded?.window == nil)
            #expect(b.view.window === trace.window)
            // Switching back: A was loaded already; it is not loaded again.
            trace.reset()
            tabBar.select(index: 0)
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance) == [
                    "A viewWillAppear", "B viewWillDisappear", "B viewDidDisappear", "A viewDidAppear",
                ])
            #expect(trace.count(.loadView, of: "A") == 0)
        }
    }

    // UITabBarControllerDelegate.tabBarController(_:shouldSelect:) docs: return "false if the
    // current tab should remain active".
    @Test("delegate shouldSelect returning false prevents the switch")
    func delegateRefuses() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let tabBar = launchTabs(trace, [a, b])
            let recorder = TabRecorder()
            recorder.allows = false
            tabBar.delegate = recorder
            tabBar.select(index: 1)
            trace.settle()
            #expect(recorder.calls == ["shouldSelect B"])
            #expect(tabBar.selectedIndex == 0)
            #expect(!b.isViewLoaded)
            #expect(trace.lines(Hooks.lifecycle).isEmpty)
            #expect(a.appearanceState == .appeared)

            recorder.allows = true
            tabBar.select(index: 1)
            trace.settle()
            #expect(recorder.calls == ["shouldSelect B", "shouldSelect B", "didSelect B"])
            #expect(tabBar.selectedIndex == 1)
        }
    }

    // UITabBarController.selectedIndex docs: "Setting this property changes the selected view
    // controller to the one at the designated index"; UITabBarControllerDelegate docs: the delegate
    // is called "only in response to user taps in the tab bar and is not called when your code
    // changes the tab bar contents programmatically".
    @Test("the selectedIndex setter switches without asking the delegate")
    func selectedIndexSetter() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            let tabBar = launchTabs(trace, [a, b, c])
            let recorder = TabRecorder()
            recorder.allows = false
            tabBar.delegate = recorder
            tabBar.selectedIndex = 2
            trace.settle()
            #expect(recorder.calls.isEmpty)
            #expect(tabBar.selectedIndex == 2)
            #expect(tabBar.selectedViewController === c)
            #expect(
                trace.lines(Hooks.appearance) == [
                    "C viewWillAppear", "A viewWillDisappear", "A viewDidDisappear", "C viewDidAppear",
                ])
            #expect(!b.isViewLoaded)
            // Selecting the selected tab again changes nothing.
            trace.reset()
            tabBar.selectedIndex = 2
            trace.settle()
            #expect(trace.lines(Hooks.lifecycle).isEmpty)
        }
    }

    // ordering rule 8 (containers forward appearance parent first): the tab bar controller's own
    // appearance reaches the selected tab only.
    @Test("the tab bar forwards its appearance to the selected tab only, parent first")
    func forwardsToSelectedOnly() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let tabBar = TabBarController(name: "Tabs")
            tabBar.setViewControllers([a, b], animated: false)
            trace.launch(tabBar)
            #expect(
                trace.lines(Hooks.appearance) == [
                    "Tabs viewWillAppear", "A viewWillAppear", "Tabs viewDidAppear", "A viewDidAppear",
                ])
        }
    }
}
