import Foundation

/// A list that takes batches of updates (a table or collection view): the batch being made, how
/// many are open, and how one is committed; what both lists share of it is here.
@MainActor
protocol UpdatableList: ScrollView {
    var pendingBatch: ListBatch { get set }
    var openBatches: Int { get set }
    var needsReload: Bool { get }
    func commitBatch()
    func reloadData()
    func reloadIfNeeded()
    func reconfigure(_ indexPaths: [IndexPath])
}

extension UpdatableList {
    /// Runs `updates` as one batch, committed when the outermost batch closes; `completion` runs
    /// with `true` when the batch's animation (0.3 s) has ended.
    func runBatch(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)?) {
        openBatches += 1
        updates?()
        openBatches -= 1
        if openBatches == 0 { commitBatch() }
        guard let completion else { return }
        hostRunLoop.afterAnimation(window != nil, duration: 0.3) { completion(true) }
    }

    /// Adds a change to the batch being made (committed at once outside a batch).
    func update(_ change: (inout ListBatch) -> Void) {
        reloadIfNeeded()
        change(&pendingBatch)
        if openBatches == 0 { commitBatch() }
    }

    /// Takes the pending batch and where each row of the data source's new counts comes from;
    /// an update the counts contradict is UIKit's "Invalid update", reported as an error, and the
    /// list reloads (`nil`).
    func takeBatch(from oldCounts: [Int], to newCounts: [Int], noun: String) -> (batch: ListBatch, origin: [[IndexPath?]])? {
        let batch = pendingBatch
        pendingBatch = ListBatch()
        guard !batch.isEmpty, !needsReload else { return nil }
        switch batch.origins(from: oldCounts, to: newCounts, noun: noun) {
        case .success(let origin):
            return (batch, origin)
        case .failure(let invalid):
            hostRunLoop.report(Diagnostic(.error, invalid.message))
            reloadData()
            return nil
        }
    }

    /// Selected index paths (section, row or item) where the update put them; deleted ones go.
    static func remap(_ selected: [IndexPath], through origin: [[IndexPath?]]) -> [IndexPath] {
        var destination: [IndexPath: IndexPath] = [:]
        for (section, rows) in origin.enumerated() {
            for (row, old) in rows.enumerated() {
                if let old { destination[old] = IndexPath(row: row, section: section) }
            }
        }
        return selected.compactMap { destination[$0] }
    }
}
