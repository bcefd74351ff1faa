import Foundation
import Lifetrace
import LifetraceUI

/// Runs scenarios on a window of its own: each step is a `scenario.step` interval (with its index
/// and text), after which the run loop goes until nothing is pending.
///
/// A step that cannot run (no navigation controller in front, a name declared twice) or that the
/// runtime refuses with an error (pushing a controller twice) throws a ``ScenarioError`` at the
/// step's line; warnings (dismissing with nothing presented) are printed and the run goes on.
@MainActor
public final class ScenarioRunner {
    /// The window the scenario runs in.
    public let window: Window
    /// The window's run loop.
    public let runLoop: MainRunLoop
    /// The controllers made so far, by name.
    public var controllers: [String: ViewController] {
        Dictionary(uniqueKeysWithValues: made.compactMap { $0.map { ($0.name, $0) } })
    }

    /// The controllers in the order they were made (released in that order, so `deinit` events
    /// come in a stable order; `nil` once a `release` step dropped it), and where each is by name.
    private var made: [ViewController?] = []
    private var indexByName: [String: Int] = [:]
    /// The observable properties `set` and `read` steps name (`MODEL.PROPERTY`).
    var observedProperties: [String: ObservedProperty] = [:]
    /// The app an `app-launch` step launched (its scene shows ``window``).
    var application: Application?
    /// The names a `release` step dropped: never used again in the scenario.
    var releasedNames: Set<String> = []

    private let probe = Probe(name: "scenario")

    /// The views declared with `view` and `stack` once added to their parent, by name, and the
    /// names declared (some wait for a controller's view to load).
    var layoutViews: [String: View] = [:]
    var declaredViewNames: Set<String> = []
    /// The constraints declared with `constrain`, by name (active or waiting for their items).
    var layoutConstraints: [String: LayoutConstraint] = [:]
    var declaredConstraintNames: Set<String> = []
    /// Constraints waiting for their items' views to load, by the name of an item not in place
    /// yet, with their declaration order (a constraint is looked at again only when that item
    /// arrives, so N constraints cost O(N) however many wait).
    var waitingConstraints: [String: [(order: Int, specification: ConstraintSpecification)]] = [:]
    var declaredConstraintCount = 0
    /// Constraints whose items are loaded but not yet in one hierarchy (a child controller's view
    /// before its parent adds it): activated at the end of the step that relates them; a step
    /// that ends with one still unrelated fails, naming it.
    var unrelatedConstraints: [(order: Int, specification: ConstraintSpecification)] = []
    /// The controllers whose view loading wakes waiting constraints.
    var watchedControllers: Set<String> = []
    /// Views declared in a declared view that itself waits, by that view's name.
    var waitingChildren: [String: [@MainActor (View) -> Void]] = [:]
    /// Views to attach to their parents, last first: a worklist rather than recursion, so a
    /// hierarchy of any depth declared before its controller loads attaches in constant stack.
    var attaching: [(attach: @MainActor (View) -> Void, parent: View)] = []
    var isAttaching = false
    /// The name of the parent each controller declared with `child CHILD in PARENT` waits for (a
    /// name: the runner's references stay in ``made``, released in order).
    var declaredParents: [ObjectIdentifier: String] = [:]

    /// The storyboards declared with `scene` steps, by name; the storyboard of each scene, and the
    /// scene whose nib archives each view declared in a scene.
    var storyboards: [String: Storyboard] = [:]
    var sceneStoryboards: [String: String] = [:]
    /// The controllers of an app's own types, by the names scenarios give them (``register(_:_:)``).
    private var factories: [String: @MainActor () -> ViewController] = [:]

    /// Makes the controller a scenario names `name` with `make` (an app's own type, say
    /// `ProfileViewController()`) instead of a plain scenario controller; it is named `name` in
    /// traces. A scenario run from a test of the app's own package then drives the app's code:
    /// `runner.register("Profile") { ProfileViewController() }`, then `nav Nav Profile`, `launch Nav`.
    public func register<Controller: ViewController>(_ name: String, _ make: @escaping @MainActor () -> Controller) {
        factories[name] = {
            ViewController.nameNext(Controller.self, name)
            let controller = make()
            ViewController.forgetPendingName(for: Controller.self)
            return controller
        }
    }
    var nibViewScenes: [String: String] = [:]
    /// The delegate of the sheets the scenario swipes down.
    let sheetDelegate = ScenarioSheetDelegate()
    /// The delegate of the split view controllers the scenario declares.
    let splitDelegate = ScenarioSplitDelegate()
    /// Scenes declared by a relationship segue only, which a `scene` step may still declare.
    var implicitScenes: Set<String> = []

