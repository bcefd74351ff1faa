import Lifetrace
import LifetraceCassowary

/// How the engine reports conflicts and its other findings: as UIKit's console does, and as events.
extension LayoutEngine {
    func report(_ error: any Error, adding constraint: LayoutConstraint) {
        guard let error = error as? SolverError, case .unsatisfiable(_, let conflicting) = error else {
            diagnose(Diagnostic(.error, "\(constraint.description): \(error)"))
            return
        }
        let others = conflicting.map { descriptions[ObjectIdentifier($0)] ?? $0.description }
        report(conflicting: others + [constraint.description], breaking: constraint)
    }

    /// UIKit's console message and an `unsatisfiableConstraints` event: the constraints that
    /// cannot all hold, and the one broken to recover.
    func report(conflicting: [String], breaking constraint: LayoutConstraint) {
        let list = conflicting.map { "    \"\($0)\"" }.joined(separator: ",\n")
        let message = """
            Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            (
            \(list)
            )

            Will attempt to recover by breaking constraint
            \(constraint.description)
            """
        diagnose(Diagnostic(.warning, message))
        let subject = constraint.installedView ?? host
        subject.emitEvent(
            .unsatisfiableConstraints,
            text:
                "Unable to simultaneously satisfy constraints: \(conflicting.joined(separator: ", ")); will attempt to recover by breaking constraint \(constraint.description)"
        )
    }

    func report(_ error: any Error, described description: String) {
        diagnose(Diagnostic(.warning, "Layout engine: \(description): \(error)"))
    }

    func diagnose(_ diagnostic: Diagnostic) {
        (host.window?.runLoop ?? MainRunLoop.main).report(diagnostic)
    }
}
