import Lifetrace
import LifetraceUI

extension Step.Action {
    /// Whether the runner lets the run loop go idle after the step: not after `start STEP` and
    /// `advance DURATION`, which leave what animates in flight for the next step.
    var drainsRunLoop: Bool {
        switch self {
        case .start, .advance: false
        default: true
        }
    }
}

/// The steps that reach the runtime's transitions beyond push, pop, present and dismiss (see
/// ``StepParser`` for their words): each wires a runtime call, checked first so that misuse is an
/// error at the word at fault.
extension ScenarioRunner {
    func performTransitionStep(_ action: Step.Action, recordsCompletion: Bool) throws {
        switch action {
        case .start(let inner):
            try perform(inner, recordsCompletion: recordsCompletion)
        case .advance(let nanoseconds):
            runLoop.run(for: Double(nanoseconds) / 1e9)
        case .withCompletion(let inner):
            try perform(inner, recordsCompletion: true)
        case .presentFrom(let name, let presenter, let style, let animated):
            let caller = try named(presenter, argument: 3)
            try present(name, on: caller, style: style, animated: animated, recordsCompletion: recordsCompletion)
        case .popTo(let name, let animated):
            let navigation = try frontNavigation("pop-to")
            guard let target = existingController(named: name), target.parent === navigation else {
                throw StepFailure("\(name) is not on \(navigation.name)'s stack", at: name)
            }
            try refusable { navigation.popToViewController(target, animated: animated) }
        case .dismissFrom(let name, let animated):
            let caller = try named(name, argument: 2)
            caller.dismiss(animated: animated, completion: dismissCompletion(recordsCompletion, of: caller))
        case .release(let name):
            _ = try named(name, argument: 1)
            forget(name)
        case .definesContext(let name, let on):
            controller(named: name).definesPresentationContext = on
        case .providesContextStyle(let name, let on):
            controller(named: name).providesPresentationContextTransitionStyle = on
        case .transitionStyle(let name, let style):
            controller(named: name).modalTransitionStyle = style
        case .forwardAppearance(let name, let automatic):
            guard let container = controller(named: name) as? ScenarioViewController else {
                throw StepFailure("\(name) is a container of the runtime, which forwards appearance itself", at: name)
            }
            guard container.appearanceState == .disappeared else {
                throw StepFailure("\(name) is on screen; choose its forwarding before it appears", at: name)
            }
            container.forwardsAppearanceAutomatically = automatic
        case .beginAppearance(let name, let appearing, let animated):
            try named(name, argument: 1).beginAppearanceTransition(appearing, animated: animated)
        case .endAppearance(let name):
            try named(name, argument: 1).endAppearanceTransition()
        case .transitionChild(let fromName, let toName, let nanoseconds):
            try transitionChild(from: fromName, to: toName, nanoseconds: nanoseconds, recordsCompletion: recordsCompletion)
        default:
            try perform(action, recordsCompletion: recordsCompletion)
        }
    }

    /// `caller` presents the controller of `name` in `style`; the style is put back when refused.
    func present(
        _ name: String, on caller: ViewController, style: ModalPresentationStyle, animated: Bool, recordsCompletion: Bool
    ) throws {
        let presented = controller(named: name)
        let previousStyle = presented.modalPresentationStyle
        // Alerts and search controllers present themselves in their own style (over the presenter).
        let keepsOwnStyle = presented is AlertController || presented is SearchController
        if keepsOwnStyle, style != .fullScreen {
            throw StepFailure(
                "\(name) presents itself over its presenter; style=\(style.rawValue) does not apply to it",
                at: "style=\(style.rawValue)")
        }
        if !keepsOwnStyle { presented.modalPresentationStyle = style }
        let completion = completionEvent(recordsCompletion, of: caller, target: presented, kind: "present")
        do {
            try refusable(at: 1) { caller.present(presented, animated: animated, completion: completion) }
        } catch {
            presented.modalPresentationStyle = previousStyle
            throw error
        }
    }

