import Foundation
import Lifetrace
import LifetraceUI

/// The controller a scenario makes for a name seen for the first time: a plain view controller
/// with one text field, which is its delegate (so editing shows as the controller's events), and
/// the children declared with `child CHILD in PARENT`, added in its `viewDidLoad`.
@MainActor
public final class ScenarioViewController: ViewController, TextFieldDelegate {
    /// The controller's text field, inside its view.
    public let textField = TextField(frame: Rect(x: 16, y: 120, width: 358, height: 44))

    /// Whether appearance callbacks reach the children automatically (`forward-appearance NAME
    /// manual` turns it off: the scenario then calls `begin-appearance` and `end-appearance`).
    public var forwardsAppearanceAutomatically = true

    /// UIKit's `shouldAutomaticallyForwardAppearanceMethods`: ``forwardsAppearanceAutomatically``.
    public override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwardsAppearanceAutomatically }

    /// Children added in `viewDidLoad` (`child CHILD in PARENT`), in declaration order.
    public internal(set) var declaredChildren: [ViewController] = []

    /// The observable properties each method reads (`read NAME MODEL.PROPERTY in METHOD`).
    var reads: [String: [ObservedProperty]] = [:]

    /// Work that waits for the view: views and constraints declared before it loaded, run at the
    /// end of `viewDidLoad` in declaration order.
    var whenViewLoads: [@MainActor () -> Void] = []

    /// Creates a scenario controller with a name.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        textField.delegate = self
        textField.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
    }

    /// Creates a scenario controller unarchived from a storyboard scene (a `scene` step).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        textField.delegate = self
        textField.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
    }

    /// Adds the text field and the declared children (addChild, addSubview, didMove).
    ///
    /// A child's view loads as it is added, so declared children nest their loading; past
    /// `loadingNestingLimit` levels the deeper children are adopted once the outermost load
    /// returns, one after another: each is added and loaded, and, once every deeper one is in
    /// place, its view joins its parent's. A chain of any depth loads without deep recursion, and
    /// each view joins a branch at most `loadingNestingLimit` levels deep.
    public override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(textField)
        Self.loadingDepth += 1
        for child in declaredChildren {
            if Self.loadingDepth <= Self.loadingNestingLimit {
                adopt(child)
            } else {
                Self.waitingAdoptions.append((self, child))
            }
        }
        let work = whenViewLoads
        whenViewLoads = []
        for item in work { item() }
        Self.loadingDepth -= 1
        if Self.loadingDepth == 0, !Self.isAdoptingWaitingChildren {
            Self.adoptWaitingChildren()
        }
    }

    // The methods a `read` step makes read a model (observation tracking watches them).
    public override func updateProperties() {
        super.updateProperties()
        readModels(in: "updateProperties")
    }

    public override func updateViewConstraints() {
        super.updateViewConstraints()
        readModels(in: "updateViewConstraints")
    }

    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        readModels(in: "viewWillLayoutSubviews")
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        readModels(in: "viewDidLayoutSubviews")
    }

    private func readModels(in method: String) {
        guard let properties = reads[method] else { return }
        for property in properties { _ = property.value }
    }

    /// Adds `child` and its view, as a container's `viewDidLoad` does; nothing more when the
    /// runtime refuses the child (it reports why).
    private func adopt(_ child: ViewController) {
        addChild(child)
        guard child.parent === self else { return }
        child.loadViewIfNeeded()
        attach(child)
    }

    /// Puts an adopted child's view in this controller's view and ends the containment.
    private func attach(_ child: ViewController) {
        child.view.frame = view.bounds
        child.view.autoresizingMask = .flexibleSize
        view.addSubview(child.view)
        child.didMove(toParent: self)
    }

    /// Adopts the children that waited: each is added and loaded (deferring its own deep
    /// children in turn), then the views join their parents' deepest first.
    private static func adoptWaitingChildren() {
        isAdoptingWaitingChildren = true
        defer { isAdoptingWaitingChildren = false }
        var loaded: [(parent: ScenarioViewController, child: ViewController)] = []
        while true {
            if let (parent, child) = waitingAdoptions.popLast() {
                parent.addChild(child)
                guard child.parent === parent else { continue }
                child.loadViewIfNeeded()
                loaded.append((parent, child))
            } else if let (parent, child) = loaded.popLast() {
                parent.attach(child)
            } else {
                return
            }
        }
    }

    /// How many declared-children loads nest before deeper ones wait for the outermost to return.
    static let loadingNestingLimit = 64
    /// How many `viewDidLoad`s of scenario controllers are running, nested.
    private static var loadingDepth = 0
    /// Children past the nesting limit, with the parent that adopts them.
    private static var waitingAdoptions: [(parent: ScenarioViewController, child: ViewController)] = []
    private static var isAdoptingWaitingChildren = false
}
