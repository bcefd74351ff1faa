import Foundation

/// The pull-to-refresh control of a scroll view (UIKit's `UIRefreshControl`): ``pull()`` does what
/// a user's pull does (it begins refreshing and sends `valueChanged`); the app calls
/// ``endRefreshing()`` when its data came. Nothing is drawn.
@MainActor
open class RefreshControl: Control {
    /// Whether a refresh is in progress.
    public private(set) var isRefreshing = false
    /// The title under the spinner (kept).
    public var attributedTitle: NSAttributedString?

    /// Begins refreshing in code (no `valueChanged`, as UIKit's).
    public func beginRefreshing() { isRefreshing = true }
    /// Ends refreshing.
    public func endRefreshing() { isRefreshing = false }

    /// A user's pull: refreshing begins and `valueChanged` is sent (nothing when already refreshing).
    public func pull() {
        guard isEnabled, !isRefreshing else { return }
        isRefreshing = true
        sendActions(for: .valueChanged)
    }
}
