import Foundation
import LifetraceScenario
import LifetraceTestSupport
import LifetraceUI
import Testing

/// Parses `text`, returning the error it throws (or `nil`).
private func parseError(_ text: String, source: String = "test.scenario") -> ScenarioError? {
    do {
        _ = try ScenarioParser.parse(text, source: source)
        return nil
    } catch {
        return error
    }
}

/// Parses a one-line scenario and returns its only action.
private func action(_ line: String) throws -> Step.Action {
    let scenario = try ScenarioParser.parse(line, source: "test.scenario")
    try #require(scenario.steps.count == 1)
    return scenario.steps[0].action
}

@Suite("Scenario parser")
struct ParserTests {
    static let steps: [(String, Step.Action)] = [
        ("nav Nav A B", .declareNavigation(name: "Nav", stack: ["A", "B"])),
        ("tabs Tabs One Two _three", .declareTabs(name: "Tabs", tabs: ["One", "Two", "_three"])),
        ("child Inner in Outer", .declareChild(child: "Inner", parent: "Outer")),
        ("launch Nav", .launch("Nav")),
        ("push Second", .push("Second", animated: true)),
        ("push Second animated=true", .push("Second", animated: true)),
        ("push Second animated=false", .push("Second", animated: false)),
        ("pop", .pop(animated: true)),
        ("pop animated=false", .pop(animated: false)),
        ("pop-to-root", .popToRoot(animated: true)),
        ("pop-to-root animated=false", .popToRoot(animated: false)),
        ("set-stack Nav A B C", .setStack(navigation: "Nav", stack: ["A", "B", "C"], animated: true)),
        ("set-stack Nav A animated=false", .setStack(navigation: "Nav", stack: ["A"], animated: false)),
        ("interactive-pop finish", .interactivePop(finishes: true)),
        ("interactive-pop cancel", .interactivePop(finishes: false)),
        ("present Second", .present("Second", style: .fullScreen, animated: true)),
        ("present Second style=pageSheet", .present("Second", style: .pageSheet, animated: true)),
        ("present Second animated=false", .present("Second", style: .fullScreen, animated: false)),
        ("present Second style=formSheet animated=false", .present("Second", style: .formSheet, animated: false)),
        (
            "present Second animated=false style=overCurrentContext",
            .present("Second", style: .overCurrentContext, animated: false)
        ),
        ("present S style=overFullScreen", .present("S", style: .overFullScreen, animated: true)),
        ("present S style=currentContext", .present("S", style: .currentContext, animated: true)),
        ("present S style=fullScreen", .present("S", style: .fullScreen, animated: true)),
        ("dismiss", .dismiss(animated: true)),
        ("dismiss animated=false", .dismiss(animated: false)),
        ("segue B", .segue("B", animated: true)),
        ("segue B animated=false", .segue("B", animated: false)),
        ("select-tab 0", .selectTab(0)),
        ("select-tab 12", .selectTab(12)),
        ("add-child Inner to Outer", .addChild(child: "Inner", parent: "Outer")),
        ("remove-child Inner", .removeChild("Inner")),
        ("edit B", .edit("B")),
        ("end-editing", .endEditing),
        ("rotate landscape", .rotate(landscape: true)),
        ("rotate portrait", .rotate(landscape: false)),
        ("resize 390x844", .resize(width: 390, height: 844)),
        ("resize 1024.5x768", .resize(width: 1024.5, height: 768)),
        ("memory-warning", .memoryWarning),
        ("wait 500ms", .wait(nanoseconds: 500_000_000)),
        ("wait 2s", .wait(nanoseconds: 2_000_000_000)),
        ("wait 1.5s", .wait(nanoseconds: 1_500_000_000)),
        ("wait 250us", .wait(nanoseconds: 250_000)),
        ("wait 250µs", .wait(nanoseconds: 250_000)),
        ("wait 10ns", .wait(nanoseconds: 10)),
        ("wait 0ms", .wait(nanoseconds: 0)),
        ("view Title in Home", .layout(.declareView(name: "Title", parent: "Home", intrinsicSize: nil, frame: nil))),
        (
            "view Title in Home intrinsic=120x20 frame=0,-4,100x40",
            .layout(
                .declareView(
                    name: "Title", parent: "Home", intrinsicSize: Size(width: 120, height: 20),
                    frame: Rect(x: 0, y: -4, width: 100, height: 40)))
        ),
        (
            "stack Row in Home",
            .layout(
                .declareStack(
                    name: "Row", parent: "Home", axis: .horizontal, spacing: 0, alignment: .fill, distribution: .fill))
        ),
        (
            "stack Row in Home axis=vertical spacing=8 alignment=center distribution=equalSpacing",
            .layout(
                .declareStack(
                    name: "Row", parent: "Home", axis: .vertical, spacing: 8, alignment: .center, distribution: .equalSpacing))
        ),
        (
            "constrain top Title.top == Home.safeArea.top + 16",
            .layout(
                .constrain(
                    ConstraintSpecification(
                        id: "top", first: .init(item: "Title", guide: nil, attribute: .top), relation: .equal,
                        second: .init(item: "Home", guide: .safeArea, attribute: .top), multiplier: 1, constant: 16,
                        priority: 1000)))
        ),
        (
            "constrain w Title.width <= Home.margins.width * 0.5 - 4 priority=750",
            .layout(
                .constrain(
                    ConstraintSpecification(
                        id: "w", first: .init(item: "Title", guide: nil, attribute: .width), relation: .lessThanOrEqual,
                        second: .init(item: "Home", guide: .margins, attribute: .width), multiplier: 0.5, constant: -4,
                        priority: 750)))
        ),
        (
            "constrain h Title.height >= 44",
            .layout(
                .constrain(
                    ConstraintSpecification(
                        id: "h", first: .init(item: "Title", guide: nil, attribute: .height), relation: .greaterThanOrEqual,
                        second: nil, multiplier: 0, constant: 44, priority: 1000)))
        ),
        ("set-constant top -8.5", .layout(.setConstant(id: "top", constant: -8.5))),
        ("activate top", .layout(.setActive(id: "top", active: true))),
        ("deactivate top", .layout(.setActive(id: "top", active: false))),
        ("hide Title", .layout(.setHidden(name: "Title", hidden: true))),
        ("show Title", .layout(.setHidden(name: "Title", hidden: false))),
        ("intrinsic Title 80x24", .layout(.setIntrinsicSize(name: "Title", size: Size(width: 80, height: 24)))),
        ("check-ambiguity on", .layout(.checkAmbiguity(true))),
    ]

