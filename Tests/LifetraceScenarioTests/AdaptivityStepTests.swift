import LifetraceScenario
import LifetraceUI
import Testing

/// The trait and sheet steps, what each parses to, each malformed step
/// located at its word, and each misuse at run time an error at its line.
@Suite("Scenario trait and sheet steps")
struct AdaptivityStepTests {
    static let steps: [(String, Step.Action)] = [
        ("appearance dark", .appearance(dark: true)),
        ("appearance light", .appearance(dark: false)),
        (
            "register-traits A verticalSizeClass userInterfaceStyle",
            .registerTraits("A", [.verticalSizeClass, .userInterfaceStyle])
        ),
        ("swipe-dismiss finish", .swipeDismiss(finishes: true)),
        ("swipe-dismiss cancel", .swipeDismiss(finishes: false)),
        ("modal-in-presentation Sheet on", .modalInPresentation("Sheet", true)),
        ("should-dismiss Sheet no", .shouldDismiss("Sheet", false)),
    ]

    @Test("every trait and sheet step parses to its action", arguments: steps)
    func stepParses(line: String, expected: Step.Action) throws {
        let scenario = try ScenarioParser.parse(line, source: "t.scenario")
        #expect(scenario.steps.map(\.action) == [expected])
    }

    static let errors: [TransitionStepParserTests.ErrorCase] = [
        .init("appearance", 1, "appearance needs \"dark\" or \"light\""),
        .init("appearance dim", 12, "expected \"dark\" or \"light\", got \"dim\""),
        .init("register-traits", 1, "register-traits needs a controller name"),
        .init("register-traits A", 1, "register-traits needs at least one trait"),
        .init(
            "register-traits A size", 19,
            "expected a trait (horizontalSizeClass, verticalSizeClass, userInterfaceStyle), got \"size\""),
        .init(
            "register-traits A verticalSizeClass verticalSizeClass", 37, "verticalSizeClass is already named in this registration"
        ),
        .init("swipe-dismiss", 1, "swipe-dismiss needs \"finish\" or \"cancel\""),
        .init("swipe-dismiss up", 15, "expected \"finish\" or \"cancel\", got \"up\""),
        .init("swipe-dismiss finish animated=false", 22, "unexpected \"animated=false\": swipe-dismiss takes no options"),
        .init("modal-in-presentation A maybe", 25, "expected \"on\" or \"off\", got \"maybe\""),
        .init("should-dismiss", 1, "should-dismiss needs a controller name"),
        .init("should-dismiss A never", 18, "expected \"yes\" or \"no\", got \"never\""),
    ]

    @Test("each malformed trait or sheet step is an error at the word at fault", arguments: errors)
    func errorLocated(_ expected: TransitionStepParserTests.ErrorCase) {
        expected.expectLocated()
    }

    static let misuse: [LocatedMisuse] = [
        LocatedMisuse(scenario: "swipe-dismiss finish\n", line: 1, column: 1, message: "nothing is on screen"),
        LocatedMisuse(
            scenario: "launch A\nswipe-dismiss finish\n", line: 2, column: 1,
            message: "nothing is presented; present a sheet first"),
        LocatedMisuse(
            scenario: "launch A\npresent B\nswipe-dismiss cancel\n", line: 3, column: 1,
            message: "B is presented fullScreen; only a pageSheet or formSheet can be swiped down"),
        LocatedMisuse(
            scenario: "launch A\nstart present B style=pageSheet\nswipe-dismiss finish\n", line: 3, column: 1,
            message: "B is still being presented or dismissed"),
    ]

    @Test("a swipe on something that is not a settled sheet is an error at its line", arguments: misuse)
    @MainActor
    func misuseIsLocated(_ example: LocatedMisuse) throws {
        try example.expectLocated(source: "sheet.scenario")
    }

    @Test("a refused swipe leaves the sheet presented; a finished one dismisses it; a cancelled one keeps it")
    @MainActor
    func swipeOutcomes() throws {
        let (runner, error, _) = recordedScenarioRun(
            """
            launch Home
            present Sheet style=pageSheet
            should-dismiss Sheet no
            swipe-dismiss finish
            """)
        #expect(error == nil)
        let home = try #require(runner.existingController(named: "Home"))
        #expect(home.presentedViewController?.name == "Sheet")
        let (cancelled, _, _) = recordedScenarioRun("launch Home\npresent Sheet style=formSheet\nswipe-dismiss cancel\n")
        #expect(cancelled.existingController(named: "Sheet")?.appearanceState == .appeared)
        #expect(cancelled.existingController(named: "Sheet")?.isBeingDismissed == false)
        let (finished, _, _) = recordedScenarioRun(
            "launch Home\npresent Sheet style=pageSheet\nswipe-dismiss finish\npresent Other\n")
        #expect(finished.existingController(named: "Home")?.presentedViewController?.name == "Other")
        #expect(finished.existingController(named: "Sheet")?.appearanceState == .disappeared)
    }
}
