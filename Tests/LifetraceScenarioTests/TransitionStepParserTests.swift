import LifetraceScenario
import LifetraceUI
import Testing

/// The transition steps (in-flight transitions, appearance forwarding): what each parses to, and each misuse located at its word.
@Suite("Scenario parser: transitions in flight and reachable runtime behaviour")
struct TransitionStepParserTests {
    static let steps: [(String, Step.Action)] = [
        ("start push Second", .start(.push("Second", animated: true))),
        ("start present B completion=true", .start(.withCompletion(.present("B", style: .fullScreen, animated: true)))),
        ("advance 100ms", .advance(nanoseconds: 100_000_000)),
        ("push B completion=true", .withCompletion(.push("B", animated: true))),
        ("push B completion=false", .push("B", animated: true)),
        ("dismiss from A animated=false", .dismissFrom("A", animated: false)),
        ("dismiss completion=true", .withCompletion(.dismiss(animated: true))),
        ("present S from Home style=currentContext", .presentFrom("S", from: "Home", style: .currentContext, animated: true)),
        ("pop-to Second animated=false", .popTo("Second", animated: false)),
        ("release Second", .release("Second")),
        ("defines-context Home on", .definesContext("Home", true)),
        ("provides-context-style Home off", .providesContextStyle("Home", false)),
        ("transition-style Home crossDissolve", .transitionStyle("Home", .crossDissolve)),
        ("forward-appearance Box manual", .forwardAppearance("Box", automatic: false)),
        ("begin-appearance Panel disappear animated=false", .beginAppearance("Panel", appearing: false, animated: false)),
        ("end-appearance Panel", .endAppearance("Panel")),
        ("transition One to Two", .transitionChild(from: "One", to: "Two", nanoseconds: 300_000_000)),
        (
            "transition One to Two duration=0ms completion=true",
            .withCompletion(.transitionChild(from: "One", to: "Two", nanoseconds: 0))
        ),
    ]

    @Test("every new step parses to its action, with defaults", arguments: steps)
    func stepParses(line: String, expected: Step.Action) throws {
        let scenario = try ScenarioParser.parse(line, source: "t.scenario")
        #expect(scenario.steps.map(\.action) == [expected])
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var text: String
        var column: Int
        var message: String
        var testDescription: String { text }
        init(_ text: String, _ column: Int, _ message: String) {
            (self.text, self.column, self.message) = (text, column, message)
        }

        /// Parses the step after a `launch A` line and expects an error on line 2, at ``column``,
        /// whose message starts with ``message``.
        func expectLocated(sourceLocation: SourceLocation = #_sourceLocation) {
            do {
                _ = try ScenarioParser.parse("launch A\n" + text, source: "t.scenario")
                Issue.record("\(text) parsed", sourceLocation: sourceLocation)
            } catch {
                #expect(error.line == 2, sourceLocation: sourceLocation)
                #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
                #expect(error.message.hasPrefix(message), "\(error.message)", sourceLocation: sourceLocation)
            }
        }
    }

    static let errors: [ErrorCase] = [
        ErrorCase("start", 1, "start needs a step to leave in flight, such as \"start push Second\""),
        ErrorCase("start start push B", 7, "start cannot start a start step; write \"start STEP\" once"),
        ErrorCase("start psuh B", 7, "unknown step \"psuh\""),
        ErrorCase("advance soon", 9, "expected a duration such as 100ms, 2s, 250us, got \"soon\""),
        ErrorCase("push B completion=yes", 8, "expected \"completion=true\" or \"completion=false\", got \"completion=yes\""),
        ErrorCase("pop completion=true", 5, "unknown option \"completion=true\" for pop"),
        ErrorCase("dismiss to A", 9, "dismiss: expected \"dismiss [from NAME] [animated=true|false]\", got \"to\""),
        ErrorCase("dismiss from", 9, "dismiss from needs the name of the controller that dismisses"),
        ErrorCase("present B from", 11, "present NAME from needs the name of the controller that presents"),
        ErrorCase("present B from A C", 18, "unexpected \"C\" after \"present B from A\""),
        ErrorCase("pop-to", 1, "pop-to needs the controller to pop to"),
        ErrorCase("pop-to A style=x", 10, "unknown option \"style=x\" for pop-to; expected animated=…"),
        ErrorCase("defines-context Home maybe", 22, "expected \"on\" or \"off\", got \"maybe\""),
        ErrorCase(
            "transition-style Home spin", 23,
            "expected one of coverVertical, flipHorizontal, crossDissolve, partialCurl, got \"spin\""),
        ErrorCase("forward-appearance Box", 1, "forward-appearance needs \"manual\" or \"automatic\""),
        ErrorCase("begin-appearance Panel sideways", 24, "expected \"appear\" or \"disappear\", got \"sideways\""),
        ErrorCase("end-appearance Panel animated=true", 22, "unexpected \"animated=true\": end-appearance takes no options"),
        ErrorCase("transition One into Two", 16, "transition: expected \"transition FROM to TO [duration=300ms]\", got \"into\""),
        ErrorCase(
            "transition One to Two duration=fast", 23, "expected duration=DURATION such as duration=300ms, got \"duration=fast\""),
        ErrorCase("release", 1, "release needs a controller name"),
        ErrorCase(
            "transition One to Two animated=false", 23,
            "unknown option \"animated=false\" for transition; expected duration=… or completion=…"),
    ]

    @Test("each malformed new step is an error at the word at fault", arguments: errors)
    func errorLocated(_ expected: ErrorCase) {
        expected.expectLocated()
    }
}
