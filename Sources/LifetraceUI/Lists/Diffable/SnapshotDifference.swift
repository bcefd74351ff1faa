import Foundation

/// The updates that take a list from one snapshot to another: sections deleted and inserted,
/// items deleted, inserted and moved (the items kept in place are the longest run of common
/// items already in order, found in O(n log n); the others move), reloaded and reconfigured.
struct SnapshotDifference {
    var batch = ListBatch()
    /// Items to configure again in place, at their new index paths.
    var reconfigured: [IndexPath] = []
    /// Whether sections were reordered (the list then reloads: UIKit moves sections, not modelled).
    var sectionsReordered = false

    var changes: Int {
        batch.inserted.count + batch.deleted.count + batch.moves.count + batch.reloaded.count + reconfigured.count
    }

    var summary: String {
        "+\(batch.inserted.count) -\(batch.deleted.count) ~\(batch.moves.count) moved, \(batch.reloaded.count) reloaded, \(reconfigured.count) reconfigured"
    }

    init<S, I>(from old: DiffableDataSourceSnapshot<S, I>, to new: DiffableDataSourceSnapshot<S, I>) {
        let oldSections = Dictionary(uniqueKeysWithValues: old.sectionIdentifiers.enumerated().map { ($1, $0) })
        let newSections = Dictionary(uniqueKeysWithValues: new.sectionIdentifiers.enumerated().map { ($1, $0) })
        for (index, section) in old.sectionIdentifiers.enumerated() where newSections[section] == nil {
            batch.deletedSections.insert(index)
        }
        for (index, section) in new.sectionIdentifiers.enumerated() where oldSections[section] == nil {
            batch.insertedSections.insert(index)
        }
        let surviving = old.sectionIdentifiers.filter { newSections[$0] != nil }
        let continuing = new.sectionIdentifiers.filter { oldSections[$0] != nil }
        if surviving != continuing {
            sectionsReordered = true
            return
        }
        let oldPositions = old.positions()
        let newPositions = new.positions()
        // Old items gone, or whose section goes.
        for (item, path) in oldPositions {
            if newPositions[item] == nil || batch.deletedSections.contains(path[0]) {
                batch.deleted.insert(path)
            } else if let target = newPositions[item], batch.insertedSections.contains(target[0]) {
                batch.deleted.insert(path)
            }
        }
        // New items, or arriving from a deleted section.
        for (item, path) in newPositions where !batch.insertedSections.contains(path[0]) {
            guard let previous = oldPositions[item] else {
                batch.inserted.insert(path)
                continue
            }
            if batch.deletedSections.contains(previous[0]) { batch.inserted.insert(path) }
        }
        // Common items in new order, with their old order: those off the longest increasing run move.
        var oldOrdinal: [I: Int] = [:]
        var ordinal = 0
        for items in old.items {
            for item in items {
                oldOrdinal[item] = ordinal
                ordinal += 1
            }
        }
        var common: [(item: I, old: Int)] = []
        for items in new.items {
            for item in items {
                guard let previous = oldPositions[item], let next = newPositions[item], !batch.deleted.contains(previous),
                    !batch.inserted.contains(next), let rank = oldOrdinal[item]
                else { continue }
                common.append((item, rank))
            }
        }
        let kept = Self.longestIncreasingRun(common.map(\.old))
        for (index, entry) in common.enumerated() where !kept.contains(index) {
            if let from = oldPositions[entry.item], let to = newPositions[entry.item] { batch.moves.append((from, to)) }
        }
        for item in new.reloadedItemIdentifiers {
            if let path = oldPositions[item], newPositions[item] != nil, !batch.deleted.contains(path) {
                batch.reloaded.insert(path)
            }
        }
        reconfigured = new.reconfiguredItemIdentifiers.compactMap { newPositions[$0] }
    }

    /// The indices of a longest strictly increasing subsequence of `values` (patience sorting).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []  // index into values of the smallest tail of each length
        var previous = Array(repeating: -1, count: values.count)
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: Set<Int> = []
        var index = tails.last ?? -1
        while index >= 0 {
            run.insert(index)
            index = previous[index]
        }
        return run
    }
}
