import UIKit

// Containers written as for iOS (this file imports UIKit only): onboarding pages in a page view
// controller, an alert confirming the end, and a mail app in a split view.

final class OnboardingPageViewController: UIViewController {
    let index: Int
    private let label = UILabel()

    init(index: Int) {
        self.index = index
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        label.text = "Page \(index + 1)"
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
}

final class OnboardingViewController: UIPageViewController, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    let pages = (0..<3).map { OnboardingPageViewController(index: $0) }
    private(set) var finished: [String] = []

    init() {
        super.init(transitionStyle: .scroll, navigationOrientation: .horizontal, options: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        dataSource = self
        delegate = self
        setViewControllers([pages[0]], direction: .forward, animated: false, completion: nil)
    }

    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController)
        -> UIViewController?
    {
        guard let index = pages.firstIndex(of: viewController as! OnboardingPageViewController), index > 0 else { return nil }
        return pages[index - 1]
    }

    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController)
        -> UIViewController?
    {
        guard let page = viewController as? OnboardingPageViewController, let index = pages.firstIndex(of: page),
            index + 1 < pages.count
        else {
            return nil
        }
        return pages[index + 1]
    }

    func pageViewController(
        _ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [UIViewController], transitionCompleted completed: Bool
    ) {
        if completed, let current = viewControllers?.first as? OnboardingPageViewController {
            self.finished.append("page \(current.index)")
        }
    }

    func confirmSkip() {
        let alert = UIAlertController(
            title: "Skip onboarding?", message: "You can read it later in Settings.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(
            UIAlertAction(title: "Skip", style: .destructive) { [weak self] _ in
                self?.finished.append("skipped")
            })
        present(alert, animated: true)
    }
}

final class MailboxViewController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Mailboxes"
    }
}

final class MessageViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Message"
        view.backgroundColor = .systemBackground
    }
}

@MainActor
func makeMailSplit() -> UISplitViewController {
    let split = UISplitViewController(style: .doubleColumn)
    split.setViewController(MailboxViewController(style: .insetGrouped), for: .primary)
    split.setViewController(MessageViewController(), for: .secondary)
    return split
}
