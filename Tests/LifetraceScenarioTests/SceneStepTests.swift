import LifetraceScenario
import LifetraceUI
import Testing

/// The app and scene lifecycle steps: what each parses to, each malformed step located at its
/// word, each move the scene cannot make located at its line.
@Suite("Scenario scene steps")
struct SceneStepTests {
    static let steps: [(String, Step.Action)] = [
        ("app-launch Nav", .scene(.launch(root: "Nav"))),
        ("background", .scene(.background)),
        ("foreground", .scene(.foreground)),
        ("resign-active", .scene(.resignActive)),
        ("become-active", .scene(.becomeActive)),
        ("activate top", .layout(.setActive(id: "top", active: true))),
    ]

    @Test("every scene step parses to its action (and a constraint's activate stays one)", arguments: steps)
    func stepParses(line: String, expected: Step.Action) throws {
        let scenario = try ScenarioParser.parse(line + "\n", source: "t.scenario")
        #expect(scenario.steps.first?.action == expected)
    }

    static let errors: [TransitionStepParserTests.ErrorCase] = [
        .init("app-launch", 1, "app-launch needs the root controller's name"),
        .init("app-launch A B", 14, "unexpected"),
        .init("background now", 12, "unexpected"),
        .init("foreground animated=false", 12, "unexpected \"animated=false\": foreground takes no options"),
    ]

    @Test("each malformed scene step is an error at the word at fault", arguments: errors)
    func errorLocated(_ expected: TransitionStepParserTests.ErrorCase) {
        expected.expectLocated()
    }

    static let misuse: [LocatedMisuse] = [
        LocatedMisuse(
            scenario: "background\n", line: 1, column: 1,
            message: "the app has no scene; launch it with \"app-launch ROOT\" first"),
        LocatedMisuse(scenario: "launch A\napp-launch B\n", line: 2, column: 1, message: "the app is already launched"),
        LocatedMisuse(scenario: "app-launch A\nlaunch B\n", line: 2, column: 1, message: "the app launched with app-launch"),
        LocatedMisuse(
            scenario: "app-launch A\nforeground\n", line: 2, column: 1, message: "the scene is already in the foreground"),
        LocatedMisuse(
            scenario: "app-launch A\nbackground\nbackground\n", line: 3, column: 1,
            message: "the scene is already in the background"),
        LocatedMisuse(scenario: "app-launch A\nbecome-active\n", line: 2, column: 1, message: "the scene is already active"),
        LocatedMisuse(
            scenario: "app-launch A\nbackground\nresign-active\n", line: 3, column: 1, message: "the scene is not active"),
        LocatedMisuse(
            scenario: "app-launch A\nbackground\nbecome-active\n", line: 3, column: 1, message: "\"foreground\" brings it back"),
    ]

    @Test("a move the scene cannot make is an error at its line", arguments: misuse)
    @MainActor
    func misuseIsLocated(_ example: LocatedMisuse) throws {
        try example.expectLocated(source: "scenes.scenario")
    }
}
