/// A storyboard step of a scenario: scenes declared in a storyboard, and their instantiation.
///
/// | step | meaning |
/// |---|---|
/// | `scene NAME in STORYBOARD [nav ROOT \| tabs TAB...] [initial=true]` | a scene whose storyboard identifier is NAME: a plain controller, or a navigation or tab bar controller whose relationship segues name other scenes of the storyboard (declared or not); `initial=true` makes it the entry point |
/// | `instantiate STORYBOARD [NAME]` | `instantiateInitialViewController()`, or `instantiateViewController(withIdentifier: NAME)` |
///
/// A scene's name used by any other step before it is instantiated (`launch`, `push`, `segue`, …)
/// is instantiated there, by identifier; `view` and `stack` steps in a scene archive their views
/// in its nib, which its `loadView` unarchives.
public enum StoryboardStep: Sendable, Hashable {
    /// What a scene's controller is.
    public enum SceneKind: Sendable, Hashable {
        /// A plain controller with one text field.
        case plain
        /// A navigation controller whose root-view-controller relationship names ROOT.
        case navigation(root: String)
        /// A tab bar controller whose view-controllers relationships name the tabs.
        case tabs([String])

        /// The scenes the relationships name, in order.
        public var relationships: [String] {
            switch self {
            case .plain: []
            case .navigation(let root): [root]
            case .tabs(let tabs): tabs
            }
        }
    }

    /// `scene NAME in STORYBOARD [nav ROOT | tabs TAB...] [initial=true|false]`.
    case declareScene(name: String, storyboard: String, kind: SceneKind, initial: Bool)
    /// `instantiate STORYBOARD [NAME]`: the initial scene when NAME is not given.
    case instantiate(storyboard: String, scene: String?)

    /// The step keywords of storyboard steps.
    static let keywords = ["scene", "instantiate"]
}
