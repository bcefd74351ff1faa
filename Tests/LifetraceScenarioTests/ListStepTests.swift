import LifetraceScenario
import LifetraceUI
import Testing

/// The list steps (tables, driven scrolls): what each parses to, each malformed step located at
/// its word, each misuse at run time an error at its line and word, and a run's outcome.
@Suite("Scenario list steps")
struct ListStepTests {
    static let steps: [(String, Step.Action)] = [
        ("table Feed rows=200", .list(.declareTable(name: "Feed", rows: 200, rowHeight: nil, estimate: nil, diffable: false))),
        (
            "table Feed rows=10 height=60 estimate=80",
            .list(.declareTable(name: "Feed", rows: 10, rowHeight: 60, estimate: 80, diffable: false))
        ),
        (
            "table Feed rows=10 source=diffable",
            .list(.declareTable(name: "Feed", rows: 10, rowHeight: nil, estimate: nil, diffable: true))
        ),
        ("insert-rows Feed 3", .list(.changeRows(name: "Feed", at: 3, count: 1, inserting: true))),
        ("delete-rows Feed 0 count=2", .list(.changeRows(name: "Feed", at: 0, count: 2, inserting: false))),
        (
            "scroll Feed to 600",
            .list(
                .scroll(name: "Feed", target: .offset(600), nanoseconds: 300_000_000, framesPerSecond: 120, curve: .decelerating))
        ),
        (
            "scroll Feed to row 40 over 1s fps=60 curve=linear",
            .list(.scroll(name: "Feed", target: .row(40), nanoseconds: 1_000_000_000, framesPerSecond: 60, curve: .linear))
        ),
        (
            "scroll Feed to end over 500ms",
            .list(.scroll(name: "Feed", target: .end, nanoseconds: 500_000_000, framesPerSecond: 120, curve: .decelerating))
        ),
        ("tap-row Feed 3", .list(.tapRow(name: "Feed", row: 3))),
        ("reload Feed", .list(.reload(name: "Feed"))),
    ]

    @Test("every list step parses to its action, with defaults", arguments: steps)
    func stepParses(line: String, expected: Step.Action) throws {
        let scenario = try ScenarioParser.parse(line + "\n", source: "t.scenario")
        #expect(scenario.steps.first?.action == expected)
    }

    static let errors: [TransitionStepParserTests.ErrorCase] = [
        .init("table Feed", 1, "table needs rows=N"),
        .init("table Feed rows=-1", 12, "expected rows=NUMBER from 0 to 1000000, got \"rows=-1\""),
        .init("table Feed rows=10 width=3", 20, "unknown option \"width=3\" for table"),
        .init("scroll Feed 600", 13, "expected \"scroll NAME to Y|row N|end"),
        .init("scroll Feed to top", 16, "expected an offset, \"row N\" or \"end\", got \"top\""),
        .init("scroll Feed to row x", 20, "expected a row number after \"row\""),
        .init("scroll Feed to 10 during 1s", 19, "expected \"over DURATION\", got \"during\""),
        .init("scroll Feed to 10 over forever", 24, "expected a duration of at most 10 minutes"),
        .init("scroll Feed to 10 fps=0", 19, "expected fps=NUMBER from 1 to 240, got \"fps=0\""),
        .init("scroll Feed to 10 curve=bouncy", 19, "expected curve=decelerating|linear, got \"curve=bouncy\""),
        .init("tap-row Feed", 1, "tap-row needs a row number"),
        .init("tap-row Feed 1 2", 16, "unexpected \"2\""),
        .init("table Feed rows=3 source=web", 19, "expected source=diffable|data-source, got \"source=web\""),
        .init("insert-rows Feed", 1, "insert-rows needs a row number"),
        .init("delete-rows Feed x", 18, "delete-rows needs a row number"),
        .init("insert-rows Feed 1 count=0", 20, "expected count=NUMBER from 1 to 1000000, got \"count=0\""),
    ]

    @Test("each malformed list step is an error at the word at fault", arguments: errors)
    func errorLocated(_ expected: TransitionStepParserTests.ErrorCase) {
        expected.expectLocated()
    }

    static let misuse: [LocatedMisuse] = [
        LocatedMisuse(scenario: "launch A\nscroll A to 100\n", line: 2, column: 8, message: "A is not a table"),
        LocatedMisuse(
            scenario: "table T rows=5\nscroll T to 100\n", line: 2, column: 8, message: "is not a table (declare it with"),
        LocatedMisuse(scenario: "scroll T to 100\n", line: 1, column: 8, message: "T is not declared"),
        LocatedMisuse(
            scenario: "table T rows=5\nlaunch T\ntap-row T 5\n", line: 3, column: 9,
            message: "T has 5 rows; row 5 is out of range"),
        LocatedMisuse(scenario: "table T rows=5\ntable T rows=6\n", line: 2, column: 7, message: "T is already declared"),
        LocatedMisuse(
            scenario: "table T rows=5\nlaunch T\ninsert-rows T 6\n", line: 3, column: 15,
            message: "T has 5 rows; row 6 is past the end"),
        LocatedMisuse(
            scenario: "table T rows=5\nlaunch T\ndelete-rows T 4 count=2\n", line: 3, column: 15,
            message: "rows 4 to 5 exist only up to row 4"),
    ]

    @Test("list misuse at run time is an error at its line and word", arguments: misuse)
    @MainActor
    func misuseIsLocated(_ example: LocatedMisuse) throws {
        try example.expectLocated(source: "lists.scenario")
    }

    @Test("a scroll to the end reaches the last row; frames at the asked rate")
    @MainActor
    func scrollToEnd() throws {
        let (runner, error, events) = recordedScenarioRun("table T rows=300\nlaunch T\nscroll T to end over 250ms fps=60\n")
        #expect(error == nil, "\(String(describing: error))")
        let table = try #require(runner.existingController(named: "T")?.viewIfLoaded as? TableView)
        #expect(table.indexPathsForVisibleRows?.last?.row == 299)
        #expect(events.filter { $0.hook == .displayFrame && $0.phase == .end }.count == 15)
    }

    @Test("rows inserted and deleted, by the data source or a diffable snapshot, end in the same rows", arguments: [false, true])
    @MainActor
    func rowChanges(diffable: Bool) throws {
        let source = diffable ? " source=diffable" : ""
        let (runner, error, events) = recordedScenarioRun(
            "table T rows=30\(source)\nlaunch T\ninsert-rows T 1 count=2\ndelete-rows T 0\n")
        #expect(error == nil, "\(String(describing: error))")
        let table = try #require(runner.existingController(named: "T")?.viewIfLoaded as? TableView)
        #expect(table.numberOfRows(inSection: 0) == 31)
        let texts = table.visibleCells.prefix(3).map { ($0.contentConfiguration as? ListContentConfiguration)?.text?.prefix(7) }
        #expect(texts == ["Row 30:", "Row 31:", "Row 1: "])
        #expect(events.contains { $0.hook == .applySnapshot } == diffable)
    }
}
