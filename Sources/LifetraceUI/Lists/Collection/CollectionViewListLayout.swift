import Foundation

/// A list's look (UIKit's `UICollectionLayoutListConfiguration`): every item as wide as the list,
/// its height its cell's content fitted with Auto Layout (44 points until it is shown), the
/// appearance's section spacing, and section headers when asked for.
public struct CollectionLayoutListConfiguration: Sendable, Hashable {
    /// The list's look.
    public enum Appearance: Int, Sendable, Hashable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    /// Where a section's header comes from.
    public enum HeaderMode: Int, Sendable, Hashable { case none, supplementary, firstItemInSection }
    /// Where a section's footer comes from.
    public enum FooterMode: Int, Sendable, Hashable { case none, supplementary }

    public var appearance: Appearance
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// Kept, not drawn.
    public var showsSeparators = true
    public var backgroundColor: Color?

    public init(appearance: Appearance) { self.appearance = appearance }
}

/// A layout of sections of items (UIKit's `UICollectionViewCompositionalLayout`): the list
/// layout (``list(using:)``), the one most apps use, lays items out as a table view lays out
/// rows, with the same geometry.
@MainActor
open class CollectionViewCompositionalLayout: CollectionViewLayout {
    let configuration: CollectionLayoutListConfiguration
    private var geometry = TableGeometry()

    init(configuration: CollectionLayoutListConfiguration) {
        self.configuration = configuration
        super.init()
    }

    /// A list of the configuration's look.
    public static func list(using configuration: CollectionLayoutListConfiguration) -> CollectionViewCompositionalLayout {
        CollectionViewCompositionalLayout(configuration: configuration)
    }

    override var selfSizes: Bool { true }

    private var grouped: Bool { configuration.appearance == .grouped || configuration.appearance == .insetGrouped }

    /// Every item at its estimate (or its measured height), sections spaced by the appearance.
    open override func prepare() {
        super.prepare()
        geometry = TableGeometry(rowCounts: itemCounts)
        for (index, item) in geometry.items.enumerated() {
            switch item {
            case .header:
                geometry.setHeight(
                    configuration.headerMode == .supplementary ? 38 : (grouped ? 18 : 0), at: index, measured: true)
            case .footer:
                geometry.setHeight(
                    configuration.footerMode == .supplementary ? 38 : (grouped ? 18 : 0), at: index, measured: true)
            case .row:
                geometry.setHeight(Self.estimatedHeight, at: index, measured: false)
            }
        }
    }

    /// What an item counts before it is shown.
    static let estimatedHeight: CGFloat = 44

    open override var collectionViewContentSize: Size {
        Size(width: collectionView?.bounds.width ?? 0, height: geometry.total())
    }

    private var itemWidth: CGFloat {
        guard let collectionView else { return 0 }
        let adjusted = collectionView.adjustedContentInset
        let width = collectionView.bounds.width - adjusted.left - adjusted.right
        return configuration.appearance == .insetGrouped ? width - 40 : width
    }

    private var itemX: CGFloat { configuration.appearance == .insetGrouped ? 20 : 0 }

    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
        geometry.items(overlapping: rect.minY, rect.maxY).compactMap { index in
            let top = geometry.top(ofRow: index)
            let height = geometry.height(ofRow: index)
            switch geometry.items[index] {
            case .row(let section, let item):
                let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                attributes.frame = Rect(x: itemX, y: top, width: itemWidth, height: height)
                return attributes
            case .header(let section) where configuration.headerMode == .supplementary:
                let attributes = CollectionViewLayoutAttributes(
                    forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                    with: IndexPath(item: 0, section: section))
                attributes.frame = Rect(x: itemX, y: top, width: itemWidth, height: height)
                return attributes
            case .footer(let section) where configuration.footerMode == .supplementary:
                let attributes = CollectionViewLayoutAttributes(
                    forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter,
                    with: IndexPath(item: 0, section: section))
                attributes.frame = Rect(x: itemX, y: top, width: itemWidth, height: height)
                return attributes
            default:
                return nil
            }
        }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard let index = geometry.flatIndex(of: indexPath) else { return nil }
        let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = Rect(x: itemX, y: geometry.top(ofRow: index), width: itemWidth, height: geometry.height(ofRow: index))
        return attributes
    }

    /// A shown item's first measured height replaces its estimate.
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferred: CollectionViewLayoutAttributes,
        withOriginalAttributes original: CollectionViewLayoutAttributes
    ) -> Bool {
        guard let index = geometry.flatIndex(of: preferred.indexPath) else { return false }
        return !geometry.isMeasured(index) || preferred.size.height != original.size.height
    }

    open override func preferredSizeDidChange(_ preferred: CollectionViewLayoutAttributes) {
        guard let index = geometry.flatIndex(of: preferred.indexPath) else { return }
        geometry.setHeight(preferred.size.height, at: index, measured: true)
    }

    /// Prepares for new counts keeping the measured heights of surviving items (`origin`: where
    /// each new item was, as section–item index paths).
    func carryHeights(_ origin: [[IndexPath?]]) {
        let old = geometry
        needsPrepare = false
        prepare()
        for (section, items) in origin.enumerated() {
            for (item, previous) in items.enumerated() {
                guard let previous, let oldIndex = old.flatIndex(of: previous), old.isMeasured(oldIndex),
                    let newIndex = geometry.flatIndex(of: IndexPath(item: item, section: section))
                else { continue }
                geometry.setHeight(old.height(ofRow: oldIndex), at: newIndex, measured: true)
            }
        }
    }

    /// Whether an item's height is its cell's.
    func isMeasured(_ indexPath: IndexPath) -> Bool {
        geometry.flatIndex(of: indexPath).map(geometry.isMeasured) ?? false
    }
}
