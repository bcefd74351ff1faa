import Foundation

/// A navigation controller's bar (UIKit's `UINavigationBar`): kept, not drawn. The runtime does
/// not model bars as views, so the bar's appearance and visibility change no layout (on iOS a
/// visible bar insets its controllers' safe area).
@MainActor
public final class NavigationBar {
    /// Whether the top item shows a large title.
    public var prefersLargeTitles = false
    /// Whether the bar is translucent.
    public var isTranslucent = true
    /// The colours.
    public var tintColor: Color?
    public var barTintColor: Color?
    /// The bar style (UIKit's `UIBarStyle`).
    public var barStyle: BarStyle = .default
    /// Text attributes of the title and the large title.
    public var titleTextAttributes: [NSAttributedString.Key: Any]?
    public var largeTitleTextAttributes: [NSAttributedString.Key: Any]?
    /// The shadow image.
    public var shadowImage: Image?
    /// The appearances of the bar in its states.
    public var standardAppearance = NavigationBarAppearance()
    public var scrollEdgeAppearance: NavigationBarAppearance?
    public var compactAppearance: NavigationBarAppearance?
    public var compactScrollEdgeAppearance: NavigationBarAppearance?
    private var backgroundImages: [Int: Image] = [:]

    /// The bar's look (UIKit's `UIBarStyle`).
    public enum BarStyle: Int, Sendable, Hashable { case `default`, black }
    /// Bar metrics (UIKit's `UIBarMetrics`).
    public enum Metrics: Int, Sendable, Hashable { case `default`, compact, defaultPrompt, compactPrompt }

    init() {}

    /// Sets the background image for bar metrics.
    public func setBackgroundImage(_ image: Image?, for metrics: Metrics) { backgroundImages[metrics.rawValue] = image }
    /// The background image for bar metrics.
    public func backgroundImage(for metrics: Metrics) -> Image? { backgroundImages[metrics.rawValue] }
}

/// How a bar looks (UIKit's `UIBarAppearance` family): kept, not drawn.
@MainActor
public class BarAppearance {
    public var backgroundColor: Color?
    public var backgroundImage: Image?
    public var shadowColor: Color?
    public var shadowImage: Image?
    /// A default appearance.
    public init() {}
    /// The system's translucent background.
    public func configureWithDefaultBackground() { backgroundColor = nil }
    /// An opaque background of the system's colour.
    public func configureWithOpaqueBackground() { backgroundColor = .systemBackground }
    /// No background and no shadow.
    public func configureWithTransparentBackground() {
        backgroundColor = .clear
        shadowColor = .clear
    }
}

/// How a navigation bar looks (UIKit's `UINavigationBarAppearance`).
@MainActor
public final class NavigationBarAppearance: BarAppearance {
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    public var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
}

/// How a tab bar looks (UIKit's `UITabBarAppearance`).
@MainActor
public final class TabBarAppearance: BarAppearance {}

/// A tab bar controller's bar (UIKit's `UITabBar`): kept, not drawn.
@MainActor
public final class TabBar {
    public var tintColor: Color?
    public var barTintColor: Color?
    public var unselectedItemTintColor: Color?
    public var isTranslucent = true
    public var standardAppearance = TabBarAppearance()
    public var scrollEdgeAppearance: TabBarAppearance?
    /// The items of the tab bar controller's tabs.
    public var items: [TabBarItem]? { owner.map { ($0.viewControllers ?? []).map { $0.tabBarItem } } }
    weak var owner: TabBarController?
    init(owner: TabBarController) { self.owner = owner }
}
