import UIKit

/// The inbox after signing in: a long list of messages in self-sizing cells.
public final class InboxViewController: UITableViewController {
    private let subjects = (0..<2_000).map { index in
        "Message \(index): " + String(repeating: "a line of the message's preview ", count: 1 + index % 4)
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Inbox"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Message")
    }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        subjects.count
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Message", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = subjects[indexPath.row]
        content.secondaryText = "From sender \(indexPath.row % 17)"
        cell.contentConfiguration = content
        return cell
    }
}
