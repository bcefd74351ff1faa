/// Asked and told about tab selection by the user (UIKit's `UITabBarControllerDelegate`).
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// Whether the tab of `viewController` may be selected. Default `true`.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool
    /// The tab of `viewController` was selected.
    func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController)
}

extension TabBarControllerDelegate {
    /// Allows the selection.
    public func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController) -> Bool {
        true
    }
    /// Does nothing.
    public func tabBarController(_ tabBarController: TabBarController, didSelect viewController: ViewController) {}
}
