import Lifetrace
import Testing

@Suite("Event filter")
struct EventFilterTests {
    @Test(
        "shell-style patterns",
        arguments: [
            ("*", "anything", true), ("*", "", true), ("", "", true), ("", "x", false),
            ("viewDidLoad", "viewDidLoad", true), ("viewDidLoad", "viewDidLoa", false), ("viewDidLoad", "viewDidLoadX", false),
            ("view*", "viewWillAppear", true), ("view*", "loadView", false),
            ("*Layout*", "viewWillLayoutSubviews", true), ("*Layout*", "layoutPass", false),
            ("view*Layout*", "viewDidLayoutSubviews", true), ("view*Layout*", "viewDidAppear", false),
            ("?iew*", "viewIsAppearing", true), ("?iew*", "iew", false), ("Feed?", "Feed1", true), ("Feed?", "Feed", false),
            ("*a*b*c", "xxaxxbxxc", true), ("*a*b*c", "xxaxxcxxb", false), ("a**b", "ab", true),
            ("Café*", "CaféList", true), ("scenario.*", "scenario.step", true),
        ])
    func patterns(pattern: String, text: String, matches: Bool) {
        #expect(Event.Filter.matches(pattern, text) == matches)
    }

    @Test("no lists keep everything")
    func emptyFilterKeepsAll() {
        let filter = Event.Filter()
        #expect(filter.accepts(makeEvent(hook: .viewDidLoad, name: "Anything")))
        #expect(filter.accepts(makeEvent(hook: .scenarioStep, name: "scenario")))
    }

    @Test("hooks and controllers must both match")
    func bothAxes() {
        let filter = Event.Filter(hooks: ["view*Layout*", "layoutPass"], controllers: ["Feed*"])
        #expect(filter.accepts(makeEvent(hook: .viewWillLayoutSubviews, name: "FeedViewController")))
        #expect(filter.accepts(makeEvent(hook: .layoutPass, name: "Feed")))
        #expect(!filter.accepts(makeEvent(hook: .viewWillAppear, name: "FeedViewController")))
        #expect(!filter.accepts(makeEvent(hook: .viewWillLayoutSubviews, name: "ProfileViewController")))
    }

    @Test("scenario steps pass the controller filter but not a hook filter that leaves them out")
    func scenarioSteps() {
        let step = makeEvent(hook: .scenarioStep, name: "scenario")
        #expect(Event.Filter(controllers: ["Feed*"]).accepts(step))
        #expect(!Event.Filter(hooks: ["viewDid*"]).accepts(step))
        #expect(Event.Filter(hooks: ["viewDid*", "scenario.*"], controllers: ["Feed*"]).accepts(step))
    }

    @Test("changing the lists after creation takes effect")
    func mutation() {
        var filter = Event.Filter(hooks: ["viewDidLoad"])
        #expect(!filter.accepts(makeEvent(hook: .viewWillAppear)))
        filter.hooks = ["viewWill*"]
        #expect(filter.accepts(makeEvent(hook: .viewWillAppear)))
        filter.controllers = ["Other"]
        #expect(!filter.accepts(makeEvent(hook: .viewWillAppear, name: "B")))
        filter.controllers = nil
        filter.hooks = nil
        #expect(filter.accepts(makeEvent(hook: .loadView, name: "B")))
    }

    @Test("a filtered sink forwards only what the filter accepts, in order, and flushes its base")
    func filteredSink() {
        let recorder = RecordingSink()
        let sink = recorder.filtered(by: Event.Filter(hooks: ["viewWill*"], controllers: ["Feed*"]))
        let events = [
            makeEvent(seq: 1, hook: .viewWillAppear, name: "Feed"),
            makeEvent(seq: 2, hook: .viewDidAppear, name: "Feed"),
            makeEvent(seq: 3, hook: .viewWillAppear, name: "Profile"),
            makeEvent(seq: 4, hook: .viewWillDisappear, name: "FeedDetail"),
        ]
        for event in events { sink.emit(event) }
        #expect(recorder.events.map(\.seq) == [1, 4])
    }

    @Test("filtering live hooks of a controller through a scoped sink")
    func filteringLiveEvents() {
        let recorder = RecordingSink()
        let feed = TestController("FeedViewController")
        let profile = TestController("ProfileViewController")
        LifetraceSystem.withSink(recorder.filtered(by: Event.Filter(hooks: ["view*Layout*"], controllers: ["Feed*"]))) {
            for controller in [feed, profile] {
                controller.withInterval(.viewWillAppear, animated: true) {}
                controller.withInterval(.viewWillLayoutSubviews) {}
                controller.emitEvent(.viewDidLayoutSubviews)
            }
        }
        #expect(
            recorder.events.map { "\($0.controller) \($0.hook) \($0.phase)" } == [
                "FeedViewController viewWillLayoutSubviews begin",
                "FeedViewController viewWillLayoutSubviews end",
                "FeedViewController viewDidLayoutSubviews instant",
            ])
    }
}
