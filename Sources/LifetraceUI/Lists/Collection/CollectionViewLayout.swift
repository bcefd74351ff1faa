import Foundation

/// Where one item (or supplementary view) of a collection view goes (UIKit's
/// `UICollectionViewLayoutAttributes`).
@MainActor
open class CollectionViewLayoutAttributes {
    /// What the attributes place (UIKit's `UICollectionView.ElementCategory`).
    public enum ElementCategory: Int, Sendable, Hashable { case cell, supplementaryView, decorationView }

    /// The item's index path.
    public let indexPath: IndexPath
    /// What is placed.
    public let representedElementCategory: ElementCategory
    /// The kind of a supplementary view (a header's or footer's), `nil` for a cell.
    public let representedElementKind: String?
    /// The frame in the content.
    public var frame: Rect
    /// The size (the frame's).
    public var size: Size {
        get { frame.size }
        set { frame.size = newValue }
    }
    /// Kept: not drawn.
    public var alpha: CGFloat = 1
    public var zIndex = 0
    public var isHidden = false

    /// Attributes of the cell of an item.
    public init(forCellWith indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .cell
        representedElementKind = nil
        frame = .zero
    }

    /// Attributes of a supplementary view.
    public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = kind
        frame = .zero
    }

    /// A copy (UIKit hands copies to cells to adjust in `preferredLayoutAttributesFitting`).
    public func copy() -> CollectionViewLayoutAttributes {
        let copy =
            representedElementKind.map { CollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: indexPath) }
            ?? CollectionViewLayoutAttributes(forCellWith: indexPath)
        copy.frame = frame
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        return copy
    }
}

/// How a collection view places its items (UIKit's `UICollectionViewLayout`): a subclass answers
/// the content size and the attributes in a rectangle, after ``prepare()``.
@MainActor
open class CollectionViewLayout {
    /// The collection view laid out.
    public internal(set) weak var collectionView: CollectionView?
    /// Whether ``prepare()`` must run before the next question.
    var needsPrepare = true

    public init() {}

    /// Computes what the next questions need. Overrides call `super`.
    open func prepare() {}

    /// The size of everything.
    open var collectionViewContentSize: Size { .zero }

    /// The attributes of the items and supplementary views that overlap `rect`.
    open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? { nil }

    /// The attributes of one item.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// Whether a bounds change invalidates the layout (a size change does; scrolling does not).
    open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.size != (collectionView?.bounds.size ?? newBounds.size)
    }

    /// Whether a self-sizing cell's preferred attributes replace the ones the layout gave it.
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferred: CollectionViewLayoutAttributes,
        withOriginalAttributes original: CollectionViewLayoutAttributes
    ) -> Bool { false }

    /// Takes a self-sizing cell's preferred size (after ``shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)``).
    open func preferredSizeDidChange(_ preferred: CollectionViewLayoutAttributes) {}

    /// Marks the layout to be prepared again, and the collection view for layout.
    open func invalidateLayout() {
        needsPrepare = true
        collectionView?.setNeedsLayout()
    }

    /// Whether cells size themselves (``CollectionViewCell/preferredLayoutAttributesFitting(_:)``).
    var selfSizes: Bool { false }

    /// The number of sections and items, from the collection view.
    var itemCounts: [Int] { collectionView?.itemCounts ?? [] }

    func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
    }
}
