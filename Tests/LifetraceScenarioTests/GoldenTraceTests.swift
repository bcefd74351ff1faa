import Foundation
import LifetraceScenario
import Testing

/// The golden fixtures: copies of `../shared/golden/*.golden`.
enum GoldenFixtures {
    /// The fixtures' folder inside the test bundle.
    static func directory() throws -> URL {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return fixtures.appendingPathComponent("golden")
    }

    /// Every fixture's path, sorted by name.
    static func paths() throws -> [String] {
        let directory = try directory()
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".golden") }
            .sorted()
            .map { directory.appendingPathComponent($0).path }
    }

    /// One fixture, loaded.
    static func load(_ name: String) throws -> GoldenTrace {
        try GoldenTrace.load(path: try directory().appendingPathComponent(name).path)
    }
}

/// Parses golden text, returning the error it throws (or `nil`).
private func goldenError(_ text: String) -> ScenarioError? {
    do {
        _ = try GoldenTrace(parsing: text, source: "test.golden")
        return nil
    } catch {
        return error
    }
}

@Suite("Golden files")
struct GoldenTraceTests {
    @Test("every fixture loads, and its from: step and expectations are consistent")
    func everyFixtureLoads() throws {
        let paths = try GoldenFixtures.paths()
        // The seven copies of ../shared/golden (real iOS) and the others fixing orders from Apple's
        // documentation, the seed documents, published device logs and the model's choices
        // (docs/uikit-model.md, docs/uikit-containers.md, docs/lists.md). A new golden file adds one.
        let seedPrefix = try GoldenFixtures.directory().path + "/seed"
        #expect(paths.filter { $0.hasPrefix(seedPrefix) }.count == 7)
        #expect(paths.count == 30)
        for path in paths {
            let golden = try GoldenTrace.load(path: path)
            #expect(golden.source == path)
            #expect(!golden.expected.isEmpty, "\(path)")
            #expect(golden.fromStep != nil, "\(path)")
            #expect(golden.match == .exact, "\(path)")
            #expect(golden.origin != nil, "\(path)")
            #expect(!golden.notes.isEmpty, "\(path)")
            for line in golden.expected {
                #expect(golden.compare.contains(line.event), "\(path):\(line.line)")
                #expect(line.line > golden.separatorLine)
            }
        }
    }

