import Foundation
import LifetraceUI

/// The table a scenario declares with `table NAME rows=N`: rows of the system's cell whose text
/// grows with the row (one to four lines of a sentence), so self-sizing measures rows of
/// different heights; fixed at `height=H` when given.
@MainActor
final class ScenarioTableController: TableViewController {
    var rows = 0
    var fixedHeight: Double?
    var estimate: Double?

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "Row")
        if let fixedHeight { tableView.rowHeight = fixedHeight }
        if let estimate { tableView.estimatedRowHeight = estimate }
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = "Row \(indexPath.row): " + String(repeating: "a sentence of the row's text ", count: 1 + indexPath.row % 4)
        cell.contentConfiguration = content
        return cell
    }
}
