/// Gives a page view controller the pages around the one shown (the runtime's
/// `UIPageViewControllerDataSource`). The page view controller records each question as its own
/// event (`pageViewControllerBefore`, `pageViewControllerAfter`, the page asked about as `target`).
@MainActor
public protocol PageViewControllerDataSource: AnyObject {
    /// The page before `viewController`, or `nil` at the first page.
    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController)
        -> ViewController?
    /// The page after `viewController`, or `nil` at the last page.
    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController)
        -> ViewController?
    /// How many pages the page indicator shows (scroll style); 0 hides it (the default).
    func presentationCount(for pageViewController: PageViewController) -> Int
    /// The index the page indicator selects.
    func presentationIndex(for pageViewController: PageViewController) -> Int
}

extension PageViewControllerDataSource {
    /// No page indicator.
    public func presentationCount(for pageViewController: PageViewController) -> Int { 0 }
    /// The first page.
    public func presentationIndex(for pageViewController: PageViewController) -> Int { 0 }
}

/// Told about gesture-driven page transitions (the runtime's `UIPageViewControllerDelegate`): not
/// about ``PageViewController/setViewControllers(_:direction:animated:completion:)``, as in UIKit
/// ("Called before a gesture-driven transition begins"). The page view controller also records
/// both as its own events, delegate or not.
@MainActor
public protocol PageViewControllerDelegate: AnyObject {
    /// A swipe is about to turn to `pendingViewControllers` (it may still be cancelled).
    func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [ViewController])
    /// A swipe's animation ended; `completed` is `false` when the user cancelled it.
    func pageViewController(
        _ pageViewController: PageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [ViewController], transitionCompleted completed: Bool)
}

extension PageViewControllerDelegate {
    /// Does nothing.
    public func pageViewController(
        _ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [ViewController]
    ) {}
    /// Does nothing.
    public func pageViewController(
        _ pageViewController: PageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [ViewController], transitionCompleted completed: Bool
    ) {}
}
