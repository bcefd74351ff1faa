/// The traits of a controller's environment that the runtime models (the runtime's
/// `UITraitCollection`): the two size classes, which follow the window's size, and the interface
/// style, which follows the system's appearance.
public struct TraitCollection: Sendable, Hashable, CustomStringConvertible {
    /// A size class: how much room there is along one axis.
    public enum SizeClass: String, Sendable, Hashable {
        case compact, regular
    }

    /// The appearance: light or dark.
    public enum Style: String, Sendable, Hashable {
        case light, dark
    }

    /// One trait, as `registerForTraitChanges(_:handler:)` names it.
    public enum Trait: String, Sendable, Hashable, CaseIterable {
        case horizontalSizeClass, verticalSizeClass, userInterfaceStyle
    }

    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    public var userInterfaceStyle: Style

    /// Creates a trait collection.
    public init(horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass, userInterfaceStyle: Style) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceStyle = userInterfaceStyle
    }

    /// The traits of a window of `size` in `style`, from Apple's size-class table: a height under
    /// 500 points (an iPhone in landscape) is vertically compact, and horizontally regular only
    /// from 896 points wide (the largest iPhones); otherwise a width of 600 points or more (an
    /// iPad, full screen or in a large split) is horizontally regular. So the default 390 × 844
    /// window is compact × regular in portrait and compact × compact in landscape.
    public init(size: Size, style: Style) {
        let verticallyCompact = size.height < 500
        verticalSizeClass = verticallyCompact ? .compact : .regular
        horizontalSizeClass = size.width >= (verticallyCompact ? 896 : 600) ? .regular : .compact
        userInterfaceStyle = style
    }

    /// The value of `trait`, as a word.
    public func value(of trait: Trait) -> String {
        switch trait {
        case .horizontalSizeClass: horizontalSizeClass.rawValue
        case .verticalSizeClass: verticalSizeClass.rawValue
        case .userInterfaceStyle: userInterfaceStyle.rawValue
        }
    }

    /// The traits whose values differ from `other`'s.
    public func changedTraits(from other: TraitCollection) -> [Trait] {
        Trait.allCases.filter { value(of: $0) != other.value(of: $0) }
    }

    /// `horizontalSizeClass=compact verticalSizeClass=regular userInterfaceStyle=light`.
    public var description: String {
        Trait.allCases.map { "\($0.rawValue)=\(value(of: $0))" }.joined(separator: " ")
    }
}