    /// Creates a runner with a window of the given size on a new run loop.
    public init(clock: AnimationClock = .virtual, windowSize: Size = Window.defaultFrame.size) {
        runLoop = MainRunLoop(clock: clock)
        window = Window(frame: Rect(origin: .zero, size: windowSize), runLoop: runLoop)
    }

    /// Runs every step in order.
    ///
    /// - Throws: ``ScenarioError`` at the first step that cannot run.
    public func run(_ scenario: Scenario) throws(ScenarioError) {
        for step in scenario.steps {
            try run(step, source: scenario.source)
        }
        // What the last steps left in flight (`start`, `advance`) ends after them; an error it
        // reports is the last step's.
        let reported = diagnosticMarks
        runLoop.runUntilIdle()
        if let failure = firstError(since: reported), let last = scenario.steps.last {
            throw ScenarioError(
                source: scenario.source, line: last.line, column: last.column(of: nil),
                message: "\(last.text): \(failure.message)")
        }
    }

    /// Runs one step and lets the run loop go idle (unless the step is `start …` or `advance …`,
    /// which leave what animates in flight).
    ///
    /// - Throws: ``ScenarioError`` at the step's line when it cannot run or the runtime refuses it.
    public func run(_ step: Step, source: String) throws(ScenarioError) {
        let state = probe.beginInterval(.scenarioStep, Details(index: step.index, text: step.text))
        defer { probe.endInterval(state) }
        let reported = diagnosticMarks
        var action = step.action
        // The words of `start STEP` are STEP's shifted by one.
        var shift = 0
        if case .start(let inner) = action {
            action = inner
            shift = 1
        }
        do {
            try checkNotReleased(step)
            try perform(action)
        } catch let failure as StepFailure {
            let column =
                failure.argument.flatMap { step.columns.indices.contains($0 + shift) ? step.columns[$0 + shift] : nil }
                ?? step.column(of: failure.word)
            throw ScenarioError(source: source, line: step.line, column: column, message: "\(step.text): \(failure.message)")
        } catch {
            throw ScenarioError(source: source, line: step.line, column: step.column(of: nil), message: "\(step.text): \(error)")
        }
        activateRelatedConstraints()
        if step.action.drainsRunLoop { runLoop.runUntilIdle() }
        if let unrelated = unrelatedConstraints.first {
            unrelatedConstraints.removeAll()
            throw ScenarioError(
                source: source, line: step.line, column: step.column(of: nil),
                message: "\(step.text): \(Self.unrelatedMessage(unrelated.specification))")
        }
        if let failure = firstError(since: reported) {
            throw ScenarioError(
                source: source, line: step.line, column: step.column(of: nil), message: "\(step.text): \(failure.message)")
        }
    }

    /// The controller of a name, made as a ``ScenarioViewController`` when seen for the first time.
    /// A scene's name is instantiated from its storyboard.
    public func controller(named name: String) -> ViewController {
        if let existing = existingController(named: name) { return existing }
        if let storyboard = sceneStoryboards[name] { return instantiateScene(name, in: storyboard) }
        if let make = factories[name] {
            let controller = make()
            remember(controller, as: name)
            return controller
        }
        let controller = ScenarioViewController(name: name)
        remember(controller)
        return controller
    }

    /// The controller of a name, if one was made.
    public func existingController(named name: String) -> ViewController? {
        indexByName[name].flatMap { made[$0] }
    }

    /// Drops the runner's reference to the controller of `name` (a `release` step).
    func forget(_ name: String) {
        guard let index = indexByName[name] else { return }
        made[index] = nil
        releasedNames.insert(name)
    }

    func remember(_ controller: ViewController, as name: String? = nil) {
        indexByName[name ?? controller.name] = made.count
        made.append(controller)
        watchViewLoading(of: controller)
    }

    // MARK: Steps

    /// Why a step cannot run, and the argument at fault (nil: the step as a whole): named by its
    /// word, or by its position among the step's words (the keyword is 0).
    struct StepFailure: Error {
        let message: String
        let word: String?
        let argument: Int?
        init(_ message: String, at word: String? = nil) {
            self.message = message
            self.word = word
            self.argument = nil
        }
        init(_ message: String, atArgument argument: Int) {
            self.message = message
            self.word = nil
            self.argument = argument
        }
    }

