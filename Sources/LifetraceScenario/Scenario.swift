import LifetraceUI

/// A scenario: the steps of one run of the scenario language, in order.
///
/// The language is specified in `../shared/golden/README.md` and the project README: one step per
/// line, `#` comments, names are identifiers, and a name seen for the first time is a plain view
/// controller of that name with one text field.
public struct Scenario: Sendable, Hashable {
    /// Where the scenario came from (a path, or a label such as `demo`), used in messages.
    public var source: String
    /// The steps, in order.
    public var steps: [Step]

    /// Creates a scenario.
    public init(source: String, steps: [Step]) {
        self.source = source
        self.steps = steps
    }
}

/// One step of a scenario, with where it was written.
public struct Step: Sendable, Hashable {
    /// The 1-based position of the step among the scenario's steps.
    public var index: Int
    /// The 1-based line of the file the step is on.
    public var line: Int
    /// The step as written, without comment and surrounding blanks (what `scenario.step` records
    /// carry as `text`, and what a golden file's `from:` names).
    public var text: String
    /// What the step does.
    public var action: Action
    /// The 1-based column of each word of ``text`` on its line (empty when not parsed from text),
    /// so an error can point at the word at fault.
    public var columns: [Int]

    /// Creates a step.
    public init(index: Int, line: Int, text: String, action: Action, columns: [Int] = []) {
        self.index = index
        self.line = line
        self.text = text
        self.action = action
        self.columns = columns
    }

    /// The column of the first argument spelled `word` (the step's first column when no argument
    /// is, or when `word` is nil): where an error about that word points.
    public func column(of word: String?) -> Int {
        let words = text.split(separator: " ")
        if let word, let index = words.indices.dropFirst().first(where: { words[$0] == word }), index < columns.count {
            return columns[index]
        }
        return columns.first ?? 1
    }
}

extension Step {
    /// What a scenario step does.
    public enum Action: Sendable, Hashable {
        /// `nav NAME CHILD...`: declare a navigation controller whose stack is CHILD... (bottom first).
        case declareNavigation(name: String, stack: [String])
        /// `tabs NAME CHILD...`: declare a tab bar controller, the first tab selected.
        case declareTabs(name: String, tabs: [String])
        /// `child CHILD in PARENT`: PARENT adds CHILD in its `viewDidLoad`.
        case declareChild(child: String, parent: String)
        /// `launch ROOT`: make ROOT the window's root view controller and show the window.
        case launch(String)
        /// `push NAME [animated=…]`.
        case push(String, animated: Bool)
        /// `pop [animated=…]`.
        case pop(animated: Bool)
        /// `pop-to-root [animated=…]`.
        case popToRoot(animated: Bool)
        /// `set-stack NAV NAME... [animated=…]`.
        case setStack(navigation: String, stack: [String], animated: Bool)
        /// `interactive-pop finish|cancel`.
        case interactivePop(finishes: Bool)
        /// `present NAME [style=…] [animated=…]`.
        case present(String, style: ModalPresentationStyle, animated: Bool)
        /// `dismiss [animated=…]`.
        case dismiss(animated: Bool)
        /// `segue NAME [animated=…]`.
        case segue(String, animated: Bool)
        /// `select-tab INDEX` (0-based).
        case selectTab(Int)
        /// `add-child CHILD to PARENT`.
        case addChild(child: String, parent: String)
        /// `remove-child CHILD`.
        case removeChild(String)
        /// `edit NAME`: NAME's text field becomes first responder.
        case edit(String)
        /// `end-editing`: the first responder resigns.
        case endEditing
        /// `rotate landscape|portrait`: a size transition that swaps the window's orientation.
        case rotate(landscape: Bool)
        /// `resize WxH`: a size transition to the given size in points.
        case resize(width: Double, height: Double)
        /// `memory-warning`.
        case memoryWarning
        /// `wait DURATION` (`500ms`, `2s`, `250us`), in nanoseconds.
        case wait(nanoseconds: UInt64)
        /// An Auto Layout step: views, stack views and constraints (``LayoutStep``).
        case layout(LayoutStep)
        /// A storyboard step: scenes and their instantiation (``StoryboardStep``).
        case storyboard(StoryboardStep)
        /// A container step: alerts, pages, split views, search (``ContainerStep``).
        case container(ContainerStep)
        /// A list step: tables, driven scrolls (``ListStep``).
        case list(ListStep)
        /// An update-cycle step: observable models, properties updates (``UpdateStep``).
        case update(UpdateStep)
        /// An app and scene lifecycle step: the app's launch, background, foreground (``SceneStep``).
        case scene(SceneStep)
        /// `appearance dark|light`: the system's appearance changes (a trait change).
        case appearance(dark: Bool)
        /// `register-traits NAME TRAIT...`: `registerForTraitChanges(_:handler:)`, the handler recorded.
        case registerTraits(String, [TraitCollection.Trait])
        /// `swipe-dismiss finish|cancel`: the front-most sheet is swiped down, and the swipe completes
        /// or is abandoned.
        case swipeDismiss(finishes: Bool)
        /// `modal-in-presentation NAME on|off`: `isModalInPresentation`.
        case modalInPresentation(String, Bool)
        /// `should-dismiss NAME yes|no`: what NAME's presentation-controller delegate answers to
        /// `presentationControllerShouldDismiss` (yes unless told).
        case shouldDismiss(String, Bool)

        /// `start STEP`: runs STEP without letting the run loop go idle after it, so its animation is
        /// still in flight when the next step runs.
        indirect case start(Action)
        /// `advance DURATION`: lets DURATION pass (timers due by then fire, layout runs) and leaves
        /// what is still animating in flight, in nanoseconds.
        case advance(nanoseconds: UInt64)
        /// A step given `completion=true`: its transition's completion block records a `completion`
        /// event where UIKit runs it.
        indirect case withCompletion(Action)
        /// `present NAME from PRESENTER [style=…] [animated=…]`: PRESENTER calls `present`.
        case presentFrom(String, from: String, style: ModalPresentationStyle, animated: Bool)
        /// `pop-to NAME [animated=…]`: `popToViewController(_:animated:)`.
        case popTo(String, animated: Bool)
        /// `dismiss from=NAME [animated=…]`: NAME calls `dismiss(animated:completion:)`.
        case dismissFrom(String, animated: Bool)
        /// `release NAME`: the scenario drops its reference, so NAME's `deinit` runs when nothing else holds it.
        case release(String)
        /// `defines-context NAME on|off`: `definesPresentationContext`.
        case definesContext(String, Bool)
        /// `provides-context-style NAME on|off`: `providesPresentationContextTransitionStyle`.
        case providesContextStyle(String, Bool)
        /// `transition-style NAME STYLE`: `modalTransitionStyle`.
        case transitionStyle(String, ModalTransitionStyle)
        /// `forward-appearance NAME manual|automatic`: `shouldAutomaticallyForwardAppearanceMethods`.
        case forwardAppearance(String, automatic: Bool)
        /// `begin-appearance NAME appear|disappear [animated=…]`: `beginAppearanceTransition(_:animated:)`.
        case beginAppearance(String, appearing: Bool, animated: Bool)
        /// `end-appearance NAME`: `endAppearanceTransition()`.
        case endAppearance(String)
        /// `transition FROM to TO [duration=…]`: the parent of FROM swaps it for TO with
        /// `transition(from:to:duration:…)` (TO added first, FROM removed in the completion).
        case transitionChild(from: String, to: String, nanoseconds: UInt64)
    }
}
