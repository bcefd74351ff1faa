import Foundation

extension TableView {
    /// Inserts rows (the data source already has them).
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update { $0.inserted.formUnion(indexPaths) }
    }
    /// Deletes rows (the data source no longer has them).
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update { $0.deleted.formUnion(indexPaths) }
    }
    /// Reloads rows: their cells are made again.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update { $0.reloaded.formUnion(indexPaths) }
    }
    /// Moves a row.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        update { $0.moves.append((indexPath, newIndexPath)) }
    }
    /// Inserts sections.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        update { $0.insertedSections.formUnion(sections) }
    }
    /// Deletes sections.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        update { $0.deletedSections.formUnion(sections) }
    }
    /// Reloads sections.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        update { batch in
            for section in sections where rowCounts.indices.contains(section) {
                batch.reloaded.formUnion((0..<rowCounts[section]).map { IndexPath(row: $0, section: section) })
            }
        }
    }

    /// Applies the changes `updates` makes as one batch, then runs `completion` when the batch's
    /// animation (0.3 s) has ended, with `true`.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
        runBatch(updates, completion: completion)
    }

    /// Starts a batch (UIKit's older form of ``performBatchUpdates(_:completion:)``).
    public func beginUpdates() { openBatches += 1 }
    /// Ends a batch begun with ``beginUpdates()``.
    public func endUpdates() {
        guard openBatches > 0 else { return }
        openBatches -= 1
        if openBatches == 0 { commitBatch() }
    }

    /// Checks the batch against the data source's new counts (UIKit's "Invalid update" is an
    /// error here, and the table reloads instead), then carries every surviving row's height and
    /// cell over to its new index path, and lays the table out (on screen).
    func commitBatch() {
        let oldCounts = rowCounts
        let sections = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        let newCounts = (0..<max(0, sections)).map { max(0, dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0) }
        guard let (batch, origin) = takeBatch(from: oldCounts, to: newCounts, noun: "rows") else { return }
        // Carry heights and cells over.
        let oldGeometry = geometry
        var cells: [IndexPath: TableViewCell] = [:]
        for (path, cell) in visible { cells[path] = cell }
        visible.removeAll()
        rowCounts = newCounts
        geometry = TableGeometry(rowCounts: newCounts)
        measureSectionsAndEstimates()
        for (section, rows) in origin.enumerated() {
            for (row, old) in rows.enumerated() {
                guard let old, !batch.reloaded.contains(old), let oldIndex = oldGeometry.flatIndex(of: old),
                    let newIndex = geometry.flatIndex(of: IndexPath(row: row, section: section))
                else { continue }
                if oldGeometry.isMeasured(oldIndex) {
                    geometry.setHeight(oldGeometry.height(ofRow: oldIndex), at: newIndex, measured: true)
                }
                if let cell = cells.removeValue(forKey: old) {
                    visible[IndexPath(row: row, section: section)] = cell
                }
            }
        }
        // Cells of deleted or reloaded rows go back to their pools, in their old rows' order.
        for (path, cell) in cells.sorted(by: { $0.key < $1.key }) { endDisplaying(cell, at: path) }
        selectedRows = Self.remap(selectedRows, through: origin)
        prefetched.removeAll()
        setNeedsLayout()
        // The rows that came into view get their cells inside the update, as UIKit's do.
        if window != nil { layoutIfNeeded() }
    }
}
