import Lifetrace
import LifetraceUI
import Testing

/// ordering rule 1: views load lazily; `isViewLoaded` never loads; a navigation stack set up front
/// loads only the top's view.
@Suite("Lazy view loading")
@MainActor
struct LazyLoadingTests {
    // UIViewController.isViewLoaded / viewIfLoaded docs: "If the view has not yet been loaded, this
    // property is set to nil"; UIViewController.view docs: "you can use the isViewLoaded method to
    // determine if the view is currently in memory. Unlike this property, the isViewLoaded property
    // does not force the loading of the view".
    @Test("isViewLoaded and viewIfLoaded never load the view")
    func queriesDoNotLoad() {
        withTrace { trace in
            let controller = TestViewController("A")
            #expect(!controller.isViewLoaded)
            #expect(controller.viewIfLoaded == nil)
            #expect(!controller.isViewLoaded)
            #expect(trace.allLines() == ["A initWithNibName"], "creation only")
        }
    }

    // UIViewController.loadView docs: "The view controller calls this method when its view property
    // is requested but is currently nil"; seed 000/001 (Apple's "Understand the View Controller
    // Lifecycle"): viewDidLoad is called "only once, when its content view is first created".
    @Test("view loads once on first access: loadView, then viewDidLoad")
    func viewLoadsOnce() {
        withTrace { trace in
            let controller = TestViewController("A")
            let first = controller.view
            let second = controller.view
            #expect(first === second)
            #expect(controller.isViewLoaded)
            #expect(controller.viewIfLoaded === first)
            #expect(trace.lines(Hooks.lifecycle) == ["A loadView", "A viewDidLoad"])
        }
    }

    // UIViewController.loadViewIfNeeded docs: "Loads the view controller's view if it's not loaded yet."
    @Test("loadViewIfNeeded loads once and is a no-op afterwards")
    func loadViewIfNeeded() {
        withTrace { trace in
            let controller = TestViewController("A")
            controller.loadViewIfNeeded()
            controller.loadViewIfNeeded()
            _ = controller.view
            #expect(controller.isViewLoaded)
            #expect(trace.lines(Hooks.lifecycle) == ["A loadView", "A viewDidLoad"])
        }
    }

    // UIViewController.loadView docs: "This method loads or creates a view and assigns it to the
    // view property"; an override that sets its own view gets that view.
    @Test("a loadView override supplies the view")
    func customLoadView() {
        final class Custom: ViewController {
            let custom = View(frame: Rect(x: 0, y: 0, width: 10, height: 20))
            override func loadView() { view = custom }
        }
        withTrace { trace in
            let controller = Custom(name: "Custom")
            #expect(controller.view === controller.custom)
            #expect(trace.lines(Hooks.loading) == ["Custom loadView", "Custom viewDidLoad"])
            #expect(trace.warnings.isEmpty)
        }
    }

    // ordering rule 1: "A navigation stack set up front loads only the top's view."
    @Test("a navigation stack set up front loads only the top's view")
    func navigationStackLoadsTopOnly() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            let navigation = NavigationController.make("Nav", [a, b, c])
            #expect(!a.isViewLoaded && !b.isViewLoaded && !c.isViewLoaded)
            trace.launch(navigation)
            #expect(!a.isViewLoaded)
            #expect(!b.isViewLoaded)
            #expect(c.isViewLoaded)
            #expect(trace.lines(Hooks.loading, of: ["A", "B", "C"]) == ["C loadView", "C viewDidLoad"])
            #expect(trace.lines(Hooks.appearance, of: ["A", "B"]).isEmpty)
            // Going back loads the controller below only then.
            trace.reset()
            navigation.popViewController(animated: false)
            trace.settle()
            #expect(b.isViewLoaded)
            #expect(!a.isViewLoaded)
            #expect(trace.lines(Hooks.loading) == ["B loadView", "B viewDidLoad"])
        }
    }

    // Unvisited tabs stay unloaded: UITabBarController loads a tab's view when it is selected.
    @Test("unvisited tabs stay unloaded")
    func unvisitedTabsStayUnloaded() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            let tabs = TabBarController(name: "Tabs")
            tabs.setViewControllers([a, b, c], animated: false)
            trace.launch(tabs)
            #expect(a.isViewLoaded)
            #expect(!b.isViewLoaded)
            #expect(!c.isViewLoaded)
            tabs.selectedIndex = 2
            trace.settle()
            #expect(c.isViewLoaded)
            #expect(!b.isViewLoaded)
            #expect(trace.count(.loadView, of: "B") == 0)
        }
    }
}
