// A table fed by a diffable data source, for the apply benchmark.
import Foundation
import LifetraceUI

/// A table in a window whose rows are the items of a `TableViewDiffableDataSource`, and the
/// snapshots it is given: each replaces 1 % of the items (spread over the list) with new ones.
@MainActor
final class DiffableList {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844), runLoop: MainRunLoop(clock: .virtual))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 844), style: .plain)
    let source: TableViewDiffableDataSource<Int, Int>
    private var current: DiffableDataSourceSnapshot<Int, Int>
    private var nextItem: Int
    private var round = 0

    init(items: Int) {
        table.register(FixedCell.self, forCellReuseIdentifier: FixedCell.identifier)
        table.rowHeight = 44
        source = TableViewDiffableDataSource(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: FixedCell.identifier, for: indexPath)
            (cell as? FixedCell)?.configure(row: item)
            return cell
        }
        window.addSubview(table)
        current = DiffableDataSourceSnapshot()
        current.appendSections([0])
        current.appendItems(Array(0..<items))
        nextItem = items
        source.apply(current, animatingDifferences: false)
        window.layoutIfNeeded()
    }

    /// The current items with every hundredth (from a point that moves each round) replaced.
    func changed() -> DiffableDataSourceSnapshot<Int, Int> {
        round += 1
        var items = current.itemIdentifiers
        var index = round % 100
        while index < items.count {
            items[index] = nextItem
            nextItem += 1
            index += 100
        }
        var next = DiffableDataSourceSnapshot<Int, Int>()
        next.appendSections([0])
        next.appendItems(items)
        return next
    }

    /// Applies `next` (animated, as an app would) and runs the table's layout.
    func apply(_ next: DiffableDataSourceSnapshot<Int, Int>) {
        source.apply(next, animatingDifferences: true)
        table.layoutIfNeeded()
        current = next
    }
}
