/// Customises how a split view controller collapses and expands (the runtime's
/// `UISplitViewControllerDelegate`, its column-style part). Every method has a default; the split
/// view controller also records each as its own event, delegate or not.
@MainActor
public protocol SplitViewControllerDelegate: AnyObject {
    /// The column to show on top once the interface has collapsed; `proposedTopColumn` is
    /// `.compact` when that column has a controller, `.secondary` otherwise (column style only).
    func splitViewController(
        _ svc: SplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column
    /// The interface collapsed (``SplitViewController/isCollapsed`` is `true`).
    func splitViewControllerDidCollapse(_ svc: SplitViewController)
    /// The interface expanded.
    func splitViewControllerDidExpand(_ svc: SplitViewController)
}

extension SplitViewControllerDelegate {
    /// The proposed column.
    public func splitViewController(
        _ svc: SplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column { proposedTopColumn }
    /// Does nothing.
    public func splitViewControllerDidCollapse(_ svc: SplitViewController) {}
    /// Does nothing.
    public func splitViewControllerDidExpand(_ svc: SplitViewController) {}
}
