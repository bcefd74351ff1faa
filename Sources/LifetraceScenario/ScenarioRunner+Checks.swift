import Lifetrace
import LifetraceUI

/// Misuse a step would make, found before the step changes anything: each is an error at the
/// word at fault, in the words of UIKit's exception where UIKit raises one. What only the runtime
/// can judge it reports as an error, which ``refusable(_:)`` turns into the step's failure before
/// anything else runs.
extension ScenarioRunner {
    /// Where the diagnostics of the runner's run loop and of the main one (which controllers out
    /// of any window report to) stand.
    struct DiagnosticMarks {
        var runner: Int
        var main: Int
    }

    var diagnosticMarks: DiagnosticMarks {
        DiagnosticMarks(runner: runLoop.diagnostics.count, main: MainRunLoop.main.diagnostics.count)
    }

    /// The first error reported since `marks`, on the runner's run loop or the main one.
    func firstError(since marks: DiagnosticMarks) -> Diagnostic? {
        let isError: (Diagnostic) -> Bool = { $0.severity == .error }
        if let error = runLoop.diagnostics.dropFirst(marks.runner).first(where: isError) { return error }
        guard runLoop !== MainRunLoop.main else { return nil }
        return MainRunLoop.main.diagnostics.dropFirst(marks.main).first(where: isError)
    }

    /// Runs a call into the runtime; when the runtime refuses it with an error (UIKit would raise),
    /// the step fails there, at `argument` (the word at fault; nil: the step), so nothing after
    /// the call runs.
    func refusable(at argument: Int? = nil, _ call: () -> Void) throws {
        let marks = diagnosticMarks
        call()
        guard let error = firstError(since: marks) else { return }
        if let argument { throw StepFailure(error.message, atArgument: argument) }
        throw StepFailure(error.message)
    }

    /// `nav NAME CHILD...` and `tabs NAME CHILD...`: no child twice, not the container itself, no
    /// child that belongs elsewhere, is presented or presents.
    func checkContainerDeclaration(_ name: String, members: [String], isNavigation: Bool) throws {
        var seen: Set<String> = []
        for (index, member) in members.enumerated() {
            let argument = index + 2
            if member == name {
                throw StepFailure(
                    "\(name) cannot contain itself: the view controller hierarchy would be a cycle", atArgument: argument)
            }
            guard seen.insert(member).inserted else {
                throw StepFailure(
                    isNavigation
                        ? "Pushing the same view controller instance more than once is not supported (\(member))."
                        : "A tab bar controller cannot show \(member) in two tabs.",
                    atArgument: argument)
            }
            guard let existing = existingController(named: member) else { continue }
            if isNavigation, existing is NavigationController {
                throw StepFailure(
                    "Pushing a navigation controller is not supported (\(existing.description)).", atArgument: argument)
            }
            try checkAdoptable(existing, by: name, argument: argument)
        }
    }

    /// `set-stack NAV NAME...`: no controller twice, not the navigation controller itself.
    func checkStack(of navigation: NavigationController, members: [String]) throws {
        var seen: Set<String> = []
        for (index, member) in members.enumerated() {
            let argument = index + 2
            if member == navigation.name {
                throw StepFailure(
                    "Adding \(navigation.description) to \(navigation.description) would make the view controller hierarchy a cycle: it is the same controller.",
                    atArgument: argument)
            }
            guard seen.insert(member).inserted else {
                throw StepFailure(
                    "Pushing the same view controller instance more than once is not supported (\(member)).", atArgument: argument
                )
            }
            if let existing = existingController(named: member), existing.parent !== navigation {
                if existing is NavigationController {
                    throw StepFailure(
                        "Pushing a navigation controller is not supported (\(existing.description)).", atArgument: argument)
                }
                try checkNotDeclaredChild(existing, argument: argument)
                try checkNotAbove(navigation, existing, argument: argument)
            }
        }
    }

    /// `controller` is not `descendant` nor one of its ancestors or presenters (walked only when
    /// `controller` has children or presents: a leaf cannot be above anything).
    private func checkNotAbove(_ descendant: ViewController, _ controller: ViewController, argument: Int) throws {
        guard !controller.children.isEmpty || controller.presentedViewController != nil else { return }
        var current: ViewController? = descendant
        while let candidate = current {
            if candidate === controller {
                throw StepFailure(
                    "Adding \(controller.description) to \(descendant.description) would make the view controller hierarchy a cycle: it is an ancestor or a presenter of it.",
                    atArgument: argument)
            }
            current = declaredParent(of: candidate) ?? candidate.parent ?? candidate.presentingViewController
        }
    }

    /// `child CHILD in PARENT`: the child is not the parent nor above it, is not presented and
    /// presents nothing, and is declared in one parent only.
    func checkChildDeclaration(_ child: ViewController, in parent: ScenarioViewController) throws {
        if child === parent {
            throw StepFailure(
                "Adding \(child.description) to \(parent.description) would make the view controller hierarchy a cycle: it is the same controller.",
                atArgument: 1)
        }
        try checkAdoptable(child, by: parent.name, argument: 1)
        // Only a controller with children (declared or added) can be above the parent: a new
        // leaf costs no walk up.
        let hasChildren = !child.children.isEmpty || (child as? ScenarioViewController)?.declaredChildren.isEmpty == false
        guard hasChildren else { return }
        var current: ViewController? = parent
        while let candidate = current {
            if candidate === child {
                throw StepFailure(
                    "Adding \(child.description) to \(parent.description) would make the view controller hierarchy a cycle: it is an ancestor of it.",
                    atArgument: 1)
            }
            current = declaredParent(of: candidate) ?? candidate.parent ?? candidate.presentingViewController
        }
    }

    /// `launch ROOT`: the root has no parent (UIKit's hierarchy inconsistency) and is not presented.
    func checkLaunch(_ root: ViewController) throws {
        if let parent = root.parent {
            throw StepFailure(
                "child view controller:\(root.description) should have parent view controller:(null) but actual parent is:\(parent.description)",
                atArgument: 1)
        }
        if let presenter = root.presentingViewController {
            throw StepFailure(
                "\(root.description) is presented by \(presenter.description); it cannot become the window's root view controller",
                atArgument: 1)
        }
        try checkNotDeclaredChild(root, argument: 1)
    }

    /// A controller about to become a child of `container`: neither presented nor presenting.
    func checkAdoptable(_ controller: ViewController, by container: String, argument: Int) throws {
        if let presenter = controller.presentingViewController {
            throw StepFailure(
                "\(controller.description) is presented by \(presenter.description); a presented view controller cannot become a child of \(container).",
                atArgument: argument)
        }
        if let presented = controller.presentedViewController {
            throw StepFailure(
                "\(controller.description) presents \(presented.description); dismiss it before it becomes a child of \(container).",
                atArgument: argument)
        }
        try checkNotDeclaredChild(controller, argument: argument)
    }

    /// The parent `controller` was declared in (`child CHILD in PARENT`), if any.
    func declaredParent(of controller: ViewController) -> ViewController? {
        declaredParents[ObjectIdentifier(controller)].flatMap(existingController(named:))
    }

    /// A controller that waits to be added by a parent (`child CHILD in PARENT`) is that parent's.
    func checkNotDeclaredChild(_ controller: ViewController, argument: Int) throws {
        if let parent = declaredParent(of: controller), controller.parent == nil {
            throw StepFailure(
                "\(controller.name) is declared as a child of \(parent.name) (child \(controller.name) in \(parent.name))",
                atArgument: argument)
        }
    }
}