    func perform(_ action: Step.Action, recordsCompletion: Bool = false) throws {
        switch action {
        case .declareNavigation(let name, let stack):
            try checkContainerDeclaration(name, members: stack, isNavigation: true)
            let navigation = try declare(name) { NavigationController(name: name) }
            let children = try stack.map(childForDeclaration)
            try refusable { navigation.setViewControllers(children, animated: false) }
        case .declareTabs(let name, let tabs):
            try checkContainerDeclaration(name, members: tabs, isNavigation: false)
            let tabBar = try declare(name) { TabBarController(name: name) }
            let children = try tabs.map(childForDeclaration)
            try refusable { tabBar.setViewControllers(children, animated: false) }
        case .declareChild(let childName, let parentName):
            guard let parent = controller(named: parentName) as? ScenarioViewController else {
                throw StepFailure("\(parentName) is a container; declare children of plain controllers only", at: parentName)
            }
            guard !parent.isViewLoaded else {
                throw StepFailure(
                    "\(parentName)'s view is already loaded; declare its children before it appears", at: parentName)
            }
            let child = try childForDeclaration(childName)
            try checkChildDeclaration(child, in: parent)
            parent.declaredChildren.append(child)
            declaredParents[ObjectIdentifier(child)] = parent.name
        case .launch(let name):
            guard application == nil else { throw StepFailure("the app launched with app-launch, which set its root") }
            let root = controller(named: name)
            try checkLaunch(root)
            window.rootViewController = root
            window.makeKeyAndVisible()
        case .push(let name, let animated):
            let navigation = try frontNavigation("push")
            let pushed = controller(named: name)
            let completion = completionEvent(recordsCompletion, of: navigation, target: pushed, kind: "push")
            try refusable(at: 1) { navigation.pushViewController(pushed, animated: animated, completion: completion) }
        case .pop(let animated):
            let navigation = try frontNavigation("pop")
            try refusable { navigation.popViewController(animated: animated) }
        case .popToRoot(let animated):
            let navigation = try frontNavigation("pop-to-root")
            try refusable { navigation.popToRootViewController(animated: animated) }
        case .setStack(let name, let stack, let animated):
            guard let navigation = existingController(named: name) as? NavigationController else {
                throw StepFailure("\(name) is not a navigation controller (declare it with \"nav \(name) …\")", at: name)
            }
            try checkStack(of: navigation, members: stack)
            let controllers = stack.map(controller(named:))
            try refusable { navigation.setViewControllers(controllers, animated: animated) }
        case .interactivePop(let finishes):
            let navigation = try frontNavigation("interactive-pop")
            guard let gesture = navigation.beginInteractivePop() else {
                throw StepFailure("\(navigation.name) has nothing to go back to")
            }
            runLoop.run(for: NavigationController.transitionDuration / 2)
            if finishes { gesture.finish() } else { gesture.cancel() }
        case .present(let name, let style, let animated):
            try present(
                name, on: try frontMost("present"), style: style, animated: animated, recordsCompletion: recordsCompletion)
        case .dismiss(let animated):
            let front = try frontMost("dismiss")
            front.dismiss(animated: animated, completion: dismissCompletion(recordsCompletion, of: front))
        case .segue(let name, let animated):
            let source = try frontContent("segue")
            let segue = StoryboardSegue(identifier: name, source: source, destination: controller(named: name))
            try refusable(at: 1) { segue.perform(sender: source, animated: animated) }
        case .selectTab(let index):
            let tabBar = try frontTabBar()
            guard tabBar.children.indices.contains(index) else {
                throw StepFailure(
                    "\(tabBar.name) has \(tabBar.children.count) tabs; index \(index) is out of range", at: "\(index)")
            }
            tabBar.select(index: index)
        case .addChild(let childName, let parentName):
            let parent = controller(named: parentName)
            guard parent.appearanceState == .appeared else {
                throw StepFailure(
                    "\(parentName) is not on screen; use \"child \(childName) in \(parentName)\" to declare children up front",
                    at: parentName)
            }
            let child = try childForDeclaration(childName)
            guard child !== parent else {
                throw StepFailure(
                    "Adding \(child.description) to \(parent.description) would make the view controller hierarchy a cycle: it is the same controller.",
                    atArgument: 1)
            }
            try checkNotDeclaredChild(child, argument: 1)
            try refusable(at: 1) { parent.addChild(child) }
            child.view.frame = parent.view.bounds
            child.view.autoresizingMask = .flexibleSize
            try refusable(at: 1) { parent.view.addSubview(child.view) }
            child.didMove(toParent: parent)
        case .removeChild(let name):
            guard let child = existingController(named: name), child.parent != nil else {
                throw StepFailure("\(name) is not a child of any controller", at: name)
            }
            child.willMove(toParent: nil)
            child.viewIfLoaded?.removeFromSuperview()
            child.removeFromParent()
        case .edit(let name):
            guard let controller = existingController(named: name) as? ScenarioViewController else {
                throw StepFailure("\(name) is not a controller with a text field", at: name)
            }
            guard controller.textField.window != nil else {
                throw StepFailure("\(name)'s text field is not in a window, so it cannot become first responder", at: name)
            }
            controller.textField.becomeFirstResponder()
        case .endEditing:
            window.endEditing(true)
        case .rotate(let landscape):
            let size = window.bounds.size
            let long = max(size.width, size.height)
            let short = min(size.width, size.height)
            let target = landscape ? Size(width: long, height: short) : Size(width: short, height: long)
            if target != size { window.transition(to: target) }
        case .resize(let width, let height):
            window.transition(to: Size(width: width, height: height))
        case .memoryWarning:
            window.sendMemoryWarning()
        case .wait(let nanoseconds):
            runLoop.run(for: Double(nanoseconds) / 1e9)
        case .layout(let step):
            try perform(step)
        case .storyboard(let step):
            try perform(step)
        case .container(let step):
            try perform(step)
        case .list(let step):
            try perform(step)
        case .update(let step):
            try perform(step)
        case .scene(let step):
            try perform(step)
        case .appearance, .registerTraits, .swipeDismiss, .modalInPresentation, .shouldDismiss:
            try performAdaptivityStep(action)
        case .start, .advance, .withCompletion, .presentFrom, .popTo, .dismissFrom, .release, .definesContext,
            .providesContextStyle, .transitionStyle, .forwardAppearance, .beginAppearance, .endAppearance,
            .transitionChild:
            try performTransitionStep(action, recordsCompletion: recordsCompletion)
        }
    }

