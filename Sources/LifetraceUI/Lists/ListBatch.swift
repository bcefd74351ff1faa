import Foundation

/// One batch of row (or item) and section changes, in the index paths UIKit takes them in:
/// deletions and reloads before the update, insertions after it; and where each row of the
/// updated list comes from, checked against the data source's new counts as UIKit checks them.
struct ListBatch {
    var deleted: Set<IndexPath> = []
    var inserted: Set<IndexPath> = []
    var reloaded: Set<IndexPath> = []
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var moves: [(from: IndexPath, to: IndexPath)] = []

    var isEmpty: Bool {
        deleted.isEmpty && inserted.isEmpty && reloaded.isEmpty && deletedSections.isEmpty && insertedSections.isEmpty
            && moves.isEmpty
    }

    /// For each new section and row, the old index path it continues (`nil`: inserted), or
    /// UIKit's "Invalid update" message when the counts do not add up. `noun` is "rows" or "items".
    func origins(from oldCounts: [Int], to newCounts: [Int], noun: String) -> Result<[[IndexPath?]], InvalidUpdate> {
        let survivingSections = (0..<oldCounts.count).filter { !deletedSections.contains($0) }
        let continuingSections = (0..<newCounts.count).filter { !insertedSections.contains($0) }
        guard survivingSections.count == continuingSections.count else {
            return .failure(
                InvalidUpdate(
                    message:
                        "Invalid update: invalid number of sections. The number of sections contained in the \(noun == "rows" ? "table" : "collection") view after the update (\(newCounts.count)) must be equal to the number of sections contained in the \(noun == "rows" ? "table" : "collection") view before the update (\(oldCounts.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted)."
                ))
        }
        var origin: [[IndexPath?]] = newCounts.map { Array(repeating: nil, count: $0) }
        let movedFrom = Set(moves.map(\.from))
        let movedTo = Dictionary(moves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        for (oldSection, newSection) in zip(survivingSections, continuingSections) {
            let kept = (0..<oldCounts[oldSection]).map { IndexPath(row: $0, section: oldSection) }
                .filter { !deleted.contains($0) && !movedFrom.contains($0) }
            let arriving = (0..<newCounts[newSection]).filter {
                let path = IndexPath(row: $0, section: newSection)
                return !inserted.contains(path) && movedTo[path] == nil
            }
            guard kept.count == arriving.count else {
                let insertedHere = inserted.filter { $0[0] == newSection }.count
                let deletedHere = deleted.filter { $0[0] == oldSection }.count
                return .failure(
                    InvalidUpdate(
                        message:
                            "Invalid update: invalid number of \(noun) in section \(newSection). The number of \(noun) contained in an existing section after the update (\(newCounts[newSection])) must be equal to the number of \(noun) contained in that section before the update (\(oldCounts[oldSection])), plus or minus the number of \(noun) inserted or deleted from that section (\(insertedHere) inserted, \(deletedHere) deleted) and plus or minus the number of \(noun) moved into or out of that section."
                    ))
            }
            for (row, old) in zip(arriving, kept) { origin[newSection][row] = old }
        }
        for (to, from) in movedTo where origin.indices.contains(to[0]) && origin[to[0]].indices.contains(to[1]) {
            origin[to[0]][to[1]] = from
        }
        return .success(origin)
    }

    /// UIKit's exception for an update the counts contradict.
    struct InvalidUpdate: Error {
        let message: String
    }
}
