import Foundation
import LifetraceUI

extension ScenarioRunner {
    /// Performs a list step (``ListStep``).
    func perform(_ step: ListStep) throws {
        switch step {
        case .declareTable(let name, let rows, let height, let estimate, let diffable):
            let table = try declare(name) { ScenarioTableController(name: name) }
            table.items = Array(0..<rows)
            table.fixedHeight = height
            table.estimate = estimate
            table.isDiffable = diffable
        case .scroll(let name, let destination, let nanoseconds, let fps, let curve):
            let table = try onScreenTable(name)
            let goal: @MainActor () -> Point
            switch destination {
            case .offset(let y): goal = { Point(x: table.contentOffset.x, y: y) }
            case .row(let row):
                guard row < table.numberOfRows(inSection: 0) else {
                    throw StepFailure(
                        "\(name) has \(table.numberOfRows(inSection: 0)) rows; row \(row) is out of range", atArgument: 3)
                }
                // The row's top at the top of the visible area, wherever measuring puts it.
                goal = {
                    Point(
                        x: table.contentOffset.x,
                        y: table.rectForRow(at: IndexPath(row: row, section: 0)).minY - table.adjustedContentInset.top)
                }
            case .end: goal = { table.maximumContentOffset }
            }
            table.scroll(toward: goal, duration: Double(nanoseconds) / 1e9, framesPerSecond: fps, curve: curve)
        case .tapRow(let name, let row):
            let table = try onScreenTable(name)
            guard row < table.numberOfRows(inSection: 0) else {
                throw StepFailure(
                    "\(name) has \(table.numberOfRows(inSection: 0)) rows; row \(row) is out of range", atArgument: 1)
            }
            table.tapRow(at: IndexPath(row: row, section: 0))
        case .reload(let name):
            try onScreenTable(name).reloadData()
        case .changeRows(let name, let row, let count, let inserting):
            _ = try onScreenTable(name)
            guard let controller = existingController(named: name) as? ScenarioTableController else {
                throw StepFailure("\(name) is not a table declared with `table \(name) rows=N`", at: name)
            }
            let rows = controller.items.count
            guard inserting ? row <= rows : row + count <= rows else {
                let range = inserting ? "at most \(rows)" : "rows \(row) to \(row + count - 1) exist only up to row \(rows - 1)"
                throw StepFailure(
                    "\(name) has \(rows) rows; \(inserting ? "row \(row) is past the end (\(range))" : range)", atArgument: 2)
            }
            if inserting { controller.insertRows(at: row, count: count) } else { controller.deleteRows(at: row, count: count) }
        }
    }

    /// The table of a declared table controller whose view is in the window.
    private func onScreenTable(_ name: String) throws -> TableView {
        guard let controller = existingController(named: name) else { throw StepFailure("\(name) is not declared", at: name) }
        guard let table = (controller as? TableViewController)?.viewIfLoaded as? TableView else {
            throw StepFailure(
                "\(name) is not a table (declare it with `table \(name) rows=N`) or its view is not loaded", at: name)
        }
        guard table.window != nil else { throw StepFailure("\(name) is not on screen", at: name) }
        return table
    }
}
