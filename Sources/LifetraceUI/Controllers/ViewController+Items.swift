extension ViewController {
    /// What a navigation bar shows for the controller, made on first use with its title.
    public var navigationItem: NavigationItem {
        if let item = navigationItemStorage { return item }
        let item = NavigationItem()
        item.title = title
        item.owningController = self
        navigationItemStorage = item
        return item
    }

    /// What a tab bar shows for the controller, made on first use with its title.
    public var tabBarItem: TabBarItem! {
        get {
            if let item = tabBarItemStorage { return item }
            let item = TabBarItem()
            item.title = title
            tabBarItemStorage = item
            return item
        }
        set { tabBarItemStorage = newValue }
    }

    /// Shows `controller` in the primary context (UIKit's `show(_:sender:)`): pushed on the
    /// enclosing navigation controller's stack, presented otherwise.
    public func show(_ controller: ViewController, sender: Any?) {
        if let navigation = (self as? NavigationController) ?? navigationController {
            navigation.pushViewController(controller, animated: true)
        } else {
            present(controller, animated: true)
        }
    }

    /// Shows `controller` in the secondary (detail) context (UIKit's
    /// `showDetailViewController(_:sender:)`): there is no split view here, so it is presented.
    public func showDetailViewController(_ controller: ViewController, sender: Any?) {
        present(controller, animated: true)
    }
}
