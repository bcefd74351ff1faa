import Foundation
import Lifetrace
import LifetraceUI

/// The flags UIKit documents for use inside the appearance callbacks.
struct MovingFlags: Equatable, CustomStringConvertible {
    var toParent = false
    var fromParent = false
    var beingPresented = false
    var beingDismissed = false

    var description: String {
        "toParent=\(toParent) fromParent=\(fromParent) presented=\(beingPresented) dismissed=\(beingDismissed)"
    }
}

/// A plain controller that notes what it saw in its callbacks: the moving/presenting flags per
/// appearance callback, and optionally has a text field (its delegate is the controller, so
/// editing shows as the controller's events, as in the seed003 trace) and children added in
/// `viewDidLoad` (what the scenario step `child CHILD in PARENT` does).
@MainActor
class TestViewController: ViewController, TextFieldDelegate {
    let textField = TextField(frame: Rect(x: 16, y: 120, width: 358, height: 44))
    let hasTextField: Bool
    /// Children added in `viewDidLoad` (addChild, addSubview, didMove), filling the view.
    var declaredChildren: [ViewController] = []
    /// What `textFieldShouldBeginEditing` answers.
    var allowsEditing = true
    /// The flags seen in the last call of each appearance callback, by hook name.
    private(set) var flags: [String: MovingFlags] = [:]
    /// Whether the segue destination's view was loaded when `prepare(for:sender:)` ran.
    private(set) var destinationLoadedInPrepare: Bool?
    /// Called from `viewWillTransition(to:with:)` (after `super`).
    var onWillTransition: ((Size, any TransitionCoordinator) -> Void)?

    init(_ name: String, textField: Bool = false) {
        hasTextField = textField
        ViewController.nameNext(Self.self, name)
        super.init(nibName: nil, bundle: nil)
        self.textField.delegate = self
        self.textField.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        if hasTextField { view.addSubview(textField) }
        for child in declaredChildren {
            addChild(child)
            child.view.frame = view.bounds
            child.view.autoresizingMask = .flexibleSize
            view.addSubview(child.view)
            child.didMove(toParent: self)
        }
    }

    private func note(_ hook: String) {
        flags[hook] = MovingFlags(
            toParent: isMovingToParent, fromParent: isMovingFromParent,
            beingPresented: isBeingPresented, beingDismissed: isBeingDismissed)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        note("viewWillAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        note("viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        note("viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        note("viewDidDisappear")
    }

    override func prepare(for segue: StoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        destinationLoadedInPrepare = segue.destination.isViewLoaded
    }

    override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        onWillTransition?(size, coordinator)
    }

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { allowsEditing }
}

/// A container that opts out of automatic appearance forwarding
/// (`shouldAutomaticallyForwardAppearanceMethods` returns `false`) and, when `forwards` is set,
/// forwards by hand with `beginAppearanceTransition`/`endAppearanceTransition` from its own callbacks.
@MainActor
final class ManualContainer: TestViewController {
    var forwards = true

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if forwards { for child in children { child.beginAppearanceTransition(true, animated: animated) } }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if forwards { for child in children { child.endAppearanceTransition() } }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if forwards { for child in children { child.beginAppearanceTransition(false, animated: animated) } }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if forwards { for child in children { child.endAppearanceTransition() } }
    }
}

/// A view that counts its `layoutSubviews` calls.
@MainActor
final class CountingView: View {
    private(set) var layoutCount = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layoutCount += 1
    }
}

/// A navigation delegate that notes each call with the shown controller's appearance state at that moment.
@MainActor
final class NavigationRecorder: NavigationControllerDelegate {
    private(set) var calls: [String] = []

    func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool
    ) {
        calls.append("willShow \(viewController.name) animated=\(animated) state=\(viewController.appearanceState)")
    }

    func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool
    ) {
        calls.append("didShow \(viewController.name) animated=\(animated) state=\(viewController.appearanceState)")
    }
}

/// A tab bar delegate that may refuse selections and notes each call.
@MainActor
final class TabRecorder: TabBarControllerDelegate {
    var allows = true
    private(set) var calls: [String] = []

    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
        calls.append("shouldSelect \(viewController.name)")
        return allows
    }

    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {
        calls.append("didSelect \(viewController.name)")
    }
}

extension NavigationController {
    /// A navigation controller with the given stack, set up front (no animation).
    static func make(_ name: String, _ stack: [ViewController]) -> NavigationController {
        let navigation = NavigationController(name: name)
        navigation.setViewControllers(stack, animated: false)
        return navigation
    }
}
