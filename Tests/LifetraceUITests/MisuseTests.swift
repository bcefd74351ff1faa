import Lifetrace
import LifetraceUI
import Testing

/// ordering rule 10: "Misuse gets UIKit's answer: pushing a controller already on the stack is an
/// error; popping the root returns nothing; unbalanced appearance calls are reported, not crashed
/// on" (the unbalanced case is in AppearanceStateTests).
@Suite("Misuse")
@MainActor
struct MisuseTests {
    // UINavigationController.pushViewController(_:animated:) docs: "If the view controller is
    // already on the navigation stack, this method throws an exception" (UIKit's reason: "Pushing
    // the same view controller instance more than once is not supported").
    @Test("pushing a controller already on the stack is an error; the stack is unchanged")
    func pushTwice() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = NavigationController.make("Nav", [a, b])
            trace.launch(navigation)
            trace.reset()
            navigation.pushViewController(a, animated: true)
            navigation.pushViewController(b, animated: false)
            trace.settle()
            #expect(trace.errors.count == 2)
            for error in trace.errors {
                #expect(error.contains("Pushing the same view controller instance more than once is not supported"))
            }
            #expect(navigation.viewControllers.map(\.name) == ["A", "B"])
            #expect(trace.lines(Hooks.lifecycle + Hooks.navigationDelegate + Hooks.containment).isEmpty)
            #expect(b.appearanceState == .appeared)
        }
    }

    // UINavigationController.popViewController(animated:) docs: "If the view controller at the top
    // of the stack is the root view controller, this method does nothing. In other words, you
    // cannot pop the last item on the stack."
    @Test("popping the root returns nil and emits nothing")
    func popRoot() {
        withTrace { trace in
            let a = TestViewController("A")
            let navigation = NavigationController.make("Nav", [a])
            trace.launch(navigation)
            trace.reset()
            #expect(navigation.popViewController(animated: true) == nil)
            trace.settle()
            #expect(trace.allLines().isEmpty)
            #expect(trace.runLoop.diagnostics.isEmpty)
            #expect(navigation.viewControllers.map(\.name) == ["A"])
            #expect(a.appearanceState == .appeared)
        }
    }

    // ("Dismissing with nothing presented … with the error or warning a UIKit developer
    // would expect"): a warning, nothing else happens.
    @Test("dismiss with nothing presented is a warning")
    func dismissNothing() {
        withTrace { trace in
            let a = TestViewController("A")
            trace.launch(a)
            trace.reset()
            a.dismiss(animated: true)
            trace.settle()
            #expect(trace.warnings.count == 1)
            #expect(trace.errors.isEmpty)
            #expect(trace.lines(Hooks.lifecycle).isEmpty)
            #expect(a.appearanceState == .appeared)
        }
    }

    // UIKit's console: "Attempt to present <B> on <A> which is already presenting <C>" — a warning;
    // the second controller is not presented (and, lazily, not even loaded).
    @Test("presenting while already presenting is a warning; nothing changes")
    func presentWhilePresenting() {
        withTrace { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let c = TestViewController("C")
            trace.launch(a)
            a.present(b, animated: false)
            trace.settle()
            trace.reset()
            var completed = false
            a.present(c, animated: true) { completed = true }
            trace.settle()
            #expect(trace.warnings.count == 1)
            #expect(trace.warnings.first?.contains("already presenting") == true)
            #expect(a.presentedViewController === b)
            #expect(c.presentingViewController == nil)
            #expect(!c.isViewLoaded)
            #expect(!completed)
            #expect(trace.lines(Hooks.lifecycle).isEmpty)
        }
    }
}
