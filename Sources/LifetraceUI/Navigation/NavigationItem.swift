import Foundation

/// What a navigation bar shows for a controller (UIKit's `UINavigationItem`): its title and bar
/// button items. The runtime has no bar to draw: the item is kept so code that configures it runs
/// unchanged, and a button item's action can be performed from a test (``BarButtonItem/tap()``).
@MainActor
public final class NavigationItem {
    /// How the large title shows (UIKit's `UINavigationItem.LargeTitleDisplayMode`): kept.
    public enum LargeTitleDisplayMode: Int, Sendable, Hashable { case automatic, always, never, inline }

    /// The title; a controller's ``ViewController/title`` sets it.
    public var title: String?
    /// A view shown instead of the title.
    public var titleView: View?
    /// A line above the title.
    public var prompt: String?
    /// The item the next controller's back button shows.
    public var backBarButtonItem: BarButtonItem?
    /// The back button's title for the next controller.
    public var backButtonTitle: String?
    /// Whether the back button is hidden.
    public var hidesBackButton = false
    /// The items on the leading side.
    public var leftBarButtonItems: [BarButtonItem]?
    /// The items on the trailing side.
    public var rightBarButtonItems: [BarButtonItem]?
    /// How the large title shows.
    public var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    /// The search controller shown in the bar; it searches from the item's controller
    /// (``SearchController``, Containers/Search).
    public var searchController: SearchController? {
        didSet {
            if oldValue !== searchController { oldValue?.holdingItem = nil }
            searchController?.holdingItem = self
        }
    }
    /// The controller whose navigation item this is (set when the item is made).
    weak var owningController: ViewController?
    /// Whether the search bar hides when scrolling (kept).
    public var hidesSearchBarWhenScrolling = true

    /// The first leading item.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first trailing item.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// An item with a title.
    public init(title: String) { self.title = title }

    init() {}

    /// Sets the leading items.
    public func setLeftBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    /// Sets the trailing items.
    public func setRightBarButtonItems(_ items: [BarButtonItem]?, animated: Bool) { rightBarButtonItems = items }
    /// Sets the leading item.
    public func setLeftBarButton(_ item: BarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    /// Sets the trailing item.
    public func setRightBarButton(_ item: BarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    /// Hides or shows the back button.
    public func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
}

/// A button in a navigation bar or a toolbar (UIKit's `UIBarButtonItem`), with an ``Action``
/// (target–action needs `#selector`, which Linux Swift has not: docs/uikit-module.md).
@MainActor
public final class BarButtonItem {
    /// The system's items (UIKit's `UIBarButtonItem.SystemItem`).
    public enum SystemItem: Int, Sendable, Hashable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
        case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        case pageCurl, close
    }

    /// The item's style (UIKit's `UIBarButtonItem.Style`): kept.
    public enum Style: Int, Sendable, Hashable { case plain, bordered, done, prominent }

    /// The title.
    public var title: String?
    /// The image.
    public var image: Image?
    /// The style.
    public var style: Style = .plain
    /// The system item it was made as, if any.
    public let systemItem: SystemItem?
    /// What a tap runs.
    public var primaryAction: Action?
    /// A custom view.
    public var customView: View?
    /// Whether a tap runs the action.
    public var isEnabled = true
    /// A number that identifies the item.
    public var tag = 0
    /// The tint (kept).
    public var tintColor: Color?

    /// A system item whose tap runs `primaryAction`.
    public init(systemItem: SystemItem, primaryAction: Action? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
    }

    /// An item with a title or an image whose tap runs `primaryAction`.
    public init(title: String? = nil, image: Image? = nil, primaryAction: Action? = nil) {
        self.title = title
        self.image = image
        self.systemItem = nil
        self.primaryAction = primaryAction
    }

    /// An item showing a view.
    public init(customView: View) {
        self.customView = customView
        self.systemItem = nil
    }

    /// A flexible space.
    public static func flexibleSpace() -> BarButtonItem { BarButtonItem(systemItem: .flexibleSpace) }
    /// A fixed space.
    public static func fixedSpace(_ width: CGFloat) -> BarButtonItem { BarButtonItem(systemItem: .fixedSpace) }

    /// Taps the item: runs its action when enabled.
    public func tap() {
        guard isEnabled, let primaryAction else { return }
        primaryAction.perform(sender: self)
    }
}
