import Foundation

/// A row of dots, one per page (UIKit's `UIPageControl`): 26 points high, each dot 16 points
/// apart plus 16 points on either side; a hidden single page unless ``hidesForSinglePage`` is off.
@MainActor
open class PageControl: Control {
    /// How many pages.
    public var numberOfPages = 0 {
        didSet {
            currentPage = min(currentPage, max(numberOfPages - 1, 0))
            invalidateIntrinsicContentSize()
        }
    }
    /// The page shown.
    public var currentPage = 0
    /// Which way the dots run (UIKit's `UIPageControl.Direction`): kept.
    public enum Direction: Int, Sendable, Hashable { case natural, leftToRight, rightToLeft, topToBottom, bottomToTop }
    /// Which way the dots run (kept).
    public var direction: Direction = .natural
    /// Whether one page hides the control (kept).
    public var hidesForSinglePage = false
    /// The colours (kept, not drawn).
    public var pageIndicatorTintColor: Color?
    public var currentPageIndicatorTintColor: Color?

    /// Moves to a page as a user's tap would: `valueChanged` is sent when it changes.
    public func select(page: Int) {
        guard isEnabled, (0..<numberOfPages).contains(page), page != currentPage else { return }
        currentPage = page
        sendActions(for: .valueChanged)
    }

    /// The dots' row for a number of pages.
    public func size(forNumberOfPages pageCount: Int) -> Size {
        Size(width: CGFloat(max(pageCount, 0)) * 16 + 32, height: 26)
    }

    /// The dots' row.
    open override var intrinsicContentSize: Size { size(forNumberOfPages: numberOfPages) }
}
