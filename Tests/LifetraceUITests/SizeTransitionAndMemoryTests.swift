import Lifetrace
import LifetraceUI
import Testing

/// "Size transitions: viewWillTransition(to:with:) from the root down, then a top-down
/// layout of views whose size changed"; "didReceiveMemoryWarning through the whole hierarchy
/// (loaded or not); deinit events where a controller is released".
@Suite("Size transitions, memory warnings, deinit")
@MainActor
struct SizeTransitionAndMemoryTests {
    // UIViewController.viewWillTransition(to:with:) docs: "UIKit calls this method before changing
    // the size of a presented view controller's view … If you override this method in your custom
    // view controllers, always call super at some point in your implementation so that UIKit can
    // forward the size change message appropriately" (root down, then layout of views
    // whose size changed, top down per ordering rule 4).
    @Test("viewWillTransition from the root down, with the size, then layout top down", arguments: [true, false])
    func rotation(animated: Bool) {
        withTrace { trace in
            let child = TestViewController("C")
            let parent = TestViewController("P")
            parent.declaredChildren = [child]
            let navigation = NavigationController.make("Nav", [parent])
            trace.launch(navigation)
            trace.reset()
            trace.window.transition(to: Size(width: 844, height: 390), animated: animated)
            trace.settle()
            #expect(
                trace.lines([.viewWillTransition] + Hooks.layout) == [
                    "Nav viewWillTransition", "P viewWillTransition", "C viewWillTransition",
                    "Nav viewWillLayoutSubviews", "Nav viewDidLayoutSubviews",
                    "P viewWillLayoutSubviews", "P viewDidLayoutSubviews",
                    "C viewWillLayoutSubviews", "C viewDidLayoutSubviews",
                ])
            let sizes = trace.events.filter { $0.hook == .viewWillTransition }.map { $0.details.text }
            #expect(sizes == ["844x390", "844x390", "844x390"])
            #expect(child.view.frame.size == Size(width: 844, height: 390))
            #expect(trace.lines(Hooks.appearance).isEmpty)
        }
    }

    // UIViewControllerTransitionCoordinator.animate(alongsideTransition:completion:) docs: the
    // completion block runs "after the transition finishes"; the size has not changed yet inside
    // viewWillTransition ("before changing the size").
    @Test("the coordinator's completion runs after the transition; the size changes after viewWillTransition")
    func coordinatorCompletion() {
        withTrace { trace in
            let a = TestViewController("A")
            trace.launch(a)
            var log: [String] = []
            a.onWillTransition = { size, coordinator in
                log.append("will \(size) view=\(a.view.frame.size)")
                coordinator.animate(alongsideTransition: { _ in log.append("alongside view=\(a.view.frame.size)") }) { _ in
                    log.append("completion")
                }
            }
            trace.window.transition(to: Size(width: 844, height: 390), animated: true)
            #expect(!log.contains("completion"))
            trace.settle()
            #expect(log == ["will 844x390 view=390x844", "alongside view=844x390", "completion"])
        }
    }

    // Same documentation ("forward the size change message appropriately"): a presented controller
    // is told too, and a size that is not a change of a view still reaches every controller.
    @Test("a presented controller is told of the size transition")
    func presentedToldOfTransition() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            trace.launch(a)
            b.modalPresentationStyle = .overFullScreen
            a.present(b, animated: false)
            trace.settle()
            trace.reset()
            trace.window.transition(to: Size(width: 844, height: 390), animated: false)
            trace.settle()
            #expect(trace.lines([.viewWillTransition]) == ["A viewWillTransition", "B viewWillTransition"])
            #expect(b.view.frame.size == Size(width: 844, height: 390))
            #expect(a.view.frame.size == Size(width: 844, height: 390))
        }
    }

    // UIViewController.didReceiveMemoryWarning docs: "Sent to the view controller when the app
    // receives a memory warning" — to every controller, whether or not its view is loaded (seed 004,
    // didReceiveMemoryWarning: "through the whole hierarchy (loaded or not)"). The warning
    // does not load views.
    @Test("a memory warning reaches every controller, loaded or not, without loading views")
    func memoryWarning() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            let t1 = TestViewController("T1")
            let t2 = TestViewController("T2")
            let m = TestViewController("M")
            let navigation = NavigationController.make("Nav", [a, b, c])
            let tabs = TabBarController(name: "Tabs")
            tabs.setViewControllers([navigation, t1, t2], animated: false)
            trace.launch(tabs)
            c.present(m, animated: false)
            trace.settle()
            trace.reset()
            trace.window.sendMemoryWarning()
            trace.settle()
            let received = trace.lines([.didReceiveMemoryWarning])
            #expect(
                received.sorted()
                    == [
                        "A", "B", "C", "M", "Nav", "T1", "T2", "Tabs",
                    ].map { "\($0) didReceiveMemoryWarning" })
            #expect(received.first == "Tabs didReceiveMemoryWarning")
            #expect(!a.isViewLoaded && !b.isViewLoaded && !t1.isViewLoaded && !t2.isViewLoaded)
            #expect(trace.lines(Hooks.lifecycle).isEmpty)
        }
    }

    // "Deinit events where a controller is released". A controller popped and let go emits
    // `deinit`; one still on the stack does not.
    @Test("deinit is recorded when a controller is released")
    func deinitEvent() {
        withTrace { trace in
            let a = TestViewController("A")
            let navigation = NavigationController.make("Nav", [a])
            trace.launch(navigation)
            weak var weakB: ViewController?
            weak var weakLoose: ViewController?
            do {
                let b = TestViewController("B")
                weakB = b
                navigation.pushViewController(b, animated: true)
                trace.settle()
                navigation.popViewController(animated: true)
                trace.settle()
            }
            do {
                let loose = TestViewController("Loose")
                weakLoose = loose
                _ = loose.view
            }
            trace.settle()
            #expect(weakB == nil)
            #expect(weakLoose == nil)
            #expect(trace.count(.deinitialize, of: "B") == 1)
            #expect(trace.count(.deinitialize, of: "Loose") == 1)
            #expect(trace.count(.deinitialize, of: "A") == 0)
        }
    }
}
