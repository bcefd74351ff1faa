import Lifetrace

extension ViewController {
    /// Adds `child` as a child controller; sends it `willMove(toParent:)`. Add its view, then call
    /// `child.didMove(toParent: self)`, as in UIKit.
    public func addChild(_ child: ViewController) {
        guard child.parent !== self else { return }
        if let conflict = hierarchyConflict(adopting: child) {
            runLoop.report(Diagnostic(.error, conflict))
            return
        }
        if child.parent != nil {
            child.willMove(toParent: nil)
            child.removeFromParent()
        }
        child.isMovingToParent = true
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Removes the controller from its parent; sends it `didMove(toParent: nil)`. Call
    /// `willMove(toParent: nil)` and remove its view first, as in UIKit.
    public func removeFromParent() {
        guard let parent else { return }
        isMovingFromParent = true
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Emits the containment event of `willMove(toParent:)`; the base implementation calls it.
    func noteWillMove(toParent parent: ViewController?) {
        emitEvent(.willMove, target: parent)
    }

    /// Emits the containment event of `didMove(toParent:)` and ends the moving flags.
    func noteDidMove(toParent parent: ViewController?) {
        emitEvent(.didMove, target: parent)
        isMovingToParent = false
        isMovingFromParent = false
    }

    /// A child's view entered or left the window outside any transition (a child added to or
    /// removed from a parent on screen): the child appears or disappears at once, as in UIKit.
    func rootViewDidMove(toWindow window: Window?) {
        if let window { knownRunLoop = window.runLoop }
        guard let parent, parent.appearanceState == .appeared, parent.shouldAutomaticallyForwardAppearanceMethods else {
            return
        }
        if window != nil, appearanceState == .disappeared {
            beginAppearance(true, animated: false)
            sendViewIsAppearingIfNeeded()
            endAppearance()
        } else if window == nil, appearanceState == .appeared {
            beginAppearance(false, animated: false)
            endAppearance()
        }
    }

    /// Why `child` cannot become a child of this controller, in UIKit's terms, or `nil` when it
    /// can: a controller cannot contain itself or an ancestor (the hierarchy would be a cycle),
    /// nor a controller that presents or is presented (UIKit's hierarchy inconsistency).
    /// Constant time for a child that contains and presents nothing (it cannot be an ancestor),
    /// so adding children one by one costs no walk up; otherwise a walk up the hierarchy.
    func hierarchyConflict(adopting child: ViewController) -> String? {
        if child === self {
            return
                "Adding \(child.description) to \(description) would make the view controller hierarchy a cycle: it is the same controller."
        }
        if !child.children.isEmpty || child.presentedStorage != nil {
            var current: ViewController? = parent ?? presentingStorage
            while let candidate = current {
                if candidate === child {
                    return
                        "Adding \(child.description) to \(description) would make the view controller hierarchy a cycle: it is an ancestor or a presenter of it."
                }
                current = candidate.parent ?? candidate.presentingStorage
            }
        }
        if let presenter = child.presentingStorage {
            return
                "\(child.description) is presented by \(presenter.description); a presented view controller cannot become a child of \(description)."
        }
        if let presented = child.presentedStorage {
            return
                "\(child.description) presents \(presented.description); dismiss it before it becomes a child of \(description)."
        }
        return nil
    }

    /// The outermost ancestor in the containment hierarchy (this controller when it has no parent).
    var rootAncestor: ViewController {
        var current = self
        while let parent = current.parent { current = parent }
        return current
    }
}

extension ViewController {
    /// Swaps two children of this controller, as UIKit's
    /// `transition(from:to:duration:options:animations:completion:)`: `toViewController`'s view is
    /// added to `fromViewController`'s superview, both get appearance callbacks (when this
    /// controller forwards them automatically), `animations` runs, and when `duration` has passed
    /// `fromViewController`'s view is removed and the did-callbacks and `completion` follow.
    /// Both must be children of this controller; otherwise the call is refused with UIKit's error.
    public func transition(
        from fromViewController: ViewController,
        to toViewController: ViewController,
        duration: Double,
        animations: (@MainActor () -> Void)? = nil,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        guard fromViewController.parent === self, toViewController.parent === self else {
            runLoop.report(
                Diagnostic(
                    .error,
                    "Children view controllers \(fromViewController.description) and \(toViewController.description) must have a common parent view controller when calling transition(from:to:duration:)."
                ))
            return
        }
        let animated = duration > 0
        let forwards = shouldAutomaticallyForwardAppearanceMethods && appearanceState == .appeared
        let transition = beginTransition(.children, to: toViewController, animated: animated)
        if forwards {
            fromViewController.beginAppearance(false, animated: animated)
            toViewController.beginAppearance(true, animated: animated)
        }
        let container = fromViewController.viewIfLoaded?.superview ?? view
        let incoming = toViewController.view
        if incoming.superview !== container { container.addSubview(incoming) }
        if forwards { toViewController.sendViewIsAppearingIfNeeded() }
        animations?()
        let finish: @MainActor () -> Void = { [weak self] in
            fromViewController.viewIfLoaded?.removeFromSuperview()
            if forwards {
                fromViewController.endAppearance()
                toViewController.endAppearance()
            }
            self?.endInterval(transition)
            completion?(true)
        }
        runLoop.afterAnimation(animated, duration: duration, finish)
    }
}
