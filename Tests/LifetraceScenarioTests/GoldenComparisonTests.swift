import Foundation
import Lifetrace
import LifetraceScenario
import Testing

/// Builds a synthetic trace the way the runner and runtime would record it.
struct TraceBuilder {
    private(set) var events: [Event] = []
    private var stepIndex = 0

    /// Appends one record.
    mutating func record(
        _ controller: String, _ hook: String, phase: Phase, target: String? = nil,
        index: Int? = nil, text: String? = nil
    ) {
        let details = Details(
            target: target.map { Subject(name: $0, id: UInt(bitPattern: $0.hashValue)) },
            index: index, text: text)
        events.append(
            Event(
                seq: UInt64(events.count + 1), timestamp: UInt64(events.count) * 1_000,
                hook: Hook(hook), phase: phase,
                subject: Subject(name: controller, id: UInt(bitPattern: controller.hashValue)),
                details: details, duration: phase == .end ? 500 : nil))
    }

    /// A `scenario.step` interval (begin and end), as the runner emits before each step.
    mutating func step(_ text: String) {
        stepIndex += 1
        record("scenario", Hook.scenarioStep.name, phase: .begin, index: stepIndex, text: text)
        record("scenario", Hook.scenarioStep.name, phase: .end, index: stepIndex, text: text)
    }

    /// A hook interval around user code: begin and end records.
    mutating func hook(_ controller: String, _ hook: String, target: String? = nil) {
        record(controller, hook, phase: .begin, target: target)
        record(controller, hook, phase: .end, target: target)
    }

    /// An instant record.
    mutating func instant(_ controller: String, _ hook: String, target: String? = nil) {
        record(controller, hook, phase: .instant, target: target)
    }

    /// Several hook intervals, each written `CONTROLLER EVENT [TARGET]`.
    mutating func hooks(_ lines: [String]) {
        for line in lines {
            let words = line.split(separator: " ").map(String.init)
            hook(words[0], words[1], target: words.count > 2 ? words[2] : nil)
        }
    }
}

@Suite("Golden comparison")
struct GoldenComparisonTests {
    static let back = """
        # Back button.
        # compare: loadView viewDidLoad viewWillAppear viewDidAppear viewWillDisappear viewDidDisappear viewWillLayoutSubviews viewDidLayoutSubviews
        # from: pop
        nav Nav First
        launch Nav
        push Second
        pop
        ---
        Second viewWillDisappear
        First viewWillAppear
        Second viewDidDisappear
        First viewDidAppear
        """

    /// The back scenario's trace with noise that the comparison must ignore.
    static func backTrace(afterPop: [String]) -> [Event] {
        var trace = TraceBuilder()
        trace.step("nav Nav First")
        trace.step("launch Nav")
        trace.hooks(["Nav loadView", "First loadView", "First viewWillAppear", "First viewDidAppear"])
        trace.step("push Second")
        trace.hooks(["First viewWillDisappear", "Second viewWillAppear", "First viewDidDisappear"])
        trace.step("pop")
        trace.hook("Nav", "layoutPass")
        trace.hook("Nav", "viewWillAppear")  // Nav is not named in the expected section
        trace.hook("First", "viewIsAppearing")  // not in compare:
        trace.hooks(afterPop)
        return trace.events
    }

    @Test("a matching trace passes: end records, earlier steps, other events and controllers are ignored")
    func passes() throws {
        let golden = try GoldenTrace(parsing: Self.back, source: "back.golden")
        let result = GoldenComparison.compare(
            golden,
            events: Self.backTrace(afterPop: [
                "Second viewWillDisappear", "First viewWillAppear", "Second viewDidDisappear", "First viewDidAppear",
            ]))
        #expect(result.passed)
        #expect(result.report.isEmpty)
        #expect(result.firstDifference == nil)
        #expect(result.actual == golden.expectedLines)
        #expect(result.expected == golden.expectedLines)
    }

