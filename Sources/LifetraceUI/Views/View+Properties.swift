import Foundation
import Lifetrace
import Observation
import Synchronization

/// iOS 26's properties pass (`updateProperties()`), and automatic observation tracking: the
/// observable properties a tracked method reads are remembered, and a change to one asks for that
/// method again in the next pass (Apple, "Updating views automatically with observation tracking
/// in UIKit").
extension View {
    /// Asks for ``updateProperties()`` in the next pass, before the constraint pass and layout
    /// (requests coalesce).
    public func setNeedsUpdateProperties() {
        guard !needsUpdateProperties else { return }
        needsUpdateProperties = true
        superview?.markDescendantNeedsUpdateProperties()
    }

    /// Runs the properties updates this view and its branch wait for, now (parents first).
    public func updatePropertiesIfNeeded() {
        updatePropertiesBranch()
    }

    /// Whether this view or one inside it waits for a properties update.
    var branchNeedsUpdateProperties: Bool { needsUpdateProperties || descendantNeedsUpdateProperties }

    func markDescendantNeedsUpdateProperties() {
        var current: View? = self
        while let view = current, !view.descendantNeedsUpdateProperties {
            view.descendantNeedsUpdateProperties = true
            current = view.superview
        }
    }

    /// The properties pass over this branch, top down in subview order: each view that asked runs
    /// its controller's `updateProperties()` (a root view) and then its own, each tracked.
    func updatePropertiesBranch() {
        guard branchNeedsUpdateProperties else { return }
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if view.needsUpdateProperties {
                view.needsUpdateProperties = false
                view.owningController?.runUpdateProperties()
                view.withInterval(.updateProperties) {
                    observingChanges(
                        view.updateProperties,
                        onChange: { [weak view] in ObservedChanges.post(.init(view: view, method: .updateProperties)) })
                }
            }
            guard view.descendantNeedsUpdateProperties else { continue }
            view.descendantNeedsUpdateProperties = false
            for subview in view.subviews.reversed() where subview.branchNeedsUpdateProperties { pending.append(subview) }
        }
    }

    /// A tracked read of this view's changed: the method runs again in the next pass.
    func observedChange(_ method: ObservedMethod) {
        emitEvent(.observedChange, text: method.rawValue)
        switch method {
        case .updateProperties: setNeedsUpdateProperties()
        case .updateConstraints: setNeedsUpdateConstraints()
        default: setNeedsLayout()
        }
    }
}

/// The methods automatic observation tracking watches.
enum ObservedMethod: String, Sendable {
    case updateProperties, updateConstraints, layoutSubviews
    case updateViewConstraints, viewWillLayoutSubviews, viewDidLayoutSubviews
}

/// Runs `body` with Swift's observation tracking: when an observable property it read changes,
/// `onChange` (made only then, so a method that reads none costs no allocation) posts the change
/// for the main run loop's next turn.
@MainActor
func observingChanges<R>(_ body: () -> R, onChange: @autoclosure () -> @Sendable () -> Void) -> R {
    withObservationTracking(body, onChange: onChange())
}

/// Changes to tracked properties, made on any thread (Observation tells of a change in the
/// property's `willSet`, on the thread that sets it), until the main run loop's next turn
/// delivers them: each an `observedChange` event of the view or controller, and the method asked
/// for again, before that turn's layout pass.
enum ObservedChanges {
    struct Change: Sendable {
        weak var view: View?
        weak var controller: ViewController?
        let method: ObservedMethod
    }

    private static let pending = Mutex<[Change]>([])

    static func post(_ change: Change) { pending.withLock { $0.append(change) } }

    static var isEmpty: Bool { pending.withLock { $0.isEmpty } }

    @MainActor
    static func deliver() {
        let changes = pending.withLock { changes in
            defer { changes.removeAll() }
            return changes
        }
        for change in changes {
            change.view?.observedChange(change.method)
            change.controller?.observedChange(change.method)
        }
    }
}
