import LifetraceScenario
import LifetraceUI
import Testing

/// The storyboard steps, what each parses to, each malformed step located at its
/// word, and each misuse at run time an error at its line and word.
@Suite("Scenario storyboard steps")
struct StoryboardStepTests {
    static let steps: [(String, Step.Action)] = [
        ("scene Home in Main", .storyboard(.declareScene(name: "Home", storyboard: "Main", kind: .plain, initial: false))),
        (
            "scene Nav in Main nav Home initial=true",
            .storyboard(.declareScene(name: "Nav", storyboard: "Main", kind: .navigation(root: "Home"), initial: true))
        ),
        (
            "scene Tabs in Main tabs A B initial=false",
            .storyboard(.declareScene(name: "Tabs", storyboard: "Main", kind: .tabs(["A", "B"]), initial: false))
        ),
        ("instantiate Main", .storyboard(.instantiate(storyboard: "Main", scene: nil))),
        ("instantiate Main Detail", .storyboard(.instantiate(storyboard: "Main", scene: "Detail"))),
    ]

    @Test("every storyboard step parses to its action", arguments: steps)
    func stepParses(line: String, expected: Step.Action) throws {
        let scenario = try ScenarioParser.parse(line, source: "t.scenario")
        #expect(scenario.steps.map(\.action) == [expected])
    }

    static let errors: [TransitionStepParserTests.ErrorCase] = [
        .init("scene", 1, "scene: expected \"scene NAME in STORYBOARD [nav ROOT | tabs TAB...] [initial=true|false]\""),
        .init(
            "scene A on Main", 9,
            "scene: expected \"scene NAME in STORYBOARD [nav ROOT | tabs TAB...] [initial=true|false]\", got \"on\""),
        .init("scene 1A in Main", 7, "expected a name (an identifier), got \"1A\""),
        .init("scene A in Main stack B", 17, "expected \"nav\" or \"tabs\" after the storyboard, got \"stack\""),
        .init("scene A in Main nav", 17, "scene … nav needs the root scene"),
        .init("scene A in Main tabs", 17, "scene … tabs needs at least one tab scene"),
        .init("scene A in Main nav B C", 23, "unexpected \"C\" after \"scene A in Main nav B\""),
        .init("scene A in Main initial=yes", 17, "expected \"initial=true\" or \"initial=false\", got \"initial=yes\""),
        .init("scene A in Main animated=false", 17, "unknown option \"animated=false\" for scene; expected initial=…"),
        .init("instantiate", 1, "instantiate needs a storyboard name"),
        .init("instantiate Main A B", 20, "unexpected \"B\" after \"instantiate Main A\""),
        .init("instantiate Main animated=true", 18, "unexpected \"animated=true\": instantiate takes no options"),
    ]

    @Test("each malformed storyboard step is an error at the word at fault", arguments: errors)
    func errorLocated(_ expected: TransitionStepParserTests.ErrorCase) {
        expected.expectLocated()
    }

    static let misuse: [LocatedMisuse] = [
        LocatedMisuse(
            scenario: "launch A\nscene A in Main\n", line: 2, column: 7, message: "A is already a controller made in code"),
        LocatedMisuse(
            scenario: "scene A in Main\nscene A in Other\n", line: 2, column: 7,
            message: "A is already a scene of storyboard Main"),
        LocatedMisuse(scenario: "view V in X\nscene V in Main\n", line: 2, column: 7, message: "V is already declared"),
        LocatedMisuse(scenario: "scene N in Main nav N\n", line: 1, column: 21, message: "N cannot contain itself"),
        LocatedMisuse(
            scenario: "scene T in Main tabs A A\n", line: 1, column: 24,
            message: "A tab bar controller cannot show A in two tabs."),
        LocatedMisuse(
            scenario: "scene A in Main\nscene N in Other nav A\n", line: 2, column: 22, message: "A is a scene of storyboard Main"
        ),
        LocatedMisuse(scenario: "launch A\nscene N in Main nav A\n", line: 2, column: 21, message: "A is not a scene"),
        LocatedMisuse(
            scenario: "scene A in Main initial=true\nscene B in Main initial=true\n", line: 2, column: 17,
            message: "storyboard Main's initial scene is already A"),
        LocatedMisuse(scenario: "instantiate Nowhere\n", line: 1, column: 13, message: "there is no storyboard Nowhere"),
        LocatedMisuse(
            scenario: "scene A in Main\ninstantiate Main\n", line: 2, column: 13, message: "storyboard Main has no initial scene"),
        LocatedMisuse(
            scenario: "scene A in Main\ninstantiate Main B\n", line: 2, column: 18,
            message: "doesn't contain a view controller with identifier 'B'"),
        LocatedMisuse(
            scenario: "scene A in Main\ninstantiate Main A\ninstantiate Main A\n", line: 3, column: 18,
            message: "A is already instantiated; a storyboard makes a new controller each time"),
        LocatedMisuse(
            scenario: "scene N in Main nav A\ninstantiate Main A\nlaunch N\n", line: 3, column: 1,
            message: "A is already instantiated (instantiating N would make it again through a relationship segue)"),
        LocatedMisuse(
            scenario: "scene A in Main tabs B\nscene B in Main tabs A\nlaunch A\n", line: 3, column: 1,
            message: "the relationship segues A -> B -> A form a cycle"),
        LocatedMisuse(scenario: "scene A in Main\nview A in B\n", line: 2, column: 6, message: "A is already declared"),
    ]

    @Test("storyboard misuse is an error at its line and word", arguments: misuse)
    @MainActor
    func misuseIsLocated(_ example: LocatedMisuse) throws {
        try example.expectLocated(source: "storyboard.scenario")
    }

    @Test("a scene named by another step is instantiated there, once; its nib views can be constrained")
    @MainActor
    func sceneInstantiatedWhereNamed() throws {
        let (runner, error, events) = recordedScenarioRun(
            """
            scene Nav in Main nav Home initial=true
            scene Home in Main
            view Title in Home intrinsic=100x20
            constrain top Title.top == Home.safeArea.top + 8
            launch Nav
            push Detail
            """)
        #expect(error == nil, "\(String(describing: error))")
        let nav = try #require(runner.existingController(named: "Nav") as? NavigationController)
        let home = try #require(runner.existingController(named: "Home") as? ScenarioViewController)
        #expect(nav.storyboard?.name == "Main" && home.storyboard === nav.storyboard)
        #expect(nav.viewControllers.map(\.name) == ["Home", "Detail"])
        #expect(runner.existingController(named: "Detail")?.storyboard == nil, "Detail is not a scene: made in code")
        let title = try #require(home.view.subviews.first { $0.identifier == "Title" })
        #expect(title.frame.origin.y == 55, "the constraint reached the unarchived view (47 + 8)")
        let created = events.filter { [.initWithCoder, .initWithNibName].contains($0.hook) }.map {
            "\($0.controller) \($0.hook.name)"
        }
        #expect(
            created == [
                "Nav initWithCoder", "Home initWithCoder", "Home.view initWithCoder", "Title initWithCoder",
                "Detail initWithNibName",
            ])
    }
}
