import Lifetrace

extension ViewController {
    /// Asks for `updateViewConstraints` before the next layout, and marks the view for layout.
    public func setNeedsUpdateConstraints() {
        needsUpdateConstraints = true
        viewIfLoaded?.setNeedsLayout()
    }

    /// The insets of the root view that the window's safe area covers (zero out of a window).
    public var safeAreaInsets: EdgeInsets {
        guard let view = viewIfLoaded, let window = view.window else { return .zero }
        return window.safeAreaInsets.clipped(to: view.frameInWindow, within: window.bounds.size)
    }

    /// Runs `updateViewConstraints` when asked for, at the start of the view's layout (UIKit
    /// updates constraints in the pass before layout).
    func updateConstraintsIfNeeded() {
        guard needsUpdateConstraints else { return }
        needsUpdateConstraints = false
        withInterval(.updateViewConstraints) { updateViewConstraints() }
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
