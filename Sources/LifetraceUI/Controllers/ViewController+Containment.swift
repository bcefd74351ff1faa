import Lifetrace

extension ViewController {
    /// Adds `child` as a child controller; sends it `willMove(toParent:)`. Add its view, then call
    /// `child.didMove(toParent: self)`, as in UIKit.
    public func addChild(_ child: ViewController) {
        guard child !== self, child.parent !== self else { return }
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
        probe.emitEvent(.willMove, Details(target: parent?.instrumentationSubject))
    }

    /// Emits the containment event of `didMove(toParent:)` and ends the moving flags.
    func noteDidMove(toParent parent: ViewController?) {
        probe.emitEvent(.didMove, Details(target: parent?.instrumentationSubject))
        isMovingToParent = false
        isMovingFromParent = false
    }

    /// A child's view entered or left the window outside any transition (a child added to or
    /// removed from a parent on screen): the child appears or disappears at once, as in UIKit.
    func rootViewDidMove(toWindow window: Window?) {
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

    /// The outermost ancestor in the containment hierarchy (this controller when it has no parent).
    var rootAncestor: ViewController {
        var current = self
        while let parent = current.parent { current = parent }
        return current
    }
}