    func declare<Container: ViewController>(_ name: String, make: () -> Container) throws -> Container {
        if let existing = existingController(named: name) {
            throw StepFailure("\(name) is already declared (as \(type(of: existing)))", at: name)
        }
        let container = make()
        remember(container)
        return container
    }

    /// A controller about to get a parent: refused when it already has one.
    func childForDeclaration(_ name: String) throws -> ViewController {
        let child = controller(named: name)
        if let parent = child.parent {
            throw StepFailure("\(name) already belongs to \(parent.name)", at: name)
        }
        return child
    }

    func frontMost(_ step: String) throws -> ViewController {
        guard let front = window.frontMostController else {
            throw StepFailure("nothing is on screen; launch a controller first")
        }
        return front
    }

    /// The content controller in front: down through navigation tops and selected tabs.
    private func frontContent(_ step: String) throws -> ViewController {
        var current = try frontMost(step)
        while true {
            if let navigation = current as? NavigationController, let top = navigation.topViewController {
                current = top
            } else if let tabBar = current as? TabBarController, let selected = tabBar.selectedViewController {
                current = selected
            } else if let split = current as? SplitViewController, let shown = Self.frontColumn(of: split) {
                current = shown
            } else {
                return current
            }
        }
    }

    func frontNavigation(_ step: String) throws -> NavigationController {
        var current: ViewController? = try frontMost(step)
        while let candidate = current {
            if let navigation = candidate as? NavigationController { return navigation }
            current =
                (candidate as? TabBarController)?.selectedViewController
                ?? (candidate as? SplitViewController).flatMap(Self.frontColumn(of:))
        }
        let content = try frontContent(step)
        if let navigation = content.navigationController { return navigation }
        throw StepFailure("no navigation controller in front (the front-most controller is \(try frontMost(step).name))")
    }

    private func frontTabBar() throws -> TabBarController {
        var current: ViewController? = try frontMost("select-tab")
        while let candidate = current {
            if let tabBar = candidate as? TabBarController { return tabBar }
            current = (candidate as? NavigationController)?.topViewController
        }
        throw StepFailure("no tab bar controller in front")
    }
}
