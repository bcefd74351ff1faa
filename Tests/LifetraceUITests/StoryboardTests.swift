import Lifetrace
import LifetraceUI
import Testing

/// Creation in code and from a storyboard, and the nib-backed `loadView`.
@Suite("Storyboards and nibs")
@MainActor
struct StoryboardTests {
    /// A controller whose `awakeFromNib` records that it ran and whether its view was loaded then.
    final class AwakeController: ViewController {
        var awoke = false
        var viewWasLoadedWhenAwoken = true
        override func awakeFromNib() {
            super.awakeFromNib()
            awoke = true
            viewWasLoadedWhenAwoken = isViewLoaded
        }
    }

    /// A view that records how many subviews its hierarchy had when it awoke.
    final class AwakeView: View {
        var siblingsWhenAwoken = -1
        override func awakeFromNib() {
            siblingsWhenAwoken = superview?.subviews.count ?? -1
        }
    }

    static let creation: [Hook] = [.initWithNibName, .initWithCoder, .awakeFromNib, .loadView, .viewDidLoad]

    // Seed 004, section 2: a controller made in code runs init(nibName:bundle:).
    @Test("a controller made in code records initWithNibName once, before its view loads")
    func createdInCode() {
        withTrace { trace in
            let controller = ViewController(name: "A")
            _ = controller.view
            #expect(trace.lines(Self.creation) == ["A initWithNibName", "A loadView", "A viewDidLoad"])
            #expect(controller.storyboard == nil && controller.viewNib == nil)
        }
    }

    // Apple, awakeFromNib(): sent after every object of the archive is loaded; loadView(): a
    // controller from a storyboard loads its view from its nib.
    @Test("a scene instantiates with init(coder:) and awakeFromNib; its view unarchives in loadView, before viewDidLoad")
    func sceneInstantiation() throws {
        try withTrace { trace in
            let storyboard = Storyboard(name: "Main", runLoop: trace.runLoop)
            let scene = storyboard.addScene(identifier: "Home") { AwakeController(coder: $0) }
            let made: [AwakeView] = [AwakeView(identifier: "One"), AwakeView(identifier: "Two")]
            scene.viewNib.add("One") { made[0] }
            scene.viewNib.add("Two") { made[1] }
            storyboard.initialIdentifier = "Home"
            let home = try #require(storyboard.instantiateInitialViewController() as? AwakeController)
            #expect(home.name == "Home" && home.storyboard === storyboard)
            #expect(home.awoke && !home.viewWasLoadedWhenAwoken)
            #expect(trace.lines(Self.creation) == ["Home initWithCoder", "Home awakeFromNib"])
            trace.reset()
            _ = home.view
            #expect(
                trace.lines(Self.creation) == [
                    "Home loadView", "Home.view initWithCoder", "One initWithCoder", "Two initWithCoder",
                    "Home.view awakeFromNib", "One awakeFromNib", "Two awakeFromNib", "Home viewDidLoad",
                ])
            #expect(made.map(\.siblingsWhenAwoken) == [2, 2], "every view is connected before any awakes")
            #expect(home.view.subviews.map(\.identifier) == ["One", "Two"])
        }
    }

    @Test("relationship segues: the children are instantiated inside the container's creation, before its awakeFromNib")
    func relationships() throws {
        try withTrace { trace in
            let storyboard = Storyboard(name: "Main", runLoop: trace.runLoop)
            storyboard.addScene(identifier: "Tabs", relationships: ["Nav", "B"]) { TabBarController(coder: $0) }
            storyboard.addScene(identifier: "Nav", relationships: ["A"]) { NavigationController(coder: $0) }
            storyboard.addScene(identifier: "A")
            storyboard.addScene(identifier: "B")
            let tabs = try #require(storyboard.instantiateViewController(withIdentifier: "Tabs") as? TabBarController)
            #expect(tabs.viewControllers?.map(\.name) == ["Nav", "B"])
            #expect((tabs.viewControllers?.first as? NavigationController)?.viewControllers.map(\.name) == ["A"])
            #expect(
                trace.lines(Self.creation) == [
                    "Tabs initWithCoder", "Nav initWithCoder", "A initWithCoder", "A awakeFromNib", "Nav awakeFromNib",
                    "B initWithCoder", "B awakeFromNib", "Tabs awakeFromNib",
                ])
            #expect(!tabs.isViewLoaded)
            trace.reset()
            _ = tabs.view
            #expect(!trace.lines(Self.creation).contains("Tabs.view initWithCoder"), "a container makes its view in code")
        }
    }

    @Test("unknown identifiers, a missing entry point and relationship cycles are reported, never trapped")
    func refusals() {
        withTrace { trace in
            let storyboard = Storyboard(name: "Main", runLoop: trace.runLoop)
            #expect(storyboard.instantiateInitialViewController() == nil)
            #expect(trace.warnings.last?.contains("perhaps the designated entry point is not set?") == true)
            #expect(storyboard.instantiateViewController(withIdentifier: "Ghost") == nil)
            #expect(trace.errors.last?.contains("doesn't contain a view controller with identifier 'Ghost'") == true)
            storyboard.addScene(identifier: "X", relationships: ["Y"]) { TabBarController(coder: $0) }
            storyboard.addScene(identifier: "Y", relationships: ["X"]) { TabBarController(coder: $0) }
            #expect(storyboard.instantiateViewController(withIdentifier: "X") == nil)
            #expect(trace.errors.last?.contains("X -> Y -> X form a cycle") == true)
        }
    }

    /// Before: scenes sharing relationship targets (a diamond) instantiated exponentially (22
    /// levels: 13.6 s and 3.9 GB). The count is known before any controller is made.
    @Test("a diamond of shared relationship targets is refused before anything is made; a small one is made")
    func diamond() {
        withTrace { trace in
            let storyboard = Storyboard(name: "Main", runLoop: trace.runLoop)
            let levels = 22
            for level in 0..<levels {
                for side in ["A", "B"] {
                    storyboard.addScene(identifier: "\(side)\(level)", relationships: ["A\(level + 1)", "B\(level + 1)"]) {
                        TabBarController(coder: $0)
                    }
                }
            }
            storyboard.addScene(identifier: "A\(levels)") { ViewController(coder: $0) }
            storyboard.addScene(identifier: "B\(levels)") { ViewController(coder: $0) }
            #expect(storyboard.instantiateViewController(withIdentifier: "A0") == nil)
            #expect(trace.errors.last?.contains("would make more than 10000 view controllers") == true)
            #expect(trace.events.isEmpty)
            // Three levels below A19: 2 + 4 + 8 controllers under it, each relationship its own.
            let made = storyboard.instantiateViewController(withIdentifier: "A19") as? TabBarController
            #expect(made?.viewControllers?.count == 2)
            #expect(made?.viewControllers?.first !== (made?.viewControllers?.first as? TabBarController)?.viewControllers?.first)
        }
    }
}