    /// The controller of a name the scenario made, or an error at `argument`.
    private func named(_ name: String, argument: Int) throws -> ViewController {
        guard let controller = existingController(named: name) else {
            throw StepFailure("no controller is named \(name) yet", atArgument: argument)
        }
        return controller
    }

    /// `transition FROM to TO`: as Apple's container guide swaps two children. FROM gets
    /// `willMove(toParent: nil)`, the parent adds TO, `transition(from:to:duration:…)` runs, and
    /// its completion removes FROM and ends TO's move.
    private func transitionChild(from fromName: String, to toName: String, nanoseconds: UInt64, recordsCompletion: Bool) throws {
        let from = try named(fromName, argument: 1)
        guard let parent = from.parent else {
            throw StepFailure("\(fromName) is not a child of any controller", atArgument: 1)
        }
        let to = controller(named: toName)
        try checkSwappable(to, into: parent)
        let records = recordsCompletion
        let completion = completionEvent(records, of: parent, target: to, kind: "transition")
        from.willMove(toParent: nil)
        if to.parent == nil { try refusable(at: 3) { parent.addChild(to) } }
        to.view.frame = from.viewIfLoaded?.frame ?? parent.view.bounds
        to.view.autoresizingMask = .flexibleSize
        try refusable(at: 1) {
            parent.transition(
                from: from, to: to, duration: Double(nanoseconds) / 1e9,
                completion: { [weak parent, weak from, weak to] _ in
                    from?.removeFromParent()
                    if let parent { to?.didMove(toParent: parent) }
                    completion?()
                })
        }
    }

    /// TO can join `parent` for a swap: not FROM's parent itself or above it, not presented or
    /// presenting, not a child elsewhere or declared into another parent.
    private func checkSwappable(_ to: ViewController, into parent: ViewController) throws {
        var current: ViewController? = parent
        while let candidate = current {
            if candidate === to {
                throw StepFailure(
                    "Adding \(to.description) to \(parent.description) would make the view controller hierarchy a cycle: it is an ancestor of it.",
                    atArgument: 3)
            }
            current = candidate.parent ?? candidate.presentingViewController
        }
        if let other = to.parent, other !== parent {
            throw StepFailure(
                "Children view controllers must have a common parent view controller when calling transition(from:to:duration:): \(to.name) is a child of \(other.name)",
                atArgument: 3)
        }
        if to.appearanceState != .disappeared {
            throw StepFailure("\(to.name) is on screen already", atArgument: 3)
        }
        try checkAdoptable(to, by: parent.description, argument: 3)
    }

    /// A completion block that records a `completion` event of `caller` (target: the incoming
    /// controller, text: the transition's kind), or `nil` when the step does not record it. It
    /// holds no controller: a completion does not keep what it names alive.
    func completionEvent(
        _ records: Bool, of caller: ViewController, target: ViewController?, kind: String
    ) -> (@MainActor () -> Void)? {
        guard records else { return nil }
        let probe = caller.probe
        let details = Details(target: target?.instrumentationSubject, text: kind)
        return { probe.emitEvent(.completion, details) }
    }

    /// The completion of `dismiss` called on `caller`: its target is what goes (what `caller`
    /// presents, or `caller` itself).
    func dismissCompletion(_ records: Bool, of caller: ViewController) -> (@MainActor () -> Void)? {
        completionEvent(records, of: caller, target: caller.presentedViewController ?? caller, kind: "dismiss")
    }

    /// A step that names a controller a `release` step dropped is an error at that name.
    func checkNotReleased(_ step: Step) throws {
        guard !releasedNames.isEmpty else { return }
        let words = step.text.split(separator: " ")
        // The runner shifts the arguments of `start STEP` by one: count from STEP's keyword.
        var shift = 0
        if case .start = step.action { shift = 1 }
        for (index, word) in words.enumerated().dropFirst() {
            let name = String(word.prefix { $0 != "." })
            if releasedNames.contains(name) {
                throw StepFailure(
                    "\(name) was released (release \(name)); a released controller cannot be named again",
                    atArgument: index - shift)
            }
        }
    }
}
