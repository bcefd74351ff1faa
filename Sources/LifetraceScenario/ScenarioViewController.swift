import Lifetrace
import LifetraceUI

/// The controller a scenario makes for a name seen for the first time: a plain view controller
/// with one text field, which is its delegate (so editing shows as the controller's events), and
/// the children declared with `child CHILD in PARENT`, added in its `viewDidLoad`.
@MainActor
public final class ScenarioViewController: ViewController, TextFieldDelegate {
    /// The controller's text field, inside its view.
    public let textField = TextField(frame: Rect(x: 16, y: 120, width: 358, height: 44))

    /// Children added in `viewDidLoad` (`child CHILD in PARENT`), in declaration order.
    public internal(set) var declaredChildren: [ViewController] = []

    /// Work that waits for the view: views and constraints declared before it loaded, run at the
    /// end of `viewDidLoad` in declaration order.
    var whenViewLoads: [@MainActor () -> Void] = []

    /// Creates a scenario controller with a name.
    public override init(name: String? = nil) {
        super.init(name: name)
        textField.delegate = self
        textField.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
    }

    /// Adds the text field and the declared children (addChild, addSubview, didMove).
    public override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(textField)
        for child in declaredChildren {
            addChild(child)
            child.view.frame = view.bounds
            child.view.autoresizingMask = .flexibleSize
            view.addSubview(child.view)
            child.didMove(toParent: self)
        }
        let work = whenViewLoads
        whenViewLoads = []
        for item in work { item() }
    }
}
