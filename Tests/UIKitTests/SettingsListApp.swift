import UIKit

// A grouped settings list fed by a diffable data source, written as for iOS (this file imports
// UIKit only): sections with header titles, value cells, and a snapshot changed in place.

final class SettingsListViewController: UITableViewController {
    enum Section: String, Hashable, Sendable, CaseIterable {
        case general = "General"
        case privacy = "Privacy"
    }

    private(set) var dataSource: UITableViewDiffableDataSource<Section, String>!

    init() {
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Setting")
        dataSource = UITableViewDiffableDataSource<Section, String>(tableView: tableView) { tableView, indexPath, setting in
            let cell = tableView.dequeueReusableCell(withIdentifier: "Setting", for: indexPath)
            var content = UIListContentConfiguration.valueCell()
            content.text = setting
            content.secondaryText = "On"
            cell.contentConfiguration = content
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections(Section.allCases)
        snapshot.appendItems(["Wi-Fi", "Bluetooth", "Cellular"], toSection: .general)
        snapshot.appendItems(["Location", "Tracking"], toSection: .privacy)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func hideCellular() {
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems(["Cellular"])
        snapshot.appendItems(["Analytics"], toSection: .privacy)
        dataSource.apply(snapshot)
    }
}
