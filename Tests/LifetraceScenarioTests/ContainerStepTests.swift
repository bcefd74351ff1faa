import LifetraceScenario
import LifetraceUI
import Testing

/// The container steps (alerts, pages, split views, search): what each parses to, each malformed
/// step located at its word, and each misuse at run time an error at its line and word.
@Suite("Scenario container steps")
struct ContainerStepTests {
    static let steps: [(String, Step.Action)] = [
        ("alert Confirm", .container(.declareAlert(name: "Confirm", actions: [], style: .alert))),
        (
            "alert Confirm OK Cancel:cancel Delete:destructive Keep:default style=actionSheet",
            .container(
                .declareAlert(
                    name: "Confirm",
                    actions: [
                        .init(title: "OK", style: .default), .init(title: "Cancel", style: .cancel),
                        .init(title: "Delete", style: .destructive), .init(title: "Keep", style: .default),
                    ], style: .actionSheet))
        ),
        ("select-action Confirm OK", .container(.selectAction(alert: "Confirm", action: "OK"))),
        ("action-enabled Confirm OK off", .container(.actionEnabled(alert: "Confirm", action: "OK", enabled: false))),
        ("page Pages One Two", .container(.declarePages(name: "Pages", pages: ["One", "Two"], style: .scroll))),
        ("page Book One style=pageCurl", .container(.declarePages(name: "Book", pages: ["One"], style: .pageCurl))),
        ("page-forward Pages", .container(.turnPage(name: "Pages", direction: .forward, animated: true))),
        ("page-back Pages animated=false", .container(.turnPage(name: "Pages", direction: .reverse, animated: false))),
        ("page-swipe Pages reverse cancel", .container(.swipePage(name: "Pages", direction: .reverse, finishes: false))),
        (
            "split Split primary=List secondary=Detail",
            .container(.declareSplit(name: "Split", columns: [.primary: "List", .secondary: "Detail"], style: .doubleColumn))
        ),
        (
            "split Split primary=L supplementary=I secondary=D compact=C style=tripleColumn",
            .container(
                .declareSplit(
                    name: "Split", columns: [.primary: "L", .supplementary: "I", .secondary: "D", .compact: "C"],
                    style: .tripleColumn))
        ),
        ("split-show Split primary", .container(.showColumn(split: "Split", column: .primary))),
        ("split-set Split secondary Other", .container(.setColumn(split: "Split", column: .secondary, controller: "Other"))),
        ("split-top Split primary", .container(.collapseTop(split: "Split", column: .primary))),
        ("search Search in List", .container(.declareSearch(name: "Search", controller: "List", results: nil))),
        (
            "search Search in List results=Results",
            .container(.declareSearch(name: "Search", controller: "List", results: "Results"))
        ),
        ("search-activate Search", .container(.activateSearch(name: "Search", active: true))),
        ("search-deactivate Search", .container(.activateSearch(name: "Search", active: false))),
        ("search-text Search swift", .container(.searchText(name: "Search", text: "swift"))),
    ]

    @Test("every container step parses to its action, with defaults", arguments: steps)
    func stepParses(line: String, expected: Step.Action) throws {
        let scenario = try ScenarioParser.parse(line, source: "t.scenario")
        #expect(scenario.steps.map(\.action) == [expected])
    }

