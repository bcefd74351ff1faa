import Foundation

extension CollectionView {
    /// Inserts items (the data source already has them).
    public func insertItems(at indexPaths: [IndexPath]) { update { $0.inserted.formUnion(indexPaths) } }
    /// Deletes items.
    public func deleteItems(at indexPaths: [IndexPath]) { update { $0.deleted.formUnion(indexPaths) } }
    /// Reloads items: their cells are made again.
    public func reloadItems(at indexPaths: [IndexPath]) { update { $0.reloaded.formUnion(indexPaths) } }
    /// Moves an item.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        update { $0.moves.append((indexPath, newIndexPath)) }
    }
    /// Inserts sections.
    public func insertSections(_ sections: IndexSet) { update { $0.insertedSections.formUnion(sections) } }
    /// Deletes sections.
    public func deleteSections(_ sections: IndexSet) { update { $0.deletedSections.formUnion(sections) } }
    /// Asks the data source to configure the visible cells of items again, in place (no new cells).
    public func reconfigureItems(at indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        for indexPath in indexPaths where visible[indexPath] != nil {
            _ = callList(dataSource, .cellForRowAt, indexPath.hookText) {
                dataSource.collectionView(self, cellForItemAt: indexPath)
            }
        }
    }

    /// Applies the changes `updates` makes as one batch; `completion` runs with `true` when its
    /// animation (0.3 s) has ended.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
        runBatch(updates, completion: completion)
    }

    /// Checks the batch against the new counts (an invalid update is reported and reloads), then
    /// carries the surviving items' cells and measured sizes to their new index paths.
    func commitBatch() {
        let sections = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        let newCounts = (0..<max(0, sections)).map { max(0, dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0) }
        guard let (batch, origin) = takeBatch(from: itemCounts, to: newCounts, noun: "items") else { return }
        var cells = visible
        visible.removeAll()
        itemCounts = newCounts
        collectionViewLayout.carryMeasurements(origin, reloaded: batch.reloaded)
        for (section, items) in origin.enumerated() {
            for (item, old) in items.enumerated() {
                guard let old, !batch.reloaded.contains(old), let cell = cells.removeValue(forKey: old)
                else { continue }
                visible[IndexPath(item: item, section: section)] = cell
            }
        }
        for (path, cell) in cells.sorted(by: { $0.key < $1.key }) { endDisplaying(cell, at: path) }
        selectedItems = Self.remap(selectedItems, through: origin)
        prefetched.removeAll()
        setNeedsLayout()
        // The items that came into view get their cells inside the update, as UIKit's do.
        if window != nil { layoutIfNeeded() }
    }
}

extension CollectionViewLayout {
    /// Prepares for the updated counts, keeping the measured sizes of the items that survived
    /// (`origin`: where each new item was) unless they were reloaded.
    func carryMeasurements(_ origin: [[IndexPath?]], reloaded: Set<IndexPath>) {
        needsPrepare = true
        if let flow = self as? CollectionViewFlowLayout {
            flow.carrySizes(origin.map { $0.map { old in old.flatMap { reloaded.contains($0) ? nil : $0 } } })
        } else if let list = self as? CollectionViewCompositionalLayout {
            list.carryHeights(origin.map { $0.map { old in old.flatMap { reloaded.contains($0) ? nil : $0 } } })
        }
    }
}
