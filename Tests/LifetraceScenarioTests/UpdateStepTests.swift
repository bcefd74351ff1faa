import LifetraceScenario
import LifetraceUI
import Testing

/// The update-cycle steps (observable models, properties updates): what each parses to, each
/// malformed step located at its word, misuse at run time located.
@Suite("Scenario update steps")
struct UpdateStepTests {
    static let steps: [(String, Step.Action)] = [
        (
            "read Home Inbox.title in updateProperties",
            .update(.read(name: "Home", property: "Inbox.title", method: "updateProperties"))
        ),
        ("set Inbox.count 3", .update(.set(property: "Inbox.count", value: "3"))),
        ("update-properties Home", .update(.updateProperties(name: "Home"))),
    ]

    @Test("every update step parses to its action", arguments: steps)
    func stepParses(line: String, expected: Step.Action) throws {
        let scenario = try ScenarioParser.parse(line + "\n", source: "t.scenario")
        #expect(scenario.steps.first?.action == expected)
    }

    static let errors: [TransitionStepParserTests.ErrorCase] = [
        .init("read Home Inbox.title", 11, "expected \"read NAME MODEL.PROPERTY in METHOD\""),
        .init("read Home Inbox in updateProperties", 11, "expected MODEL.PROPERTY (two names joined by a dot), got \"Inbox\""),
        .init("read Home Inbox.title in drawRect", 26, "expected a method (updateProperties, updateViewConstraints"),
        .init("set Inbox.title", 5, "expected \"set MODEL.PROPERTY VALUE\""),
        .init("set Inbox..x 1", 5, "expected MODEL.PROPERTY"),
        .init("update-properties", 1, "update-properties needs a controller name"),
    ]

    @Test("each malformed update step is an error at the word at fault", arguments: errors)
    func errorLocated(_ expected: TransitionStepParserTests.ErrorCase) {
        expected.expectLocated()
    }

    static let misuse: [LocatedMisuse] = [
        LocatedMisuse(scenario: "update-properties Home\n", line: 1, column: 19, message: "Home is not declared"),
        LocatedMisuse(
            scenario: "tabs T A\nread T M.p in updateProperties\n", line: 2, column: 6, message: "T is not a scenario controller"),
    ]

    @Test("update misuse at run time is an error at its line and word", arguments: misuse)
    @MainActor
    func misuseIsLocated(_ example: LocatedMisuse) throws {
        try example.expectLocated(source: "updates.scenario")
    }
}