    @Test("seed004-push-plain: headers, scenario lines and expected lines with real file lines")
    func pushPlain() throws {
        let golden = try GoldenFixtures.load("seed004-push-plain.golden")
        #expect(golden.from == "push Second animated=false")
        #expect(
            golden.compare == [
                "loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear",
                "viewDidDisappear", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
            ])
        #expect(golden.controllers == nil)
        #expect(golden.comparedControllers == ["First", "Second"])
        #expect(golden.origin == "004_7081803e6b63efeb.txt, table, column \"push to next (not animated)\"")
        #expect(golden.notes == ["First is the root of a navigation controller; Second is pushed without animation."])
        #expect(golden.scenario.steps.map(\.line) == [5, 6, 7])
        #expect(
            golden.scenario.steps.map(\.action) == [
                .declareNavigation(name: "Nav", stack: ["First"]), .launch("Nav"), .push("Second", animated: false),
            ])
        #expect(golden.fromStep?.index == 3)
        #expect(golden.separatorLine == 8)
        #expect(golden.expected.first?.line == 9)
        #expect(
            golden.expectedLines == [
                "Second loadView", "Second viewDidLoad", "First viewWillDisappear", "Second viewWillAppear",
                "First viewDidDisappear", "Second viewDidAppear", "Second viewWillLayoutSubviews",
                "Second viewDidLayoutSubviews",
            ])
    }

    @Test("seed003: targets, multi-line notes and the navigation controller's events")
    func segueTextField() throws {
        let golden = try GoldenFixtures.load("seed003-segue-textfield-back.golden")
        #expect(golden.from == "segue B")
        #expect(golden.fromStep?.line == 10)
        #expect(golden.comparedControllers == ["A", "B", "Nav"])
        let willShow = golden.expected[4]
        #expect(willShow.text == "Nav willShowViewController B")
        #expect(willShow.controller == "Nav")
        #expect(willShow.event == "willShowViewController")
        #expect(willShow.target == "B")
        #expect(golden.expected[0].text == "A prepareForSegue B")
        #expect(golden.expected.count == 18)
        #expect(golden.notes.contains("(the early duplicate didShowViewController of line 4, at launch, is not compared)."))
    }

    @Test("optional headers: controllers, match, and comments below the separator")
    func optionalHeaders() throws {
        let golden = try GoldenTrace(
            parsing: """
                # what it is
                # compare: viewWillAppear viewDidAppear
                # from: push B
                # controllers: A B Nav
                # match: prefix
                nav Nav A
                launch Nav
                push   B   # comment
                ---
                # the expected lines
                A viewWillAppear

                B   viewDidAppear   # trailing comment
                """, source: "test.golden")
        #expect(golden.controllers == ["A", "B", "Nav"])
        #expect(golden.comparedControllers == ["A", "B", "Nav"])
        #expect(golden.match == .prefix)
        #expect(golden.origin == nil)
        #expect(golden.from == "push B")
        #expect(golden.expected.map(\.text) == ["A viewWillAppear", "B viewDidAppear"])
        #expect(golden.expected.map(\.line) == [11, 13])
        #expect(
            try GoldenTrace(parsing: "# compare: a\n# from: pop\n# match: set\npop\n---\nA a\n", source: "t")
                .match == .set)
    }

    @Test("an empty expected section is allowed when the controllers are named")
    func emptyExpectation() throws {
        let golden = try GoldenTrace(
            parsing: "# compare: viewWillAppear\n# from: memory-warning\n# controllers: A\nlaunch A\nmemory-warning\n---\n",
            source: "t")
        #expect(golden.expected.isEmpty)
        #expect(golden.comparedControllers == ["A"])
    }

    /// A malformed golden file and the error it must give.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { message }
        init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
            (self.text, self.line, self.column, self.message) = (text, line, column, message)
        }
    }

    static let header = "# compare: viewWillAppear viewDidAppear\n# from: launch A\n"

    static let errors: [ErrorCase] = [
        ErrorCase(
            header + "launch A\nA viewWillAppear\n", 4, 1,
            "missing the \"---\" line that separates the scenario from the expected events"),
        ErrorCase(
            "# from: launch A\nlaunch A\n---\nA viewWillAppear\n", 1, 1,
            "missing the \"# compare: EVENT ...\" header naming the events to compare"),
        ErrorCase(
            "# compare: viewWillAppear\nlaunch A\n---\nA viewWillAppear\n", 1, 1,
            "missing the \"# from: STEP\" header naming the step the comparison starts after"),
        ErrorCase(
            "# compare: viewWillAppear\n# from:   push  B\nlaunch A\npush C\n---\nA viewWillAppear\n", 2, 11,
            "from: \"push B\" is not a step of the scenario; expected one of: \"launch A\", \"push C\""),
        ErrorCase(
            header + "# match: fuzzy\nlaunch A\n---\nA viewWillAppear\n", 3, 10,
            "expected match: exact, prefix, set, got \"fuzzy\""),
        ErrorCase(header + "launch A\n---\nA\n", 5, 1, "expected \"CONTROLLER EVENT [TARGET]\", got \"A\""),
        ErrorCase(
            header + "launch A\n---\nA viewWillAppear B C\n", 5, 20,
            "unexpected \"C\" after \"A viewWillAppear B\"; expected \"CONTROLLER EVENT [TARGET]\""),
        ErrorCase(
            header + "launch A\n---\nA viewWillAppear\n  A viewDidLoad\n", 6, 5,
            "event \"viewDidLoad\" is not in the compare: header, so it can never match"),
        ErrorCase(
            header + "launch A\n---\n1A viewWillAppear\n", 5, 1,
            "expected a controller name (an identifier, or NAME.view for a root view), got \"1A\""),
        ErrorCase(
            header + "launch A\n---\nA viewWillAppear <B>\n", 5, 18,
            "expected a target controller name (an identifier), got \"<B>\""),
        ErrorCase(
            header + "# controllers: B\nlaunch A\n---\nA viewWillAppear\n", 6, 1,
            "controller \"A\" is not in the controllers: header, so it can never match"),
        ErrorCase(
            header + "# from: launch B\nlaunch A\n---\nA viewWillAppear\n", 3, 3,
            "duplicate \"from:\" header (first given on line 2)"),
        ErrorCase(
            header + "launch A\n---\n\n", 4, 1,
            "the expected section is empty; to expect no events, name the controllers with "
                + "\"# controllers: NAME ...\""),
        ErrorCase(
            "# compare:\n# from: launch A\nlaunch A\n---\nA viewWillAppear\n", 1, 11,
            "compare: needs at least one event name"),
        ErrorCase(
            header + "launch A\npsuh B\n---\nA viewWillAppear\n", 4, 1,
            "unknown step \"psuh\"; expected one of: nav, tabs, child, launch, push, pop, pop-to-root, "
                + "set-stack, interactive-pop, present, dismiss, segue, select-tab, add-child, remove-child, "
                + "edit, end-editing, rotate, resize, memory-warning, wait, "
                + "start, advance, pop-to, release, defines-context, provides-context-style, transition-style, forward-appearance, begin-appearance, end-appearance, transition, view, stack, constrain, set-constant, activate, deactivate, hide, show, intrinsic, check-ambiguity, scene, instantiate, appearance, register-traits, swipe-dismiss, modal-in-presentation, should-dismiss, alert, select-action, action-enabled, page, page-forward, page-back, page-swipe, split, split-show, split-set, split-top, search, search-activate, search-deactivate, search-text, table, scroll, tap-row, reload, insert-rows, delete-rows, read, set, update-properties, app-launch, background, foreground, resign-active, become-active; did you mean \"push\"?"
        ),
    ]

    @Test("malformed golden files give located errors", arguments: errors)
    func malformed(_ expected: ErrorCase) throws {
        let error = try #require(goldenError(expected.text))
        #expect(error.message == expected.message)
        #expect(error.line == expected.line)
        #expect(error.column == expected.column)
        #expect(error.source == "test.golden")
    }

    @Test("loading a missing golden file names it")
    func missingFile() {
        do {
            _ = try GoldenTrace.load(path: "/nonexistent/x.golden")
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.description == "/nonexistent/x.golden: error: no such golden file")
        }
    }
}