    @Test("every step kind parses to its action, with defaults", arguments: steps)
    func stepParses(line: String, expected: Step.Action) throws {
        #expect(try action(line) == expected)
    }

    @Test("every keyword of the language is covered by the step table")
    func keywordsCovered() {
        let covered = Set(
            (Self.steps + TransitionStepParserTests.steps + StoryboardStepTests.steps + AdaptivityStepTests.steps
                + ContainerStepTests.steps + ListStepTests.steps + UpdateStepTests.steps + SceneStepTests.steps).map {
                    String($0.0.split(separator: " ")[0])
                })
        #expect(covered == Set(ScenarioParser.stepKeywords))
    }

    @Test("comments, blank lines, lines, indices and normalized text")
    func commentsAndText() throws {
        let text = """
            # a scenario
            nav Nav First   # the root

            \t launch    Nav
            push   Second\tanimated=false#no space before the comment
               # indented comment
            pop
            """
        let scenario = try ScenarioParser.parse(text, source: "x.scenario")
        #expect(scenario.source == "x.scenario")
        #expect(scenario.steps.map(\.text) == ["nav Nav First", "launch Nav", "push Second animated=false", "pop"])
        #expect(scenario.steps.map(\.line) == [2, 4, 5, 7])
        #expect(scenario.steps.map(\.index) == [1, 2, 3, 4])
        #expect(scenario.steps[2].action == .push("Second", animated: false))
    }

