import Lifetrace
import LifetraceTestSupport
import Synchronization
import Testing

/// Hooks are numbers: well-known ones in `wellKnown` order, others numbered as first seen.
@Suite("Hooks")
struct HookTests {
    @Test("well-known hooks: codes 0… in order, names round-trip")
    func wellKnown() {
        #expect(Hook.wellKnown.map(\.code) == Array(0..<UInt32(Hook.wellKnown.count)))
        #expect(Hook.viewWillAppear.name == "viewWillAppear")
        #expect(Hook.scenarioStep.name == "scenario.step")
        #expect(Hook.deinitialize.name == "deinit")
        for hook in Hook.wellKnown {
            #expect(Hook(hook.name) == hook)
            #expect(hook.isWellKnown)
        }
    }

    @Test("a hook of another runtime gets one number per name, past the well-known ones")
    func custom() {
        let name = uniqueName("collectionViewWillDisplayCell")
        let hook = Hook(name)
        #expect(!hook.isWellKnown)
        #expect(hook.code >= UInt32(Hook.wellKnown.count))
        #expect(hook.name == name)
        #expect(Hook(name) == hook)
        #expect(Hook(uniqueName("other")) != hook)
        #expect("viewDidLoad" == Hook.viewDidLoad)
    }

    @Test("a runtime registers its hooks once: a name gives one hook, a well-known name the well-known one")
    func registered() {
        let name = uniqueName("decode")
        let decode = Hook.register(name)
        #expect(!decode.isWellKnown && decode.name == name)
        #expect(Hook.register(name) == decode && Hook(name) == decode)
        #expect(Hook.register(uniqueName("encode")) != decode)
        #expect(Hook.register("layoutPass") == .layoutPass)
    }

    @Test("a string literal is a hook resolved on emission: equal, hashed and named as the built hook")
    func literal() {
        let literal: Hook = "viewDidLoad"
        #expect(literal == .viewDidLoad && Hook.viewDidLoad == literal)
        #expect(literal.code == Hook.viewDidLoad.code && literal.name == "viewDidLoad")
        #expect(Set([literal, .viewDidLoad]).count == 1)
        #expect(literal.resolved == .viewDidLoad)
        let custom: Hook = "literalHookOfTheTests"
        #expect(custom == Hook("literalHookOfTheTests"))
        #expect(!custom.isWellKnown)
        #expect(custom.name == "literalHookOfTheTests")
    }

    @Test("a literal hook's events carry its name, and pair begin with end")
    func literalEvents() {
        let recorder = RecordingSink()
        LifetraceSystem.withSink(recorder) {
            let probe = Probe(name: "Decoder")
            let state = probe.beginInterval("decodeLiteral")
            probe.endInterval(state, count: 2)
            probe.emitEvent("decodedLiteral")
            probe.withInterval("decodeLiteral") {}
        }
        let events = recorder.events
        #expect(
            events.map(\.hook.name) == ["decodeLiteral", "decodeLiteral", "decodedLiteral", "decodeLiteral", "decodeLiteral"])
        #expect(events.map(\.phase) == [.begin, .end, .instant, .begin, .end])
        #expect(events[1].details.count == 2 && events[1].duration != nil)
        #expect(events.allSatisfy { $0.hook == Hook("decodeLiteral") || $0.hook == Hook("decodedLiteral") })
    }
}

@Suite("Details")
struct DetailsTests {
    @Test("target and text read back as set, in any order; clearing both equals never setting them")
    func stringFields() {
        var details = Details(animated: true)
        #expect(details.target == nil && details.text == nil)
        details.text = "why"
        details.target = Subject(name: "B", id: 2)
        #expect(details.text == "why")
        #expect(details.target == Subject(name: "B", id: 2))
        #expect(details == Details(target: Subject(name: "B", id: 2), animated: true, text: "why"))
        details.target = nil
        #expect(details == Details(animated: true, text: "why"))
        details.text = nil
        #expect(details == Details(animated: true))
        #expect(details.hashValue == Details(animated: true).hashValue)
        #expect(Details(target: Subject(name: "B", id: 2)) != Details(text: "B"))
    }

    /// Numbers are packed beside the flag; those too wide for it are kept out of line: either way
    /// each reads back as set, and details equal by value are equal whatever the way they were made.
    @Test(
        "index and count read back as set, at every width, with and without strings",
        arguments: [
            0, 1, -1, 42, (1 << 28) - 1, -(1 << 28), 1 << 28, -(1 << 28) - 1, Int(Int32.max), Int(Int32.min), .max, .min,
        ])
    func numbers(_ number: Int) {
        for text in [nil, "row"] as [String?] {
            var details = Details(animated: false, index: number, text: text, count: number)
            #expect(details.index == number && details.count == number && details.animated == false && details.text == text)
            #expect(details == Details(animated: false, index: number, text: text, count: number))
            details.index = 0 &- number
            #expect(details.index == 0 &- number && details.count == number)
            details.count = nil
            details.index = 7
            #expect(details.count == nil && details.index == 7)
            // Made another way, equal, and of one hash.
            var other = Details(text: text)
            other.animated = false
            other.index = number
            other.index = 7
            #expect(details == other && details.hashValue == other.hashValue)
            details.animated = nil
            #expect(details.animated == nil && details.index == 7)
        }
    }
}