    @Test("split-top proposed and search-text without text")
    func defaults() throws {
        let scenario = try ScenarioParser.parse("split-top S proposed\nsearch-text Search\n", source: "t.scenario")
        #expect(
            scenario.steps.map(\.action) == [
                .container(.collapseTop(split: "S", column: nil)), .container(.searchText(name: "Search", text: "")),
            ])
    }

    static let errors: [TransitionStepParserTests.ErrorCase] = [
        .init("alert", 1, "alert needs a controller name"),
        .init("alert A OK:maybe", 9, "expected an action style after \"OK:\" (cancel, destructive or default), got \"maybe\""),
        .init("alert A 3 OK", 9, "expected an action title (an identifier"),
        .init("alert A No:cancel Back:cancel", 19, "an alert has one cancel action at most"),
        .init("alert A OK OK", 12, "OK is already an action of A"),
        .init("alert A OK style=popover", 12, "expected style=alert|actionSheet, got \"style=popover\""),
        .init("alert A OK animated=false", 12, "unknown option \"animated=false\" for alert; expected style=…"),
        .init("select-action A", 1, "select-action needs an action title"),
        .init("select-action A OK Cancel", 20, "unexpected \"Cancel\" after \"select-action A OK\""),
        .init("action-enabled A OK maybe", 21, "expected \"on\" or \"off\", got \"maybe\""),
        .init("page P", 1, "page needs at least one page"),
        .init("page P P", 8, "P cannot be its own page"),
        .init("page P One One", 12, "One is already a page of P"),
        .init("page P One style=flip", 12, "expected style=scroll|pageCurl, got \"style=flip\""),
        .init("page-forward", 1, "page-forward needs a page view controller name"),
        .init("page-back P animated=maybe", 13, "expected \"animated=true\" or \"animated=false\", got \"animated=maybe\""),
        .init("page-swipe P sideways finish", 14, "expected \"forward\" or \"reverse\", got \"sideways\""),
        .init("page-swipe P forward", 1, "page-swipe needs \"finish\" or \"cancel\""),
        .init("page-swipe P forward stop", 22, "expected \"finish\" or \"cancel\", got \"stop\""),
        .init("split S secondary=D", 1, "split needs primary=NAME"),
        .init("split S primary=P", 1, "split needs secondary=NAME"),
        .init("split S primary=P secondary=P", 19, "P is in two columns of S"),
        .init("split S primary=S secondary=D", 9, "S cannot be its own primary column"),
        .init("split S primary=P secondary=D supplementary=I", 31, "a supplementary column needs style=tripleColumn"),
        .init("split S primary=P secondary=D style=tripleColumn", 1, "style=tripleColumn needs supplementary=NAME"),
        .init(
            "split S primary=P secondary=D compact=C style=classic", 31, "a classic split view controller has no compact column"),
        .init(
            "split S primary=P secondary=D style=quad", 31, "expected style=doubleColumn|tripleColumn|classic, got \"style=quad\""
        ),
        .init("split S primary=3 secondary=D", 9, "expected primary=NAME (an identifier), got \"primary=3\""),
        .init("split S X primary=P secondary=D", 9, "unexpected \"X\" after \"split S\""),
        .init("split S primary=P secondary=D detail=E", 31, "unknown option \"detail=E\" for split"),
        .init("split-show S middle", 14, "expected a column (\"primary\", \"supplementary\", \"secondary\"), got \"middle\""),
        .init("split-show S compact", 14, "expected a column (\"primary\", \"supplementary\", \"secondary\"), got \"compact\""),
        .init("split-set S secondary", 1, "split-set needs a controller name"),
        .init("split-set S secondary S", 23, "S cannot be its own column"),
        .init("split-top S", 1, "split-top needs a column"),
        .init("search S List", 10, "search: expected \"search NAME in CONTROLLER [results=RESULTS]\", got \"List\""),
        .init("search S in S", 13, "S cannot search in itself"),
        .init("search S in L results=L", 15, "L cannot show the results of S: it is the searched controller"),
        .init("search S in L results=9", 15, "expected results=NAME (an identifier), got \"results=9\""),
        .init("search-activate", 1, "search-activate needs a search controller name"),
        .init("search-text S a b", 17, "unexpected \"b\" after \"search-text S a\""),
        .init("search-deactivate S animated=false", 21, "unexpected \"animated=false\": search-deactivate takes no options"),
    ]

    @Test("each malformed container step is an error at the word at fault", arguments: errors)
    func errorLocated(_ expected: TransitionStepParserTests.ErrorCase) {
        expected.expectLocated()
    }

    static let misuse: [LocatedMisuse] = [
        LocatedMisuse(scenario: "launch A\nselect-action B OK\n", line: 2, column: 15, message: "B is not an alert"),
        LocatedMisuse(
            scenario: "launch A\nalert B OK\nselect-action B Nope\n", line: 3, column: 17, message: "B has no action titled Nope"),
        LocatedMisuse(
            scenario: "launch A\nalert B OK\nselect-action B OK\n", line: 3, column: 15,
            message: "B is not presented; present it first"),
        LocatedMisuse(
            scenario: "launch A\nalert B OK\nstart present B\nselect-action B OK\n", line: 4, column: 1,
            message: "is being presented"),
        LocatedMisuse(
            scenario: "launch A\nalert B OK\npresent B style=pageSheet\n", line: 3, column: 11,
            message: "B presents itself over its presenter; style=pageSheet does not apply to it"),
        LocatedMisuse(scenario: "alert B OK\nalert B Cancel\n", line: 2, column: 7, message: "B is already declared"),
        LocatedMisuse(
            scenario: "page P One Two\nlaunch P\npage-back P\n", line: 3, column: 11,
            message: "P shows One, which has no page before it"),
        LocatedMisuse(
            scenario: "page P One Two\nlaunch P\npage-swipe P reverse finish\n", line: 3, column: 12,
            message: "P shows One, which has no page before it: the swipe bounces"),
        LocatedMisuse(
            scenario: "page P One Two\npage-swipe P forward finish\n", line: 2, column: 12, message: "is not on screen"),
        LocatedMisuse(scenario: "nav N One\npage P One\n", line: 2, column: 8, message: "One already belongs to N"),
        LocatedMisuse(scenario: "launch A\npage-forward A\n", line: 2, column: 14, message: "A is not a page view controller"),
        LocatedMisuse(
            scenario: "nav N L\nsplit S primary=L secondary=D\n", line: 2, column: 9, message: "L already belongs to N"),
        LocatedMisuse(
            scenario: "split S primary=L secondary=D\nlaunch L\n", line: 2, column: 8,
            message: "should have parent view controller:(null)"),
        LocatedMisuse(
            scenario: "split S primary=L secondary=D\nlaunch S\nsplit-set S secondary L\n", line: 3, column: 23,
            message: "L is already the primary column of S"),
        LocatedMisuse(
            scenario: "launch A\nsplit-show A primary\n", line: 2, column: 12, message: "A is not a split view controller"),
        LocatedMisuse(
            scenario: "nav N L\nsearch S in L results=R\nsearch-text S abc\n", line: 3, column: 13,
            message: "S is not active; activate it first"),
        LocatedMisuse(
            scenario: "nav N L\nsearch S in L\nsearch-activate S\n", line: 3, column: 17,
            message: "L, whose navigation item holds it, is not on screen"),
        LocatedMisuse(scenario: "nav N R\nsearch S in L results=R\n", line: 2, column: 15, message: "R already belongs to N"),
        LocatedMisuse(scenario: "launch A\nsearch-activate A\n", line: 2, column: 17, message: "A is not a search controller"),
    ]

    @Test("container misuse at run time is an error at its line and word", arguments: misuse)
    @MainActor
    func misuseIsLocated(_ example: LocatedMisuse) throws {
        try example.expectLocated(source: "containers.scenario")
    }

    @Test(
        "the runner's outcomes: an alert dismissed by its action, pages turned, a split collapsed and expanded, a search active")
    @MainActor
    func outcomes() throws {
        let (alertRun, alertError, alertEvents) = recordedScenarioRun("launch Home\nalert B OK\npresent B\nselect-action B OK\n")
        #expect(alertError == nil)
        #expect(alertRun.existingController(named: "Home")?.presentedViewController == nil)
        #expect(alertEvents.contains { $0.hook == .alertActionHandler && $0.details.text == "OK" })

        let (pageRun, pageError, _) = recordedScenarioRun(
            "page P One Two Three\nlaunch P\npage-swipe P forward finish\npage-forward P\n")
        #expect(pageError == nil)
        let pages = try #require(pageRun.existingController(named: "P") as? PageViewController)
        #expect(pages.viewControllers?.map(\.name) == ["Three"])

        let (splitRun, splitError, _) = recordedScenarioRun(
            "split S primary=L secondary=D\nresize 1024x768\nlaunch S\nresize 390x844\n")
        #expect(splitError == nil)
        let split = try #require(splitRun.existingController(named: "S") as? SplitViewController)
        #expect(split.isCollapsed && split.viewControllers.map(\.name) == ["LNav"])

        let (searchRun, searchError, _) = recordedScenarioRun(
            "nav N L\nsearch S in L results=R\nlaunch N\nsearch-activate S\nsearch-text S hi\npush Next\n")
        #expect(searchError != nil, "a push while the search is presented over the navigation controller's context")
        let search = try #require(searchRun.existingController(named: "S") as? SearchController)
        #expect(search.isActive && search.searchBar.text == "hi")
        #expect(search.searchResultsController?.appearanceState == .appeared)
    }
}
