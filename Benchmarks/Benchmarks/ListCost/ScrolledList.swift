// A table of N rows in a window, scrolled one display frame at a time by hand.
import Foundation
import LifetraceUI

/// A table view in a 390 × 844 window whose rows are `kind` cells, and the frames of a scroll
/// down it at a constant 4 000 points a second (a brisk fling) at 120 frames a second: each frame
/// moves the offset and runs the table's layout pass (cells leave, are dequeued, configured,
/// measured and placed).
@MainActor
final class ScrolledList: TableViewDataSource {
    enum Kind: String, CaseIterable {
        case selfSizing = "self-sizing"
        case manual, fixed
    }

    nonisolated static let framesPerSecond = 120.0
    nonisolated static let budget = Int(1e9 / framesPerSecond)
    nonisolated static let speed: CGFloat = 4_000

    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844), runLoop: MainRunLoop(clock: .virtual))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 844), style: .plain)
    let rows: Int
    let kind: Kind
    let identifier: String
    /// The most cells on screen at once, and the cells made since the list was built.
    private(set) var mostVisible = 0
    private let madeBefore: Int

    init(kind: Kind, subviews: Int, rows: Int) {
        self.rows = rows
        self.kind = kind
        madeBefore = CellCount.made
        switch kind {
        case .selfSizing:
            identifier = ConstrainedCell.identifier(subviews)
            table.register(ConstrainedCell.self, forCellReuseIdentifier: identifier)
        case .manual:
            identifier = ManualCell.identifier(subviews)
            table.register(ManualCell.self, forCellReuseIdentifier: identifier)
        case .fixed:
            identifier = FixedCell.identifier
            table.register(FixedCell.self, forCellReuseIdentifier: identifier)
            table.rowHeight = 44
        }
        table.dataSource = self
        window.addSubview(table)
        window.layoutIfNeeded()
    }

    var cellsMade: Int { CellCount.made - madeBefore }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        (cell as? ImageAndText)?.configure(row: indexPath.row)
        (cell as? FixedCell)?.configure(row: indexPath.row)
        return cell
    }

    /// One display frame: the offset moves on, the table lays out.
    func frame() {
        let y = min(table.contentOffset.y + Self.speed / Self.framesPerSecond, table.maximumContentOffset.y)
        table.contentOffset = Point(x: 0, y: y)
        table.layoutIfNeeded()
    }

    /// Before a sample of `frames` frames: a list too near its end to scroll them starts again
    /// from the top with its data reloaded (its rows measured afresh, as on a first scroll), so
    /// every sample scrolls over rows not seen before.
    func prepare(for frames: Int) {
        let distance = CGFloat(frames + 1) * Self.speed / Self.framesPerSecond
        guard table.contentOffset.y + distance > table.maximumContentOffset.y else { return }
        table.reloadData()
        table.contentOffset = Point(x: 0, y: table.minimumContentOffset.y)
        table.layoutIfNeeded()
    }

    /// Counts the cells on screen now (outside the measured frames: the list allocates).
    func noteVisible() {
        mostVisible = max(mostVisible, table.visibleCells.count)
    }
}
