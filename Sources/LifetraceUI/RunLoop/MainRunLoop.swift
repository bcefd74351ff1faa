import Lifetrace

/// The main thread's run loop: work queued for the next turn, timers on an ``AnimationClock``,
/// and, at the end of every turn, a layout pass over each window that needs one.
///
/// Nothing runs on its own: a host (the scenario runner, a test) calls ``runUntilIdle()`` after
/// each action, as UIKit's run loop would keep turning until nothing is pending.
@MainActor
public final class MainRunLoop {
    private struct Timer {
        let deadline: Double
        let order: Int
        let action: @MainActor () -> Void
    }

    private struct WeakWindow {
        weak var window: Window?
    }

    /// The run loop windows use unless given another.
    public static let main = MainRunLoop()

    private let time: ClockTime
    private var tasks: [@MainActor () -> Void] = []
    private var timers: [Timer] = []
    private var timerOrder = 0
    private var windows: [WeakWindow] = []

    /// What the runtime reported (UIKit's console), oldest first.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Called with each diagnostic as it is reported; by default prints it on standard error.
    public var diagnosticHandler: @MainActor (Diagnostic) -> Void = { diagnostic in
        StandardError.writeLine("[Lifetrace] \(diagnostic)")
    }

    /// The most turns ``runUntilIdle()`` takes before it reports a loop that never settles.
    public var turnLimit = 100_000

    /// Creates a run loop on a clock (virtual by default).
    public init(clock: AnimationClock = .virtual) {
        self.time = ClockTime(clock)
    }

    /// The clock animations and timers run on.
    public var clock: AnimationClock { time.clock }

    /// Seconds since the run loop was made, on its clock.
    public var now: Double { time.now }

    /// Whether work, timers or layout are pending.
    public var hasPendingWork: Bool {
        !tasks.isEmpty || !timers.isEmpty || !ObservedChanges.isEmpty || windows.contains { $0.window?.needsLayoutPass == true }
    }

    /// Runs `action` in the next turn, after this turn's layout pass.
    public func perform(_ action: @escaping @MainActor () -> Void) {
        tasks.append(action)
    }

    /// Runs `action` once `delay` seconds have passed on the clock.
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) {
        timerOrder += 1
        let timer = Timer(deadline: time.now + max(0, delay), order: timerOrder, action: action)
        let index = timers.firstIndex { ($0.deadline, $0.order) > (timer.deadline, timer.order) } ?? timers.endIndex
        timers.insert(timer, at: index)
    }

    /// Runs `completion` when an animation of `duration` seconds ends, or at once when not `animated`.
    public func afterAnimation(_ animated: Bool, duration: Double, _ completion: @escaping @MainActor () -> Void) {
        if animated {
            schedule(after: duration, completion)
        } else {
            completion()
        }
    }

    /// Reports a misuse, as UIKit's console would. A warning is also a `warning` event (its text
    /// the message) of the diagnostic's subject, or of `UIKit` when it has none, so a trace shows
    /// where the console message fell among the callbacks.
    public func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        if diagnostic.severity == .warning {
            Probe(subject: diagnostic.subject ?? Self.consoleSubject).emitEvent(.warning, Details(text: diagnostic.message))
        }
        diagnosticHandler(diagnostic)
    }

    /// The subject of warnings about no particular object.
    static let consoleSubject = Subject(name: "UIKit", id: 0)

    /// Forgets the diagnostics reported so far.
    public func removeAllDiagnostics() { diagnostics.removeAll() }

    /// Ends the current turn and keeps turning (layout, queued work, timers in deadline order)
    /// until nothing is pending.
    public func runUntilIdle() {
        run(until: nil)
    }

    /// Lets `seconds` pass: turns as ``runUntilIdle()`` does, firing only the timers due by then,
    /// and leaves the clock at the end of the interval.
    public func run(for seconds: Double) {
        let deadline = time.now + max(0, seconds)
        run(until: deadline)
        time.advance(to: deadline)
    }

    /// The run loop whose turn is running (work it runs schedules on it), or ``main`` outside any.
    public static var current: MainRunLoop { running.last ?? .main }
    private static var running: [MainRunLoop] = []

    private func run(until deadline: Double?) {
        MainRunLoop.running.append(self)
        defer { MainRunLoop.running.removeLast() }
        var turns = 0
        while turns < turnLimit {
            turns += 1
            layoutWindows()
            if !tasks.isEmpty {
                let batch = tasks
                tasks.removeAll()
                for task in batch { task() }
                continue
            }
            guard let next = timers.first, deadline.map({ next.deadline <= $0 }) ?? true else { return }
            timers.removeFirst()
            time.advance(to: next.deadline)
            next.action()
        }
        report(Diagnostic(.error, "The run loop did not become idle after \(turnLimit) turns (work keeps scheduling work)."))
        tasks.removeAll()
        timers.removeAll()
    }

    func register(_ window: Window) {
        windows.removeAll { $0.window == nil || $0.window === window }
        windows.append(WeakWindow(window: window))
        Self.allWindows.removeAll { $0.window == nil || $0.window === window }
        Self.allWindows.append(WeakWindow(window: window))
    }

    /// Delivers the observed changes and runs the layout passes waiting now in every window, on
    /// every run loop (`.flushUpdates`).
    static func flushUpdates() {
        ObservedChanges.deliver()
        for window in allWindows { if let window = window.window, window.needsLayoutPass { window.runLayoutPass() } }
    }

    /// Every window registered with a run loop (weakly; the flush's reach).
    private static var allWindows: [WeakWindow] = []

    private func layoutWindows() {
        ObservedChanges.deliver()
        for entry in windows {
            if let window = entry.window, window.needsLayoutPass {
                window.runLayoutPass()
            }
        }
    }
}
