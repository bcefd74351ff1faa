import Lifetrace
import LifetraceUI
import Testing

/// "The default clock is virtual (a 0.35 s push finishes instantly, in the right order); a
/// real-time clock is an option."
@Suite("Animation clock")
@MainActor
struct ClockTests {
    @Test("virtual clock: runUntilIdle completes an animated push at once, in order")
    func virtualClock() {
        withTrace(clock: .virtual) { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = NavigationController.make("Nav", [a])
            trace.launch(navigation)
            trace.reset()
            let start = MonotonicClock.now()
            navigation.pushViewController(b, animated: true)
            #expect(navigation.isTransitioning)
            trace.settle()
            let elapsed = MonotonicClock.now() - start
            // Nothing waited for the animation: less than its 0.35 s went by.
            #expect(elapsed < UInt64(NavigationController.transitionDuration * 1e9))
            #expect(!navigation.isTransitioning)
            #expect(trace.runLoop.now >= NavigationController.transitionDuration)
            #expect(b.appearanceState == .appeared)
            // golden/seed004-push-animated.golden
            #expect(
                trace.lines(Hooks.appearance) == [
                    "A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear", "B viewDidAppear",
                ])
        }
    }

    @Test("real-time clock: an animated push takes its 0.35 s")
    func realTimeClock() {
        withTrace(clock: .realTime) { trace in
            let a = TestViewController("A")
            let b = TestViewController("B")
            let navigation = NavigationController.make("Nav", [a])
            trace.launch(navigation)
            let start = MonotonicClock.now()
            navigation.pushViewController(b, animated: true)
            trace.settle()
            let elapsed = MonotonicClock.now() - start
            #expect(elapsed >= 350_000_000)
            #expect(b.appearanceState == .appeared)
        }
    }
}
