import Lifetrace
import LifetraceUI

/// Hook names grouped the way the tests compare them.
enum Hooks {
    /// The events the seed004 golden files compare (`# compare:` line of each seed004 golden file).
    static let golden: [Hook] = [
        .loadView, .viewDidLoad, .viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear,
        .viewWillLayoutSubviews, .viewDidLayoutSubviews,
    ]
    /// The four appearance callbacks.
    static let appearance: [Hook] = [.viewWillAppear, .viewDidAppear, .viewWillDisappear, .viewDidDisappear]
    /// The appearance callbacks and `viewIsAppearing`.
    static let appearanceAndIsAppearing: [Hook] = appearance + [.viewIsAppearing]
    /// The two layout callbacks of a controller.
    static let layout: [Hook] = [.viewWillLayoutSubviews, .viewDidLayoutSubviews]
    /// Loading.
    static let loading: [Hook] = [.loadView, .viewDidLoad]
    /// Everything a controller's lifecycle shows, including `viewIsAppearing`.
    static let lifecycle: [Hook] = golden + [.viewIsAppearing]
    /// The navigation controller's own delegate events.
    static let navigationDelegate: [Hook] = [.willShowViewController, .didShowViewController]
    /// Containment.
    static let containment: [Hook] = [.willMove, .didMove]
    /// The text field delegate.
    static let editing: [Hook] = [
        .textFieldShouldBeginEditing, .textFieldDidBeginEditing, .textFieldShouldEndEditing, .textFieldDidEndEditing,
    ]
}

/// One test's world: a recording sink, a run loop of its own and a window on it. Nothing shared, so
/// tests run in parallel.
@MainActor
final class Trace {
    let recording = RecordingSink()
    let runLoop: MainRunLoop
    let window: Window

    init(clock: AnimationClock = .virtual, size: Size = Window.defaultFrame.size) {
        runLoop = MainRunLoop(clock: clock)
        // Diagnostics stay in `runLoop.diagnostics`; keep the test log quiet.
        runLoop.diagnosticHandler = { _ in }
        window = Window(frame: Rect(origin: .zero, size: size), runLoop: runLoop)
    }

    /// Makes `root` the window's root view controller, shows the window and lets the run loop go idle.
    func launch(_ root: ViewController) {
        window.rootViewController = root
        window.makeKeyAndVisible()
        settle()
    }

    /// Lets the run loop turn until nothing is pending.
    func settle() { runLoop.runUntilIdle() }

    /// Forgets the events recorded so far (and the diagnostics).
    func reset() {
        recording.removeAll()
        runLoop.removeAllDiagnostics()
    }

    /// The recorded events without `end` records.
    var events: [Event] { recording.events.filter { $0.phase != .end } }

    /// The recorded events as `controller event [target]` lines, `end` records dropped, kept when
    /// the hook is in `hooks` and (when given) the controller in `controllers`.
    func lines(_ hooks: [Hook], of controllers: [String]? = nil) -> [String] {
        let names = Set(hooks.map(\.name))
        return
            events
            .filter { names.contains($0.hook.name) && (controllers.map { Set($0) }?.contains($0.controller) ?? true) }
            .map(Trace.line)
    }

    /// Every recorded event (except `end` records) as a line.
    func allLines() -> [String] { events.map(Trace.line) }

    /// How many times `controller` received `hook` (begin or instant records).
    func count(_ hook: Hook, of controller: String) -> Int {
        events.filter { $0.hook == hook && $0.controller == controller }.count
    }

    /// The views counted by each `layoutPass` (from its `end` record), in order.
    var layoutPassCounts: [Int] {
        recording.events.filter { $0.hook == .layoutPass && $0.phase == .end }.map { $0.details.count ?? -1 }
    }

    var warnings: [String] { runLoop.diagnostics.filter { $0.severity == .warning }.map(\.message) }
    var errors: [String] { runLoop.diagnostics.filter { $0.severity == .error }.map(\.message) }

    static func line(_ event: Event) -> String {
        var text = "\(event.controller) \(event.hook.name)"
        if let target = event.details.target { text += " \(target.name)" }
        return text
    }
}

/// Runs `body` with a fresh ``Trace`` whose recording sink receives the events of this task only.
@MainActor
func withTrace<R>(
    clock: AnimationClock = .virtual,
    size: Size = Window.defaultFrame.size,
    _ body: (Trace) throws -> R
) rethrows -> R {
    let trace = Trace(clock: clock, size: size)
    return try LifetraceSystem.withSink(trace.recording) { try body(trace) }
}
