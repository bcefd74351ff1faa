import Lifetrace

extension ViewController {
    /// Asks for `updateViewConstraints` in the next constraint pass (the root view's).
    public func setNeedsUpdateConstraints() {
        viewIfLoaded?.setNeedsUpdateConstraints()
    }

    /// Whether `updateViewConstraints` runs in the next constraint pass (true for a new view).
    public var needsUpdateConstraints: Bool { viewIfLoaded?.needsUpdateConstraints ?? true }

    /// The insets of the root view that the window's safe area covers (zero out of a window).
    public var safeAreaInsets: EdgeInsets {
        guard let view = viewIfLoaded, let window = view.window else { return .zero }
        return window.safeAreaInsets.clipped(to: view.frameInWindow, within: window.bounds.size)
    }

    /// The root view's turn in the constraint pass: the safe area is reported first (the
    /// ancestors' before this controller's), then `updateViewConstraints`, whose default runs the
    /// root view's `updateConstraints`. The walk up stops at an ancestor told already at this
    /// geometry revision (its own ancestors were told before it), so the children of a deep
    /// hierarchy, which the pass runs bottom up, cost one walk in all.
    func runUpdateViewConstraints() {
        let revision = View.geometryRevision
        var chain: [ViewController] = []
        var current: ViewController? = self
        while let controller = current, controller.safeAreaChainRevision != revision {
            chain.append(controller)
            current = controller.parent
        }
        for controller in chain.reversed() {
            if let view = controller.viewIfLoaded, view.window != nil { controller.updateSafeAreaIfNeeded(of: view) }
            controller.safeAreaChainRevision = revision
        }
        withInterval(.updateViewConstraints) { tracking(.updateViewConstraints, updateViewConstraints) }
    }

    /// Tells the controller when its root view's safe area changed since it was last told, then
    /// that its layout margins (which follow the safe area) changed.
    func updateSafeAreaIfNeeded(of rootView: View) {
        let insets = safeAreaInsets
        guard insets != reportedSafeAreaInsets else { return }
        reportedSafeAreaInsets = insets
        withInterval(.viewSafeAreaInsetsDidChange) { viewSafeAreaInsetsDidChange() }
        withInterval(.viewLayoutMarginsDidChange) { viewLayoutMarginsDidChange() }
    }
}
