public import LifetraceUI

/// The run loop that drives UIKit code headless (the runtime's; not a UIKit name): layout passes,
/// animations and completions run when it turns. A window made with `UIWindow(frame:)` runs on
/// `MainRunLoop.main`; a test lets it settle with `MainRunLoop.main.runUntilIdle()`
/// after each step (a launch, a tap), as UIKit's run loop would turn between events.
public typealias MainRunLoop = LifetraceUI.MainRunLoop
