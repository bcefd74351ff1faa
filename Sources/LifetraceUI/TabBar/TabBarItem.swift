/// What a tab bar shows for a controller (UIKit's `UITabBarItem`): kept, not drawn.
@MainActor
public final class TabBarItem {
    /// The system's tab items (UIKit's `UITabBarItem.SystemItem`).
    public enum SystemItem: Int, Sendable, Hashable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search
        case downloads, mostRecent, mostViewed
    }

    /// The title; a controller's ``ViewController/title`` sets it.
    public var title: String?
    /// The image.
    public var image: Image?
    /// The image when selected.
    public var selectedImage: Image?
    /// A number that identifies the item.
    public var tag: Int
    /// The badge.
    public var badgeValue: String?
    /// The system item it was made as, if any.
    public let systemItem: SystemItem?

    /// An item with a title, image and tag.
    public init(title: String?, image: Image?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
        systemItem = nil
    }

    /// An item with a title and images.
    public init(title: String?, image: Image?, selectedImage: Image?) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
        tag = 0
        systemItem = nil
    }

    /// A system item.
    public init(tabBarSystemItem: SystemItem, tag: Int) {
        systemItem = tabBarSystemItem
        self.tag = tag
    }

    init() {
        tag = 0
        systemItem = nil
    }
}
