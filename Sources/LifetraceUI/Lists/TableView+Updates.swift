import Foundation

extension TableView {
    /// One batch of row and section changes, in the index paths UIKit takes them in: deletions
    /// and reloads before the update, insertions after it.
    struct Batch {
        var deletedRows: Set<IndexPath> = []
        var insertedRows: Set<IndexPath> = []
        var reloadedRows: Set<IndexPath> = []
        var deletedSections = IndexSet()
        var insertedSections = IndexSet()
        var moves: [(from: IndexPath, to: IndexPath)] = []
        var isEmpty: Bool {
            deletedRows.isEmpty && insertedRows.isEmpty && reloadedRows.isEmpty && deletedSections.isEmpty
                && insertedSections.isEmpty && moves.isEmpty
        }
    }

    /// Inserts rows (the data source already has them).
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update { $0.insertedRows.formUnion(indexPaths) }
    }
    /// Deletes rows (the data source no longer has them).
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update { $0.deletedRows.formUnion(indexPaths) }
    }
    /// Reloads rows: their cells are made again.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        update { $0.reloadedRows.formUnion(indexPaths) }
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
                batch.reloadedRows.formUnion((0..<rowCounts[section]).map { IndexPath(row: $0, section: section) })
            }
        }
    }

    /// Applies the changes `updates` makes as one batch, then runs `completion` when the batch's
    /// animation (0.3 s) has ended, with `true`.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
        openBatches += 1
        updates?()
        openBatches -= 1
        if openBatches == 0 { commitBatch() }
        guard let completion else { return }
        (window?.runLoop ?? MainRunLoop.current).afterAnimation(window != nil, duration: 0.3) { completion(true) }
    }

    /// Starts a batch (UIKit's older form of ``performBatchUpdates(_:completion:)``).
    public func beginUpdates() { openBatches += 1 }
    /// Ends a batch begun with ``beginUpdates()``.
    public func endUpdates() {
        guard openBatches > 0 else { return }
        openBatches -= 1
        if openBatches == 0 { commitBatch() }
    }

    private func update(_ change: (inout Batch) -> Void) {
        reloadIfNeeded()
        change(&pendingBatch)
        if openBatches == 0 { commitBatch() }
    }

    /// Checks the batch against the data source's new counts (UIKit's "Invalid update" is an
    /// error here, and the table reloads instead), then carries every surviving row's height and
    /// cell over to its new index path.
    private func commitBatch() {
        let batch = pendingBatch
        pendingBatch = Batch()
        guard !batch.isEmpty, !needsReload else { return }
        let oldCounts = rowCounts
        let sections = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        let newCounts = (0..<max(0, sections)).map { max(0, dataSource?.tableView(self, numberOfRowsInSection: $0) ?? 0) }
        // Which old row each new row is, section by section (nil: inserted).
        let survivingSections = (0..<oldCounts.count).filter { !batch.deletedSections.contains($0) }
        let newSectionsFromOld = (0..<newCounts.count).filter { !batch.insertedSections.contains($0) }
        guard survivingSections.count == newSectionsFromOld.count else {
            return invalidUpdate("The number of sections after the update (\(newCounts.count)) must be equal to the number of sections before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(batch.insertedSections.count) inserted, \(batch.deletedSections.count) deleted).")
        }
        var origin: [[IndexPath?]] = newCounts.map { Array(repeating: nil, count: $0) }
        let movedFrom = Set(batch.moves.map(\.from))
        let movedTo = Dictionary(batch.moves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        for (oldSection, newSection) in zip(survivingSections, newSectionsFromOld) {
            let kept = (0..<oldCounts[oldSection]).map { IndexPath(row: $0, section: oldSection) }
                .filter { !batch.deletedRows.contains($0) && !movedFrom.contains($0) }
            let arriving = (0..<newCounts[newSection]).filter {
                let path = IndexPath(row: $0, section: newSection)
                return !batch.insertedRows.contains(path) && movedTo[path] == nil
            }
            guard kept.count == arriving.count else {
                let inserted = batch.insertedRows.filter { $0.section == newSection }.count
                let deleted = batch.deletedRows.filter { $0.section == oldSection }.count
                return invalidUpdate("Invalid update: invalid number of rows in section \(newSection). The number of rows contained in an existing section after the update (\(newCounts[newSection])) must be equal to the number of rows contained in that section before the update (\(oldCounts[oldSection])), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or out of that section.")
            }
            for (row, old) in zip(arriving, kept) { origin[newSection][row] = old }
        }
        for (to, from) in movedTo where origin.indices.contains(to.section) && origin[to.section].indices.contains(to.row) {
            origin[to.section][to.row] = from
        }
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
                guard let old, !batch.reloadedRows.contains(old), let oldIndex = oldGeometry.flatIndex(of: old),
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
        // Cells of deleted or reloaded rows go back to their pools.
        for (path, cell) in cells {
            visible[path] = cell
            endDisplaying(at: path)
        }
        selectedRows = selectedRows.compactMap { selected in
            for (section, rows) in origin.enumerated() {
                if let row = rows.firstIndex(where: { $0 == selected }) { return IndexPath(row: row, section: section) }
            }
            return nil
        }
        prefetched.removeAll()
        setNeedsLayout()
    }

    private func invalidUpdate(_ message: String) {
        (window?.runLoop ?? MainRunLoop.current).report(Diagnostic(.error, message))
        reloadData()
    }
}
