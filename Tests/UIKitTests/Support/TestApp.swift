import Foundation
import Lifetrace
import LifetraceUI
import UIKit

/// One test's app: a recording sink and a window on a run loop of its own (nothing shared, so
/// tests run in parallel), a root controller launched as an app launches it.
@MainActor
final class TestApp {
    let recording = RecordingSink()
    let runLoop = MainRunLoop(clock: .virtual)
    let window: UIWindow

    init() {
        runLoop.diagnosticHandler = { _ in }
        window = UIWindow(frame: UIScreen.main.bounds, runLoop: runLoop)
    }

    /// Makes `root` the window's root, shows the window and lets the run loop settle.
    func launch(_ root: UIViewController) {
        window.rootViewController = root
        window.makeKeyAndVisible()
        settle()
    }

    /// Lets the run loop turn until nothing is pending.
    func settle() { runLoop.runUntilIdle() }

    /// The begin and instant records of `hook`.
    func events(_ hook: Hook) -> [Event] { recording.events.filter { $0.hook == hook && $0.phase != .end } }
    /// The end records of `hook`.
    func ends(_ hook: Hook) -> [Event] { recording.events.filter { $0.hook == hook && $0.phase == .end } }

    /// `controller hook` lines of the hooks named, for the controllers named.
    func lines(_ hooks: [String], of controllers: Set<String>) -> [String] {
        recording.events
            .filter { $0.phase != .end && hooks.contains($0.hook.name) && controllers.contains($0.controller) }
            .map { "\($0.controller) \($0.hook.name)" }
    }

    /// Runs `body` with a new app whose recording sink receives this task's events.
    static func with(_ body: (TestApp) throws -> Void) rethrows {
        let app = TestApp()
        try LifetraceSystem.withSink(app.recording) { try body(app) }
    }
}
