import Lifetrace
import LifetraceScenario
import LifetraceUI
import Synchronization
import Testing

/// Counts the events of a few hooks (the others are not even built), by hook name.
private final class HookCounter: Sink {
    private let hooks: [Hook]
    private let counts: Mutex<[Int]>

    init(_ hooks: [Hook]) {
        self.hooks = hooks
        counts = Mutex(Array(repeating: 0, count: hooks.count))
    }

    func wants(_ hook: Hook, _ phase: Phase) -> Bool { phase != .end && hooks.contains(hook) }

    func emit(_ event: Event) {
        guard event.phase != .end, let index = hooks.firstIndex(of: event.hook) else { return }
        counts.withLock { $0[index] += 1 }
    }

    func count(_ hook: Hook) -> Int { hooks.firstIndex(of: hook).map { index in counts.withLock { $0[index] } } ?? 0 }
}

/// No recursion proportional to input: the walks of the controller and view trees are
/// iterative, so a hierarchy's depth is bounded by memory, not by the stack (10 000 nested
/// children overflowed it before).
@Suite("Deep scenarios")
@MainActor
struct DeepScenarioTests {
    static let depth = 100_000

    @Test("100 000 nested children load, appear, get memory warnings, rotate, resize, change and are released")
    func nestedChildren() throws {
        let depth = Self.depth
        var text = ""
        for level in 0..<depth { text += "child C\(level + 1) in C\(level)\n" }
        text += """
            launch C0
            memory-warning
            rotate landscape
            resize 300x500
            add-child Leaf to C\(depth)
            remove-child C1

            """
        let scenario = try ScenarioParser.parse(text, source: "deep.scenario")
        let counter = HookCounter([.didReceiveMemoryWarning, .viewWillTransition, .viewDidAppear, .viewDidDisappear])
        weak var deepest: ViewController?
        try LifetraceSystem.withSink(counter) {
            let runner = ScenarioRunner()
            runner.runLoop.diagnosticHandler = { _ in }
            try runner.run(scenario)
            deepest = runner.existingController(named: "C\(depth)")
            #expect(deepest?.parent === runner.existingController(named: "C\(depth - 1)"))
            #expect(runner.existingController(named: "Leaf")?.parent === deepest)
            #expect(deepest?.view.frame.size == Size(width: 300, height: 500))
            #expect(deepest?.appearanceState == .disappeared, "C1's branch left the screen")
            #expect(runner.existingController(named: "C0")?.appearanceState == .appeared)
        }
        #expect(deepest == nil, "released")
        #expect(counter.count(.didReceiveMemoryWarning) == depth + 1)
        // Rotation and resize reach every controller on screen; Leaf appears and leaves with C1's branch.
        #expect(counter.count(.viewWillTransition) == 2 * (depth + 1))
        #expect(counter.count(.viewDidAppear) == depth + 2)
        #expect(counter.count(.viewDidDisappear) == depth + 1)
    }

    @Test("a 10 000-deep presentation chain: memory warning, rotation and dismissals end")
    func presentationChain() throws {
        let depth = 10_000
        var text = "launch P0\n"
        for level in 1...depth { text += "present P\(level) animated=false\n" }
        text += "memory-warning\nrotate landscape\ndismiss\ndismiss animated=false\nmemory-warning\n"
        let counter = HookCounter([.didReceiveMemoryWarning, .viewWillTransition])
        try LifetraceSystem.withSink(counter) {
            let runner = ScenarioRunner()
            runner.runLoop.diagnosticHandler = { _ in }
            try runner.run(try ScenarioParser.parse(text, source: "presentations.scenario"))
            #expect(runner.window.frontMostController?.name == "P\(depth - 2)")
        }
        #expect(counter.count(.didReceiveMemoryWarning) == (depth + 1) + (depth - 1))
        #expect(counter.count(.viewWillTransition) == depth + 1)
    }
}
