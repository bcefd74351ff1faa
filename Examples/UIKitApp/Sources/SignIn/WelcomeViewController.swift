import UIKit

/// The screen after signing in: a greeting that wraps, sized by its text.
public final class WelcomeViewController: UIViewController {
    public let greeting = UILabel()
    private let email: String

    public init(email: String) {
        self.email = email
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Welcome"
        view.backgroundColor = .systemBackground
        greeting.text = "Welcome back, \(email). Your reading list has three new articles since your last visit."
        greeting.numberOfLines = 0
        greeting.font = .preferredFont(forTextStyle: .title2)
        greeting.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(greeting)
        NSLayoutConstraint.activate([
            greeting.topAnchor.constraint(equalToSystemSpacingBelow: view.safeAreaLayoutGuide.topAnchor, multiplier: 2),
            greeting.leadingAnchor.constraint(equalTo: view.readableContentGuide.leadingAnchor),
            greeting.trailingAnchor.constraint(equalTo: view.readableContentGuide.trailingAnchor),
        ])
    }
}
