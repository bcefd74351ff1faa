import UIKit

// Controllers written as for iOS: this file imports UIKit and nothing else, and is the kind of
// code a tutorial or an app has (programmatic views, anchors, a stack view, navigation, a
// presented controller, a size transition).

final class ProfileViewController: UIViewController {
    private let nameLabel = UILabel()
    private let bioLabel = UILabel()
    private let avatarView = UIImageView(image: UIImage(systemName: "person.circle"))
    private lazy var followButton: UIButton = {
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Follow"
        configuration.image = UIImage(systemName: "plus")
        configuration.imagePadding = 6
        let button = UIButton(
            configuration: configuration,
            primaryAction: UIAction { [weak self] _ in
                self?.showFollowers()
            })
        return button
    }()
    private lazy var stackView: UIStackView = {
        let stack = UIStackView(arrangedSubviews: [avatarView, nameLabel, bioLabel, followButton])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 8
        stack.translatesAutoresizingMaskIntoConstraints = false
        return stack
    }()
    private(set) var transitions: [CGSize] = []

    var stack: UIStackView { stackView }
    var bio: UILabel { bioLabel }
    var follow: UIButton { followButton }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Profile"
        view.backgroundColor = .systemBackground
        nameLabel.text = "Ada Lovelace"
        nameLabel.font = .preferredFont(forTextStyle: .headline)
        bioLabel.text =
            "Mathematician and writer, chiefly known for her work on Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine."
        bioLabel.numberOfLines = 0
        bioLabel.textColor = .secondaryLabel
        avatarView.layer.cornerRadius = 12
        avatarView.clipsToBounds = true
        view.addSubview(stackView)
        NSLayoutConstraint.activate([
            stackView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
            stackView.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stackView.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            avatarView.widthAnchor.constraint(equalToConstant: 64),
            avatarView.heightAnchor.constraint(equalTo: avatarView.widthAnchor),
        ])
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            systemItem: .edit,
            primaryAction: UIAction { [weak self] _ in
                self?.edit()
            })
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        avatarView.layer.cornerRadius = avatarView.bounds.width / 2
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        transitions.append(size)
        coordinator.animate(
            alongsideTransition: { _ in
                self.view.layoutIfNeeded()
            }, completion: nil)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.horizontalSizeClass == .regular {
            stackView.axis = .horizontal
        }
    }

    private func showFollowers() {
        let followers = FollowersViewController(count: 42)
        navigationController?.pushViewController(followers, animated: true)
    }

    private func edit() {
        let editor = EditProfileViewController()
        let navigation = UINavigationController(rootViewController: editor)
        navigation.modalPresentationStyle = .formSheet
        present(navigation, animated: true)
    }
}

final class FollowersViewController: UIViewController {
    let count: Int
    private let countLabel = UILabel()

    init(count: Int) {
        self.count = count
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func loadView() {
        view = UIView()
        view.backgroundColor = .systemGroupedBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Followers"
        countLabel.text = "\(count) followers"
        countLabel.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(countLabel)
        NSLayoutConstraint.activate([
            countLabel.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            countLabel.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
}

final class EditProfileViewController: UIViewController {
    private let nameField = UITextField()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Edit"
        view.backgroundColor = .systemBackground
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            systemItem: .cancel,
            primaryAction: UIAction { [weak self] _ in
                self?.dismiss(animated: true)
            })
        nameField.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(nameField)
        nameField.topAnchor.constraint(equalToSystemSpacingBelow: view.safeAreaLayoutGuide.topAnchor, multiplier: 2).isActive =
            true
        nameField.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor).isActive = true
        nameField.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor).isActive = true
    }
}
