import Foundation
import Lifetrace

extension CollectionView {
    /// Lays the items out for the visible area: the layout's attributes there; new items get their
    /// cells (and, in a self-sizing layout, their preferred sizes, which move what follows: repeated
    /// until stable); items that left give their cells back; the content size follows the layout.
    func layoutItems() {
        reloadIfNeeded()
        let layout = collectionViewLayout
        if layout.shouldInvalidateLayout(forBoundsChange: bounds) || lastLaidOutSize != bounds.size {
            layout.needsPrepare = true
            lastLaidOutSize = bounds.size
        }
        layout.prepareIfNeeded()
        var placed: [CollectionViewLayoutAttributes] = []
        for _ in 0..<16 {
            placed = layout.layoutAttributesForElements(in: bounds) ?? []
            var changed = false
            for attributes in placed where attributes.representedElementCategory == .cell && visible[attributes.indexPath] == nil
            {
                changed = show(attributes) || changed
            }
            if !changed { break }
        }
        let shown = Set(placed.filter { $0.representedElementCategory == .cell }.map(\.indexPath))
        leavingItems.removeAll(keepingCapacity: true)
        for indexPath in visible.keys where !shown.contains(indexPath) { leavingItems.append(indexPath) }
        leavingItems.sort()
        for indexPath in leavingItems { endDisplaying(at: indexPath) }
        var shownSupplementary: Set<String> = []
        for attributes in placed {
            if attributes.representedElementCategory == .cell {
                visible[attributes.indexPath]?.frame = attributes.frame
            } else if let kind = attributes.representedElementKind {
                let key = "\(kind)#\(attributes.indexPath.section)"
                shownSupplementary.insert(key)
                if visibleSupplementary[key] == nil, let dataSource {
                    let view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: attributes.indexPath)
                    visibleSupplementary[key] = view
                    addSubview(view)
                }
                visibleSupplementary[key]?.frame = attributes.frame
            }
        }
        for (key, view) in visibleSupplementary where !shownSupplementary.contains(key) {
            view.removeFromSuperview()
            visibleSupplementary[key] = nil
            if let identifier = view.reuseIdentifier { pools.enqueue(view, as: identifier) }
        }
        let size = layout.collectionViewContentSize
        setContentSizeInLayout(size)
        prefetch(beyond: shown)
    }

    /// Makes an item's cell, lets a self-sizing layout take its preferred size, and shows it;
    /// returns whether the layout changed.
    private func show(_ attributes: CollectionViewLayoutAttributes) -> Bool {
        guard let dataSource else { return false }
        let indexPath = attributes.indexPath
        let cell = callList(dataSource, .cellForRowAt, indexPath.hookText) {
            dataSource.collectionView(self, cellForItemAt: indexPath)
        }
        var changed = false
        let layout = collectionViewLayout
        if layout.selfSizes {
            let preferred = callList(dataSource, .sizeCell, "\(indexPath.hookText) fitting") {
                cell.preferredLayoutAttributesFitting(attributes)
            }
            if layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes) {
                layout.preferredSizeDidChange(preferred)
                changed = preferred.size != attributes.size
            }
        }
        visible[indexPath] = cell
        if cell.superview !== self { insertSubview(cell, at: 0) }
        cell.frame = layout.layoutAttributesForItem(at: indexPath)?.frame ?? attributes.frame
        cell.apply(attributes)
        cell.isSelected = selectedItems.contains(indexPath)
        callList(dataSource, .willDisplayCell, indexPath.hookText) {
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
        }
        return changed
    }

    /// Gives an item's cell back to its pool (`didEndDisplaying`).
    func endDisplaying(at indexPath: IndexPath) {
        guard let cell = visible.removeValue(forKey: indexPath) else { return }
        endDisplaying(cell, at: indexPath)
    }

    /// Gives a cell that showed the item at `indexPath` (before an update) back to its pool.
    func endDisplaying(_ cell: CollectionViewCell, at indexPath: IndexPath) {
        callList(dataSource, .didEndDisplayingCell, indexPath.hookText) {
            collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
        }
        cell.removeFromSuperview()
        cell.isSelected = false
        if let identifier = cell.reuseIdentifier { pools.enqueue(cell, as: identifier) }
    }

    private func prefetch(beyond shown: Set<IndexPath>) {
        guard let prefetchDataSource, let last = shown.max() else { return }
        var upcoming: [IndexPath] = []
        var section = last.section
        var item = last.item + 1
        while upcoming.count < TableView.prefetchDistance, section < itemCounts.count {
            if item < itemCounts[section] {
                let path = IndexPath(item: item, section: section)
                if !prefetched.contains(path), visible[path] == nil { upcoming.append(path) }
                item += 1
            } else {
                section += 1
                item = 0
            }
        }
        guard !upcoming.isEmpty else { return }
        prefetched.formUnion(upcoming)
        prefetchDataSource.collectionView(self, prefetchItemsAt: upcoming)
    }
}
