import Lifetrace

/// What a `transition` interval moves: the runtime names its transitions with these, and a trace
/// shows each as the interval's text (`push`, `present pageSheet coverVertical`, `size 844x390`),
/// which `lifetrace stats` lists as the transition's kind.
public enum TransitionKind: Sendable, Hashable, CustomStringConvertible {
    /// A navigation controller's push.
    case push
    /// A navigation controller's pop (also an interactive pop and pop-to).
    case pop
    /// A modal presentation, with its style and the animation it runs.
    case present(ModalPresentationStyle, ModalTransitionStyle)
    /// A dismissal in code.
    case dismiss
    /// A sheet's swipe-down dismissal.
    case interactiveDismiss
    /// A tab bar controller's change of tab.
    case tab
    /// `transition(from:to:duration:…)` between two children.
    case children
    /// A window's change of size (a rotation).
    case size(Size)

    /// The kind as traces show it.
    public var description: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .present(let style, let animation): "present \(style.rawValue) \(animation.rawValue)"
        case .dismiss: "dismiss"
        case .interactiveDismiss: "dismiss interactive"
        case .tab: "tab"
        case .children: "children"
        case .size(let size): "size \(size)"
        }
    }
}

extension ViewController {
    /// Emits the `begin` of a `transition` interval of this controller towards `target`; end it
    /// with ``Lifetrace/Instrumented/endInterval(_:count:)`` on this controller.
    func beginTransition(_ kind: TransitionKind, to target: ViewController?, animated: Bool) -> IntervalState {
        beginInterval(.transition, animated: animated, target: target, text: kind.description)
    }
}