    @Test("a differing trace fails and the report names the first difference")
    func fails() throws {
        let golden = try GoldenTrace(parsing: Self.back, source: "back.golden")
        let result = GoldenComparison.compare(
            golden,
            events: Self.backTrace(afterPop: [
                "Second viewWillDisappear", "First viewWillAppear", "First viewDidAppear", "Second viewDidDisappear",
            ]))
        #expect(!result.passed)
        #expect(result.firstDifference == 2)
        #expect(
            result.actual == [
                "Second viewWillDisappear", "First viewWillAppear", "First viewDidAppear", "Second viewDidDisappear",
            ])
        let report = result.report
        #expect(report.contains("back.golden: the trace differs from the expected events (match: exact, from: \"pop\")"))
        #expect(report.contains("first difference at line 3 of the expected section (back.golden:11):"))
        #expect(report.contains("  expected: \"Second viewDidDisappear\""))
        #expect(report.contains("  actual:   \"First viewDidAppear\""))
        #expect(report.contains("--- expected (back.golden)\n+++ actual\n@@ -1,4 +1,4 @@"))
        #expect(report.contains("  1 1  Second viewWillDisappear"))
        #expect(report.contains("- 3    Second viewDidDisappear"))
        #expect(report.contains("+   4  Second viewDidDisappear"))
    }

    @Test("a missing record at the end is reported as missing")
    func missingAtEnd() throws {
        let golden = try GoldenTrace(parsing: Self.back, source: "back.golden")
        let result = GoldenComparison.compare(
            golden,
            events: Self.backTrace(afterPop: [
                "Second viewWillDisappear", "First viewWillAppear", "Second viewDidDisappear",
            ]))
        #expect(!result.passed)
        #expect(result.firstDifference == 3)
        #expect(result.report.contains("  expected: \"First viewDidAppear\""))
        #expect(result.report.contains("  actual:   nothing more (the trace has 3 kept records)"))
        #expect(result.report.contains("- 4    First viewDidAppear"))
    }

    @Test("a long trace with one record missing in the middle: one `-` line, no shifted tail")
    func longTraceOneMissing() throws {
        let names = (0..<5_000).flatMap { ["C\($0) viewWillAppear", "C\($0) viewDidAppear"] }
        let golden = try GoldenTrace(
            parsing: "# compare: viewWillAppear viewDidAppear\n# from: launch Nav\nlaunch Nav\n---\n"
                + names.joined(separator: "\n") + "\n",
            source: "long.golden")
        var trace = TraceBuilder()
        trace.step("launch Nav")
        trace.hooks(names.enumerated().filter { $0.offset != 6_001 }.map(\.element))
        let result = GoldenComparison.compare(golden, events: trace.events)
        #expect(!result.passed)
        #expect(result.firstDifference == 6_001)
        let changed = result.report.split(separator: "\n").filter { $0.hasPrefix("- ") || $0.hasPrefix("+ ") }
        #expect(changed == ["-  6002        C3000 viewDidAppear"], "\(changed.prefix(5))")
    }

    @Test("an extra record fails in exact mode")
    func extraRecord() throws {
        let golden = try GoldenTrace(parsing: Self.back, source: "back.golden")
        let result = GoldenComparison.compare(
            golden,
            events: Self.backTrace(afterPop: [
                "Second viewWillDisappear", "First viewWillAppear", "Second viewDidDisappear", "First viewDidAppear",
                "First viewWillLayoutSubviews",
            ]))
        #expect(!result.passed)
        #expect(result.firstDifference == 4)
        #expect(result.report.contains("  expected: nothing more (the expected section has 4 lines)"))
        #expect(result.report.contains("+   5  First viewWillLayoutSubviews"))
    }

    @Test("comparison starts after the first record of the from: step")
    func fromStep() throws {
        let golden = try GoldenTrace(
            parsing: """
                # compare: viewWillAppear
                # from: push B
                launch A
                push B
                pop
                push B
                ---
                B viewWillAppear
                A viewWillAppear
                B viewWillAppear
                """, source: "t.golden")
        var trace = TraceBuilder()
        trace.step("launch A")
        trace.hook("A", "viewWillAppear")  // before from: ignored
        trace.step("push B")
        trace.hook("B", "viewWillAppear")
        trace.step("pop")
        trace.hook("A", "viewWillAppear")
        trace.step("push B")
        trace.hook("B", "viewWillAppear")
        #expect(GoldenComparison.compare(golden, events: trace.events).passed)
        #expect(
            GoldenComparison.keptLines(golden, events: trace.events) == [
                "B viewWillAppear", "A viewWillAppear", "B viewWillAppear",
            ])
    }

    @Test("a trace without the from: step fails with a clear report")
    func fromStepMissing() throws {
        let golden = try GoldenTrace(parsing: Self.back, source: "back.golden")
        var trace = TraceBuilder()
        trace.step("nav Nav First")
        trace.step("launch Nav")
        let result = GoldenComparison.compare(golden, events: trace.events)
        #expect(!result.passed)
        #expect(result.actual.isEmpty)
        #expect(GoldenComparison.keptLines(golden, events: trace.events) == nil)
        #expect(
            result.report == "back.golden: the trace has no scenario.step record whose text is \"pop\" "
                + "(the from: step); steps recorded: \"nav Nav First\", \"launch Nav\"")
    }

    @Test("end records are dropped, instants are kept")
    func endRecordsDropped() throws {
        let golden = try GoldenTrace(
            parsing: """
                # compare: viewDidLoad willShowViewController
                # from: launch Nav
                nav Nav A
                launch Nav
                ---
                A viewDidLoad
                Nav willShowViewController A
                """, source: "t.golden")
        var trace = TraceBuilder()
        trace.step("nav Nav A")
        trace.step("launch Nav")
        trace.record("A", "viewDidLoad", phase: .begin)
        trace.record("A", "viewDidLoad", phase: .end)
        trace.record("A", "viewDidLoad", phase: .end)  // a stray end: still dropped
        trace.instant("Nav", "willShowViewController", target: "A")
        let result = GoldenComparison.compare(golden, events: trace.events)
        #expect(result.passed)
        #expect(result.actual == ["A viewDidLoad", "Nav willShowViewController A"])
    }

    @Test("targets are printed after the event, and a wrong target is a difference")
    func targets() throws {
        let golden = try GoldenFixtures.load("seed003-segue-textfield-back.golden")
        var trace = TraceBuilder()
        for step in golden.scenario.steps.prefix(3) { trace.step(step.text) }
        trace.hook("A", "prepareForSegue", target: "B")
        trace.instant("Nav", "willShowViewController", target: "A")
        let result = GoldenComparison.compare(golden, events: trace.events)
        #expect(result.actual == ["A prepareForSegue B", "Nav willShowViewController A"])
        #expect(!result.passed)
        #expect(result.firstDifference == 1)
        #expect(result.report.contains("  expected: \"B viewDidLoad\""))
        #expect(result.report.contains("  actual:   \"Nav willShowViewController A\""))
        #expect(GoldenComparison.line(for: trace.events[trace.events.count - 1]) == "Nav willShowViewController A")
    }

    @Test("the seed003 fixture passes with its own expected order")
    func seed003Passes() throws {
        let golden = try GoldenFixtures.load("seed003-segue-textfield-back.golden")
        var trace = TraceBuilder()
        trace.step("nav Nav A")
        trace.step("launch Nav")
        trace.hooks(["A viewDidLoad", "A viewWillAppear", "Nav willShowViewController A", "A viewDidAppear"])
        trace.step("segue B")
        trace.hooks(Array(golden.expectedLines.prefix(8)))
        trace.step("edit B")
        trace.hooks(Array(golden.expectedLines[8..<10]))
        trace.step("pop")
        trace.hooks(Array(golden.expectedLines.dropFirst(10)))
        let result = GoldenComparison.compare(golden, events: trace.events)
        #expect(result.passed, "\(result.report)")
        #expect(result.actual.count == 18)
    }

    static let layout = """
        # compare: viewWillAppear viewWillLayoutSubviews viewDidLayoutSubviews
        # from: launch A
        # match: MODE
        launch A
        ---
        A viewWillAppear
        A viewWillLayoutSubviews
        A viewDidLayoutSubviews
        """

    static func layoutTrace(_ lines: [String]) -> [Event] {
        var trace = TraceBuilder()
        trace.step("launch A")
        trace.hooks(lines)
        return trace.events
    }

    @Test("prefix mode: later records are allowed, a difference within the prefix is not")
    func prefixMode() throws {
        let golden = try GoldenTrace(parsing: Self.layout.replacingOccurrences(of: "MODE", with: "prefix"), source: "p.golden")
        let more = Self.layoutTrace([
            "A viewWillAppear", "A viewWillLayoutSubviews", "A viewDidLayoutSubviews",
            "A viewWillLayoutSubviews", "A viewDidLayoutSubviews",
        ])
        #expect(GoldenComparison.compare(golden, events: more).passed)
        #expect(GoldenComparison.compare(golden, events: Self.layoutTrace(golden.expectedLines)).passed)

        let wrong = Self.layoutTrace([
            "A viewWillAppear", "A viewDidLayoutSubviews", "A viewWillLayoutSubviews", "A viewDidLayoutSubviews",
            "A viewWillLayoutSubviews",
        ])
        let result = GoldenComparison.compare(golden, events: wrong)
        #expect(!result.passed)
        #expect(result.firstDifference == 1)
        #expect(result.report.contains("(match: prefix, from: \"launch A\")"))
        #expect(result.report.contains("later records of the trace are not shown: prefix mode allows them"))

        let short = GoldenComparison.compare(golden, events: Self.layoutTrace(["A viewWillAppear"]))
        #expect(!short.passed)
        #expect(short.firstDifference == 1)
    }

    @Test("set mode: any order passes; each line counts as often as expected")
    func setMode() throws {
        let golden = try GoldenTrace(parsing: Self.layout.replacingOccurrences(of: "MODE", with: "set"), source: "s.golden")
        let shuffled = Self.layoutTrace(["A viewDidLayoutSubviews", "A viewWillAppear", "A viewWillLayoutSubviews"])
        #expect(GoldenComparison.compare(golden, events: shuffled).passed)

        let doubled = Self.layoutTrace([
            "A viewDidLayoutSubviews", "A viewWillAppear", "A viewWillLayoutSubviews", "A viewDidLayoutSubviews",
        ])
        let extra = GoldenComparison.compare(golden, events: doubled)
        #expect(!extra.passed)
        #expect(extra.firstDifference == 3)
        #expect(extra.report.contains("first difference: line 4 of the trace, \"A viewDidLayoutSubviews\", is not expected"))
        #expect(extra.report.contains("+ 4  A viewDidLayoutSubviews"))

        let missing = GoldenComparison.compare(
            golden, events: Self.layoutTrace(["A viewDidLayoutSubviews", "A viewWillAppear"]))
        #expect(!missing.passed)
        #expect(missing.firstDifference == 1)
        #expect(
            missing.report.contains(
                "first difference: line 2 of the expected section (s.golden:7), \"A viewWillLayoutSubviews\", is not in the trace"
            ))
        #expect(missing.report.contains("- 2  A viewWillLayoutSubviews"))
    }

    @Test("controllers: restricts the compared controllers; by default the expected controller column does")
    func controllerFiltering() throws {
        let text = """
            # compare: viewWillAppear
            # from: launch Nav
            CONTROLLERS
            nav Nav A
            launch Nav
            ---
            A viewWillAppear
            """
        var trace = TraceBuilder()
        trace.step("nav Nav A")
        trace.step("launch Nav")
        trace.hook("Nav", "viewWillAppear")
        trace.hook("A", "viewWillAppear")
        trace.hook("Other", "viewWillAppear")

        let byDefault = try GoldenTrace(parsing: text.replacingOccurrences(of: "CONTROLLERS", with: ""), source: "t")
        #expect(GoldenComparison.compare(byDefault, events: trace.events).passed)

        let named = try GoldenTrace(
            parsing: text.replacingOccurrences(of: "CONTROLLERS", with: "# controllers: A Nav"), source: "t")
        let result = GoldenComparison.compare(named, events: trace.events)
        #expect(!result.passed)
        #expect(result.actual == ["Nav viewWillAppear", "A viewWillAppear"])
        #expect(result.report.contains("+   1  Nav viewWillAppear"))

        // A target that is not a compared controller does not make a record count.
        var targeted = TraceBuilder()
        targeted.step("launch Nav")
        targeted.hook("Other", "viewWillAppear", target: "A")
        #expect(GoldenComparison.keptLines(byDefault, events: targeted.events) == [])
    }

    @Test("the comparison is a pure function of its inputs")
    func pure() throws {
        let golden = try GoldenTrace(parsing: Self.back, source: "back.golden")
        let events = Self.backTrace(afterPop: ["First viewDidAppear"])
        #expect(GoldenComparison.compare(golden, events: events) == GoldenComparison.compare(golden, events: events))
    }
}
