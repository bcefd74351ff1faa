/// Told when a navigation controller shows a controller (UIKit's `UINavigationControllerDelegate`).
///
/// The navigation controller also records both as its own events (`willShowViewController`,
/// `didShowViewController`, with the shown controller as `target`), delegate or not.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
    /// `viewController` is about to be shown (after its `viewWillAppear`).
    func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool)
    /// `viewController` was shown (after its `viewDidAppear`).
    func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool)
}

extension NavigationControllerDelegate {
    /// Does nothing.
    public func navigationController(
        _ navigationController: NavigationController, willShow viewController: ViewController, animated: Bool
    ) {}
    /// Does nothing.
    public func navigationController(
        _ navigationController: NavigationController, didShow viewController: ViewController, animated: Bool
    ) {}
}