    @Test("CRLF line endings count lines like LF")
    func crlf() throws {
        let scenario = try ScenarioParser.parse("launch A\r\n\r\npush B\r\n", source: "x")
        #expect(scenario.steps.map(\.line) == [1, 3])
        #expect(scenario.steps.map(\.text) == ["launch A", "push B"])
    }

    @Test("an empty scenario has no steps")
    func empty() throws {
        #expect(try ScenarioParser.parse("", source: "x").steps.isEmpty)
        #expect(try ScenarioParser.parse("# only a comment\n\n", source: "x").steps.isEmpty)
    }

    static let styles = ModalPresentationStyle.allCases.map(\.rawValue)
    static let styleList = styles.dropLast().joined(separator: ", ") + " or " + styles.last!

    /// A malformed scenario and the error it must give.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { text.debugDescription }
        init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
            (self.text, self.line, self.column, self.message) = (text, line, column, message)
        }
    }

    static let errors: [ErrorCase] = [
        // Before, a view inside itself waited for itself for ever; constants that overflow were dropped.
        ErrorCase("view V in V", 1, 11, "V cannot be declared in itself: expected another view or a controller"),
        ErrorCase("stack S in S axis=vertical", 1, 12, "S cannot be declared in itself: expected another view or a controller"),
        ErrorCase(
            "constrain w A.width == B.width + 100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000 + 100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
            1, 346, "the constants add up past the largest number (inf): expected a finite constant"),
        ErrorCase(
            "psuh Second", 1, 1,
            "unknown step \"psuh\"; expected one of: nav, tabs, child, launch, push, pop, pop-to-root, set-stack, "
                + "interactive-pop, present, dismiss, segue, select-tab, add-child, remove-child, edit, end-editing, "
                + "rotate, resize, memory-warning, wait, "
                + "start, advance, pop-to, release, defines-context, provides-context-style, transition-style, forward-appearance, begin-appearance, end-appearance, transition, view, stack, constrain, set-constant, activate, deactivate, hide, show, intrinsic, check-ambiguity, scene, instantiate, appearance, register-traits, swipe-dismiss, modal-in-presentation, should-dismiss, alert, select-action, action-enabled, page, page-forward, page-back, page-swipe, split, split-show, split-set, split-top, search, search-activate, search-deactivate, search-text, table, scroll, tap-row, reload, insert-rows, delete-rows, read, set, update-properties, app-launch, background, foreground, resign-active, become-active; did you mean \"push\"?"
        ),
        ErrorCase(
            "launch A\nfrobnicate", 2, 1,
            "unknown step \"frobnicate\"; expected one of: nav, tabs, child, launch, push, pop, pop-to-root, "
                + "set-stack, interactive-pop, present, dismiss, segue, select-tab, add-child, remove-child, edit, "
                + "end-editing, rotate, resize, memory-warning, wait, "
                + "start, advance, pop-to, release, defines-context, provides-context-style, transition-style, forward-appearance, begin-appearance, end-appearance, transition, view, stack, constrain, set-constant, activate, deactivate, hide, show, intrinsic, check-ambiguity, scene, instantiate, appearance, register-traits, swipe-dismiss, modal-in-presentation, should-dismiss, alert, select-action, action-enabled, page, page-forward, page-back, page-swipe, split, split-show, split-set, split-top, search, search-activate, search-deactivate, search-text, table, scroll, tap-row, reload, insert-rows, delete-rows, read, set, update-properties, app-launch, background, foreground, resign-active, become-active"
        ),
        ErrorCase("push Second animated=yes", 1, 13, "expected \"animated=true\" or \"animated=false\", got \"animated=yes\""),
        ErrorCase("push 3x", 1, 6, "expected a name (an identifier), got \"3x\""),
        ErrorCase("nav Nav A-b", 1, 9, "expected a name (an identifier), got \"A-b\""),
        ErrorCase("push", 1, 1, "push needs a controller name"),
        ErrorCase("present", 1, 1, "present needs a controller name"),
        ErrorCase("segue", 1, 1, "segue needs a destination controller name"),
        ErrorCase("launch", 1, 1, "launch needs a root controller name"),
        ErrorCase("edit", 1, 1, "edit needs a controller name"),
        ErrorCase("remove-child", 1, 1, "remove-child needs a controller name"),
        ErrorCase("launch First foo", 1, 14, "unexpected \"foo\" after \"launch First\""),
        ErrorCase("pop Second", 1, 5, "unexpected \"Second\" after \"pop\""),
        ErrorCase("end-editing now", 1, 13, "unexpected \"now\" after \"end-editing\""),
        ErrorCase("nav Nav A animated=true", 1, 11, "unexpected \"animated=true\" after \"nav Nav A\""),
        ErrorCase("nav", 1, 1, "nav needs a name: expected \"nav NAME CHILD...\""),
        ErrorCase("nav Nav", 1, 1, "nav needs at least one child controller: expected \"nav NAME CHILD...\""),
        ErrorCase("tabs T", 1, 1, "tabs needs at least one tab controller: expected \"tabs NAME CHILD...\""),
        ErrorCase(
            "set-stack Nav", 1, 1,
            "set-stack needs at least one controller: expected \"set-stack NAV NAME... [animated=true|false]\""),
        ErrorCase("resize 390", 1, 8, "expected WxH such as 390x844, got \"390\""),
        ErrorCase("resize 0x844", 1, 8, "expected WxH such as 390x844, got \"0x844\""),
        ErrorCase("resize", 1, 1, "expected WxH such as 390x844"),
        ErrorCase("wait 5", 1, 6, "expected a duration such as 500ms, 2s, 250us, got \"5\""),
        ErrorCase("wait 1.5", 1, 6, "expected a duration such as 500ms, 2s, 250us, got \"1.5\""),
        ErrorCase(
            "wait 99999999999999999999s", 1, 6,
            "expected a duration such as 500ms, 2s, 250us, got \"99999999999999999999s\""),
        ErrorCase("wait", 1, 1, "expected a duration such as 500ms, 2s, 250us"),
        ErrorCase("select-tab one", 1, 12, "select-tab expects a 0-based index, got \"one\""),
        ErrorCase("select-tab -1", 1, 12, "select-tab expects a 0-based index, got \"-1\""),
        ErrorCase("select-tab", 1, 1, "select-tab expects a 0-based index"),
        ErrorCase("child A of B", 1, 9, "child: expected \"child CHILD in PARENT\", got \"of\""),
        ErrorCase("child A", 1, 1, "child: expected \"child CHILD in PARENT\""),
        ErrorCase("child A in B C", 1, 14, "unexpected \"C\" after \"child A in B\""),
        ErrorCase("add-child A B", 1, 13, "add-child: expected \"add-child CHILD to PARENT\", got \"B\""),
        ErrorCase("interactive-pop done", 1, 17, "expected \"finish\" or \"cancel\", got \"done\""),
        ErrorCase("interactive-pop", 1, 1, "interactive-pop needs \"finish\" or \"cancel\""),
        ErrorCase("rotate upside", 1, 8, "expected \"landscape\" or \"portrait\", got \"upside\""),
        ErrorCase("rotate", 1, 1, "rotate needs \"landscape\" or \"portrait\""),
        ErrorCase("present Second style=sheet", 1, 16, "expected style=\(styleList), got \"style=sheet\""),
        ErrorCase(
            "present Second animated=false animated=true", 1, 31,
            "duplicate option \"animated=true\": animated is already given"),
        ErrorCase(
            "present Second style=pageSheet style=formSheet", 1, 32,
            "duplicate option \"style=formSheet\": style is already given"),
        ErrorCase(
            "push Second style=pageSheet", 1, 13,
            "unknown option \"style=pageSheet\" for push; expected animated=…"),
        ErrorCase(
            "present Second anim=true", 1, 16,
            "unknown option \"anim=true\" for present; expected style=… or animated=…"),
        ErrorCase(
            "push animated=false Second", 1, 21,
            "unexpected \"Second\" after \"animated=false\"; options come after the step's words"),
        ErrorCase(
            "view Title of Home", 1, 12, "view: expected \"view NAME in PARENT [intrinsic=WxH] [frame=X,Y,WxH]\", got \"of\""),
        ErrorCase(
            "view Title in Home intrinsic=wide", 1, 20,
            "expected intrinsic=WxH such as intrinsic=120x20, got \"intrinsic=wide\""),
        ErrorCase(
            "stack Row in Home axis=diagonal", 1, 19,
            "expected one of axis=horizontal, axis=vertical, got \"axis=diagonal\""),
        ErrorCase("constrain top Title.top = Home.top", 1, 25, "expected a relation ==, <= or >=, got \"=\""),
        ErrorCase(
            "constrain top Title.top == Home.width", 1, 28,
            "Title.top cannot be related to Home.width: expected an attribute of the same axis and kind"),
        ErrorCase(
            "constrain top Title.top == 40", 1, 28,
            "only a width or a height can equal a number; Title.top needs another item's attribute"),
        ErrorCase(
            "constrain top Title.middle == Home.top", 1, 15,
            "unknown attribute \"middle\" in \"Title.middle\"; expected one of: bottom, centerX, centerY, height, leading, left, right, top, trailing, width"
        ),
        ErrorCase("constrain top Title.top == Home.top + x", 1, 39, "expected a number after \"+\", got \"x\""),
        ErrorCase(
            "constrain top Title.top == Home.top priority=0", 1, 37,
            "expected priority=P with P from 1 to 1000, got \"priority=0\""),
        ErrorCase("set-constant top wide", 1, 18, "expected a constant (a number such as 8 or -4.5), got \"wide\""),
        ErrorCase("check-ambiguity maybe", 1, 17, "expected \"on\" or \"off\", got \"maybe\""),
        ErrorCase(
            "\n# c\n   launch   First\n  push  Second  animated=maybe  # x", 4, 17,
            "expected \"animated=true\" or \"animated=false\", got \"animated=maybe\""),
    ]

    @Test("each malformed step gives its message at the offending word", arguments: errors)
    func errorMessage(_ expected: ErrorCase) throws {
        let error = try #require(parseError(expected.text))
        #expect(error.message == expected.message)
        #expect(error.line == expected.line)
        #expect(error.column == expected.column)
        #expect(error.source == "test.scenario")
        #expect(
            error.description
                == "test.scenario:\(expected.line):\(expected.column): error: \(expected.message)")
    }

    @Test("a tab counts as one column")
    func tabColumn() throws {
        let error = try #require(parseError("push\t3x"))
        #expect(error.column == 6)
    }

    @Test("errors are described compiler style")
    func description() {
        let error = ScenarioError(source: "a.scenario", line: 3, column: 5, message: "m")
        #expect(error.description == "a.scenario:3:5: error: m")
        #expect(error.source == "a.scenario")
        let whole = ScenarioError(source: "b.scenario", line: 0, column: 0, message: "no such scenario file")
        #expect(whole.description == "b.scenario: error: no such scenario file")
    }

    @Test("parse(contentsOfFile:) reads a file and reports a missing one")
    func contentsOfFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.path("ok.scenario")
        try "launch First\npush Second\n".write(toFile: path, atomically: true, encoding: .utf8)
        let scenario = try ScenarioParser.parse(contentsOfFile: path)
        #expect(scenario.source == path)
        #expect(scenario.steps.map(\.action) == [.launch("First"), .push("Second", animated: true)])

        let missing = directory.path("missing.scenario")
        do {
            _ = try ScenarioParser.parse(contentsOfFile: missing)
            Issue.record("a missing file parsed")
        } catch {
            #expect(error.description == "\(missing): error: no such scenario file")
        }
        do {
            _ = try ScenarioParser.parse(contentsOfFile: directory.url.path)
            Issue.record("a directory parsed")
        } catch {
            #expect(error.message == "expected a scenario file, got a directory")
        }
    }
}
