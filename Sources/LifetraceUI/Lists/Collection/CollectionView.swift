import Foundation
import Lifetrace

/// A scrolling collection of items placed by a layout (UIKit's `UICollectionView`): as a table
/// view does, it makes only the cells its layout places in the visible area, reuses the cells of
/// items that scroll away (`didEndDisplaying`, `prepareForReuse`), asks the data source for each
/// cell (`cellForRowAt`, the lists' hook) and, for a self-sizing layout, the cell for its size
/// (`sizeCell`, ``CollectionViewCell/preferredLayoutAttributesFitting(_:)``), then shows it
/// (`willDisplay`).
@MainActor
open class CollectionView: ScrollView {
    /// The kind of section headers.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of section footers.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Where an item scrolls to (UIKit's `UICollectionView.ScrollPosition`).
    public struct ScrollPosition: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The layout: setting it places everything anew.
    public var collectionViewLayout: CollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }
    /// Where the items come from.
    public weak var dataSource: (any CollectionViewDataSource)?
    /// Told about prefetching.
    public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?
    /// Kept.
    public var allowsSelection = true
    public var allowsMultipleSelection = false
    public var backgroundView: View?

    /// The scroll view's delegate when it is a collection view delegate.
    var collectionDelegate: (any CollectionViewDelegate)? { delegate as? any CollectionViewDelegate }

    // MARK: State

    var registeredCells: [String: CollectionViewCell.Type] = [:]
    var registeredSupplementary: [String: CollectionReusableView.Type] = [:]
    var pools = ReusePool<CollectionReusableView>()
    var visible: [IndexPath: CollectionViewCell] = [:]
    /// The items leaving the visible area in a layout (scratch, kept so a frame allocates nothing).
    var leavingItems: [IndexPath] = []
    var visibleSupplementary: [String: CollectionReusableView] = [:]
    var itemCounts: [Int] = []
    var needsReload = true
    var selectedItems: [IndexPath] = []
    var prefetched: Set<IndexPath> = []
    var pendingBatch = ListBatch()
    var openBatches = 0
    /// The size the layout was last prepared for.
    var lastLaidOutSize: Size?

    /// A collection laid out by `layout`.
    public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    /// A collection unarchived from a nib (with a flow layout).
    public required init?(coder: NSCoder) {
        collectionViewLayout = CollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    // MARK: Cells

    /// Registers the class the pool `identifier` makes cells of.
    public func register(_ cellClass: CollectionViewCell.Type?, forCellWithReuseIdentifier identifier: String) {
        registeredCells[identifier] = cellClass
    }

    /// Registers the class of a supplementary view kind's pool.
    public func register(
        _ viewClass: CollectionReusableView.Type?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String
    ) {
        registeredSupplementary[kind + "/" + identifier] = viewClass
    }

    /// A cell of the pool `identifier`: a reused one (`prepareForReuse` first) or a new one of the
    /// registered class; an identifier never registered is an error, and a plain cell returned.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> CollectionViewCell {
        cellsConfiguredInFrame += 1
        if let cell = pools.dequeue(identifier) as? CollectionViewCell {
            cell.withInterval(.prepareForReuse) { cell.prepareForReuse() }
            return cell
        }
        guard let cellClass = registeredCells[identifier] else {
            hostRunLoop.report(
                Diagnostic(
                    .error,
                    "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
                ))
            return CollectionViewCell(frame: .zero)
        }
        let cell = cellClass.init(reuseIdentifier: identifier)
        cell.fitsWidth = collectionViewLayout is CollectionViewCompositionalLayout
        return cell
    }

    /// A supplementary view of a kind's pool.
    public func dequeueReusableSupplementaryView(
        ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> CollectionReusableView {
        let key = kind + "/" + identifier
        if let view = pools.dequeue(key) {
            view.withInterval(.prepareForReuse) { view.prepareForReuse() }
            return view
        }
        guard let viewClass = registeredSupplementary[key] else {
            hostRunLoop.report(
                Diagnostic(
                    .error,
                    "could not dequeue a view of kind: \(kind) with identifier \(identifier) - must register a nib or a class for the identifier"
                ))
            return CollectionReusableView(frame: .zero)
        }
        let view = viewClass.init(reuseIdentifier: key)
        return view
    }

    /// The cell shown for an item, if it is on screen.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? { visible[indexPath] }
    /// The item a cell on screen shows.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }
    /// The cells on screen, in index path order.
    public var visibleCells: [CollectionViewCell] { indexPathsForVisibleItems.compactMap { visible[$0] } }
    /// The items on screen.
    public var indexPathsForVisibleItems: [IndexPath] { visible.keys.sorted() }

    /// How many sections.
    public var numberOfSections: Int {
        reloadIfNeeded()
        return itemCounts.count
    }

    /// How many items a section has.
    public func numberOfItems(inSection section: Int) -> Int {
        reloadIfNeeded()
        return itemCounts.indices.contains(section) ? itemCounts[section] : 0
    }

    /// An item's attributes from the layout.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        reloadIfNeeded()
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    // MARK: Reloading

    /// Forgets every item: counts are asked again and cells made again at the next layout.
    public func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        for indexPath in visible.keys.sorted() { endDisplaying(at: indexPath) }
        for view in visibleSupplementary.values {
            view.removeFromSuperview()
            if let identifier = view.reuseIdentifier { pools.enqueue(view, as: identifier) }
        }
        visibleSupplementary.removeAll()
        prefetched.removeAll()
        selectedItems.removeAll()
        let sections = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        itemCounts = (0..<max(0, sections)).map { max(0, dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0) }
        collectionViewLayout.needsPrepare = true
    }

    // MARK: Selection

    /// The selected items.
    public var indexPathsForSelectedItems: [IndexPath]? { selectedItems }

    /// Selects an item in code (no delegate calls).
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for item in selectedItems { deselectItem(at: item, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for item in selectedItems where item != indexPath { deselectItem(at: item, animated: animated) }
        }
        if !selectedItems.contains(indexPath) { selectedItems.append(indexPath) }
        visible[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item in code (no delegate calls).
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedItems.removeAll { $0 == indexPath }
        visible[indexPath]?.isSelected = false
    }

    /// Taps an item as a user would: `shouldSelectItemAt`, the selection, `didSelectItemAt`.
    public func tapItem(at indexPath: IndexPath) {
        guard allowsSelection, collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        if !allowsMultipleSelection {
            for item in selectedItems where item != indexPath {
                deselectItem(at: item, animated: false)
                collectionDelegate?.collectionView(self, didDeselectItemAt: item)
            }
        }
        selectItem(at: indexPath, animated: false, scrollPosition: [])
        collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// Scrolls so that an item sits at `position` along the scrolling axis.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        var offset = contentOffset
        if position.contains(.top) { offset.y = frame.minY - adjustedContentInset.top }
        if position.contains(.centeredVertically) { offset.y = frame.midY - bounds.height / 2 }
        if position.contains(.bottom) { offset.y = frame.maxY - bounds.height + adjustedContentInset.bottom }
        if position.contains(.left) { offset.x = frame.minX - adjustedContentInset.left }
        if position.contains(.centeredHorizontally) { offset.x = frame.midX - bounds.width / 2 }
        if position.contains(.right) { offset.x = frame.maxX - bounds.width + adjustedContentInset.right }
        setContentOffset(clamped(offset), animated: animated)
    }

    /// The items' cells are laid out for the visible area (CollectionView+Layout.swift).
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutItems()
    }
}
