import Lifetrace

// The hooks of the containers' own calls (alert actions, page view controller data source and
// delegate, split view collapse and expansion, search presentation). They are hooks of the
// runtime's own naming (`Hook("…")`, open hooks: see `Hook`), recorded as events of the container,
// with the controller concerned as `target` where there is one. docs/uikit-containers.md places each.

extension Hook {
    /// An alert action's handler runs (after the alert's dismissal); `text` is the action's title.
    public static var alertActionHandler: Hook { "alertActionHandler" }

    /// A page view controller asks its data source for the page before `target`.
    public static var pageViewControllerBefore: Hook { "pageViewControllerBefore" }
    /// A page view controller asks its data source for the page after `target`.
    public static var pageViewControllerAfter: Hook { "pageViewControllerAfter" }
    /// A gesture-driven page transition to `target` is about to begin (the delegate's `willTransitionTo`).
    public static var pageViewControllerWillTransition: Hook { "pageViewControllerWillTransition" }
    /// A gesture-driven page transition ended (the delegate's `didFinishAnimating`); `text` is
    /// `completed` or `cancelled`, `target` the page shown before.
    public static var pageViewControllerDidFinishAnimating: Hook { "pageViewControllerDidFinishAnimating" }

    /// A split view controller collapses: the delegate is asked for the top column; `text` is the
    /// column chosen (the proposed one without a delegate).
    public static var splitViewControllerTopColumnForCollapsing: Hook { "splitViewControllerTopColumnForCollapsing" }
    /// A split view controller's interface collapsed.
    public static var splitViewControllerDidCollapse: Hook { "splitViewControllerDidCollapse" }
    /// A split view controller's interface expanded.
    public static var splitViewControllerDidExpand: Hook { "splitViewControllerDidExpand" }

    /// A search controller is about to be presented (its delegate's `willPresentSearchController`).
    public static var willPresentSearchController: Hook { "willPresentSearchController" }
    /// A search controller was presented.
    public static var didPresentSearchController: Hook { "didPresentSearchController" }
    /// A search controller is about to be dismissed.
    public static var willDismissSearchController: Hook { "willDismissSearchController" }
    /// A search controller was dismissed.
    public static var didDismissSearchController: Hook { "didDismissSearchController" }
    /// The search results updater is told to update (`text`: the search bar's text, none when empty).
    public static var updateSearchResults: Hook { "updateSearchResults" }
}
