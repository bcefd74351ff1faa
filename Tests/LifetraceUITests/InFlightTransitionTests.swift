import Lifetrace
import LifetraceUI
import Testing

/// Transitions issued while others animate, completions and the warning events
/// of the runtime's console messages, called directly on the runtime.
@Suite("Transitions in flight")
@MainActor
struct InFlightTransitionTests {
    @Test("a push while a push animates: UIKit's two warnings as events, the first finished before the second begins")
    func nestedPush() {
        withTrace { trace in
            let navigation = NavigationController(rootViewController: TestViewController("First"), name: "Nav")
            trace.launch(navigation)
            trace.reset()
            navigation.pushViewController(TestViewController("Second"), animated: true)
            #expect(navigation.isTransitioning)
            navigation.pushViewController(TestViewController("Third"), animated: true)
            #expect(
                trace.warnings == [
                    "nested push animation can result in corrupted navigation bar",
                    "Finishing up a navigation transition in an unexpected state. Navigation Bar subview tree might get corrupted.",
                ])
            trace.settle()
            #expect(
                trace.lines([.warning, .viewDidAppear, .viewWillAppear]) == [
                    "Second viewWillAppear", "Nav warning", "Nav warning", "Second viewDidAppear",
                    "Third viewWillAppear", "Third viewDidAppear",
                ])
            #expect(navigation.viewControllers.map(\.name) == ["First", "Second", "Third"])
        }
    }

    @Test("a push after the first has finished warns of nothing")
    func sequentialPushes() {
        withTrace { trace in
            let navigation = NavigationController(rootViewController: TestViewController("First"), name: "Nav")
            trace.launch(navigation)
            navigation.pushViewController(TestViewController("Second"), animated: true)
            trace.runLoop.run(for: NavigationController.transitionDuration + 0.01)
            navigation.pushViewController(TestViewController("Third"), animated: true)
            trace.settle()
            #expect(trace.warnings.isEmpty)
        }
    }

    @Test("a push's completion runs after viewDidAppear, didShow and didMove; at once off screen")
    func pushCompletion() {
        withTrace { trace in
            let navigation = NavigationController(rootViewController: TestViewController("First"), name: "Nav")
            trace.launch(navigation)
            trace.reset()
            var order: [String] = []
            navigation.pushViewController(TestViewController("Second"), animated: true) {
                order = trace.lines([.viewDidAppear, .didShowViewController, .didMove])
            }
            #expect(order.isEmpty)
            trace.settle()
            #expect(order == ["Second viewDidAppear", "Nav didShowViewController Second", "Second didMove Nav"])

            let offScreen = NavigationController(rootViewController: TestViewController("A"), name: "Off")
            var ran = false
            offScreen.pushViewController(TestViewController("B"), animated: true) { ran = true }
            #expect(ran)
        }
    }

    @Test("presenting from a controller being presented or dismissed is refused: in progress, no completion")
    func presentInProgress() {
        withTrace { trace in
            let first = TestViewController("A")
            trace.launch(first)
            let second = TestViewController("B")
            first.present(second, animated: true)
            var completed = false
            second.present(TestViewController("C"), animated: true) { completed = true }
            first.present(TestViewController("D"), animated: false) { completed = true }
            trace.settle()
            #expect(!completed)
            #expect(trace.warnings.count == 2)
            #expect(trace.warnings.allSatisfy { $0.hasSuffix("while a presentation is in progress.") })
            #expect(second.presentedViewController == nil)
            first.present(TestViewController("E"), animated: false)
            #expect(trace.warnings.last?.contains("which is already presenting <B: 0x") == true)
            #expect(trace.lines([.warning]) == ["B warning", "A warning", "A warning"])
        }
    }

    @Test("providesPresentationContextTransitionStyle only on a context presentation of a controller that provides it")
    func providedStyle() {
        withTrace { trace in
            let context = TestViewController("Context")
            context.definesPresentationContext = true
            context.providesPresentationContextTransitionStyle = true
            context.modalTransitionStyle = .partialCurl
            trace.launch(context)
            let sheet = TestViewController("Sheet")
            sheet.modalTransitionStyle = .crossDissolve
            sheet.modalPresentationStyle = .overCurrentContext
            context.present(sheet, animated: false)
            trace.settle()
            context.dismiss(animated: false)
            trace.settle()
            sheet.modalPresentationStyle = .fullScreen
            context.present(sheet, animated: false)
            trace.settle()
            let texts = trace.events.filter { $0.hook == .transition }.compactMap(\.details.text)
            #expect(texts == ["present overCurrentContext partialCurl", "dismiss", "present fullScreen crossDissolve"])
        }
    }
}
