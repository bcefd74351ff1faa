import Foundation
import LifetraceUI

/// The table a scenario declares with `table NAME rows=N`: rows of the system's cell whose text
/// grows with the row (one to four lines of a sentence), so self-sizing measures rows of
/// different heights; fixed at `height=H` when given. With `source=diffable` a diffable data
/// source feeds the table, and row changes are snapshots it applies.
@MainActor
final class ScenarioTableController: TableViewController {
    /// Each row's identity (a row's text follows its identity, so rows keep theirs as others come and go).
    var items: [Int] = []
    var fixedHeight: Double?
    var estimate: Double?
    var isDiffable = false
    private var diffableSource: TableViewDiffableDataSource<Int, Int>?
    private var nextItem: Int { (items.max() ?? -1) + 1 }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "Row")
        if let fixedHeight { tableView.rowHeight = fixedHeight }
        if let estimate { tableView.estimatedRowHeight = estimate }
        guard isDiffable else { return }
        let source = TableViewDiffableDataSource<Int, Int>(tableView: tableView) { tableView, indexPath, item in
            Self.cell(in: tableView, at: indexPath, item: item)
        }
        diffableSource = source
        source.apply(snapshot(), animatingDifferences: false)
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { items.count }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        Self.cell(in: tableView, at: indexPath, item: items[indexPath.row])
    }

    private static func cell(in tableView: TableView, at indexPath: IndexPath, item: Int) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "Row \(item): " + String(repeating: "a sentence of the row's text ", count: 1 + item % 4)
        cell.contentConfiguration = content
        return cell
    }

    private func snapshot() -> DiffableDataSourceSnapshot<Int, Int> {
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        return snapshot
    }

    /// `count` new rows at `row`, animated: inserted rows, or a snapshot applied.
    func insertRows(at row: Int, count: Int) {
        let first = nextItem
        items.insert(contentsOf: first..<first + count, at: row)
        changed((row..<row + count).map { IndexPath(row: $0, section: 0) }, inserting: true)
    }

    /// The `count` rows from `row` deleted, animated.
    func deleteRows(at row: Int, count: Int) {
        items.removeSubrange(row..<row + count)
        changed((row..<row + count).map { IndexPath(row: $0, section: 0) }, inserting: false)
    }

    private func changed(_ indexPaths: [IndexPath], inserting: Bool) {
        if let diffableSource {
            diffableSource.apply(snapshot(), animatingDifferences: true)
        } else if inserting {
            tableView.insertRows(at: indexPaths, with: .automatic)
        } else {
            tableView.deleteRows(at: indexPaths, with: .automatic)
        }
    }
}
