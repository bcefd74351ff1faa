import UIKit

// A feed written as for iOS (this file imports UIKit only): a table view controller with a custom
// self-sizing cell, a header title, selection pushing a detail screen, and a batch update.

struct Post {
    let author: String
    let body: String
}

final class PostCell: UITableViewCell {
    static let reuseIdentifier = "PostCell"
    let authorLabel = UILabel()
    let bodyLabel = UILabel()
    private(set) var reuses = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        authorLabel.font = .preferredFont(forTextStyle: .headline)
        bodyLabel.font = .preferredFont(forTextStyle: .body)
        bodyLabel.numberOfLines = 0
        let stack = UIStackView(arrangedSubviews: [authorLabel, bodyLabel])
        stack.axis = .vertical
        stack.spacing = 4
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
            stack.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
            stack.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
            stack.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
        authorLabel.text = nil
        bodyLabel.text = nil
    }

    func configure(with post: Post) {
        authorLabel.text = post.author
        bodyLabel.text = post.body
    }
}

final class FeedViewController: UITableViewController {
    var posts: [Post] = (0..<500).map { index in
        Post(author: "Author \(index)", body: String(repeating: "Words of post \(index). ", count: 1 + index % 7))
    }
    private(set) var selected: [Int] = []
    private(set) var displayed = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feed"
        tableView.register(PostCell.self, forCellReuseIdentifier: PostCell.reuseIdentifier)
        tableView.estimatedRowHeight = 100
        refreshControl = UIRefreshControl()
        refreshControl?.addAction(UIAction { [weak self] _ in self?.refresh() }, for: .valueChanged)
    }

    private(set) var refreshes = 0

    private func refresh() {
        refreshes += 1
        posts.insert(Post(author: "Fresh", body: "Pulled in."), at: 0)
        tableView.reloadData()
        refreshControl?.endRefreshing()
    }

    override func numberOfSections(in tableView: UITableView) -> Int { 1 }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { posts.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: PostCell.reuseIdentifier, for: indexPath)
        guard let postCell = cell as? PostCell else { return cell }
        postCell.configure(with: posts[indexPath.row])
        return postCell
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Latest" }

    override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        displayed += 1
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected.append(indexPath.row)
        let detail = UIViewController()
        detail.title = posts[indexPath.row].author
        navigationController?.pushViewController(detail, animated: true)
    }

    func publish(_ post: Post) {
        posts.insert(post, at: 0)
        tableView.performBatchUpdates {
            self.tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
    }

    func removeFirst() {
        posts.removeFirst()
        tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
    }
}
