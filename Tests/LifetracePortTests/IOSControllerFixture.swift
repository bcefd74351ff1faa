/// A controller written for iOS, with every idiom `lifetrace port` rewrites: outlets, actions,
/// `@objc` methods, `@objc dynamic`, `@IBInspectable`/`@IBDesignable`, controls' target–action (one in a stored property's initializer),
/// `UIBarButtonItem`'s target–action initialisers and `NotificationCenter` selector observers.
///
/// A string, not a source file of the target: SwiftPM would compile it, and on Linux it does not
/// compile (which is the point).
enum IOSControllerFixture {
    /// The file's text.
    static let source = #"""
        import UIKit

        extension Notification.Name {
            static let profileDidChange = Notification.Name("ProfileDidChange")
            static let sessionDidExpire = Notification.Name("SessionDidExpire")
        }

        /// Counts how often the profile was liked.
        final class LikeCounter: NSObject {
            private(set) var likes = 0

            @objc func like() {
                likes += 1
            }
        }

        /// Edits the user's profile: written for iOS, with outlets, actions and selectors.
        @IBDesignable
        final class ProfileEditorViewController: UIViewController {
            @IBOutlet weak var nameField: UITextField!
            @IBOutlet private weak var statusLabel: UILabel!
            @IBOutlet weak var saveButton: UIButton!
            @IBOutlet var likeButton: UIButton!
            @IBInspectable var cornerRadius: CGFloat = 8
            @objc dynamic var saveCount = 0

            let counter = LikeCounter()
            // Built by its initializer, as iOS code often does (made lazy: it then refers to self).
            private let clearButton: UIButton = {
                let button = UIButton(type: .system)
                button.setTitle("Clear", for: .normal)
                button.addTarget(self, action: #selector(clear), for: .touchUpInside)
                return button
            }()
            private var edits = 0

            override func loadView() {
                view = UIView()
                nameField = UITextField()
                statusLabel = UILabel()
                saveButton = UIButton(type: .system)
                likeButton = UIButton(type: .system)
                for subview in [nameField!, statusLabel!, saveButton!, likeButton!, clearButton] {
                    subview.translatesAutoresizingMaskIntoConstraints = false
                    view.addSubview(subview)
                }
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                title = "Edit Profile"
                saveButton.setTitle("Save", for: .normal)
                saveButton.addTarget(self, action: #selector(save(_:)), for: .touchUpInside)
                nameField.addTarget(self, action: #selector(ProfileEditorViewController.nameChanged(_:)),
                                    for: .editingChanged)
                // The model counts likes itself.
                likeButton.addTarget(counter, action: #selector(LikeCounter.like), for: .touchUpInside)

                navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(done(_:)))
                navigationItem.leftBarButtonItems = [
                    UIBarButtonItem(title: "Reset", style: .plain, target: self, action: #selector(reset)),
                    UIBarButtonItem(image: UIImage(systemName: "questionmark.circle"), style: .plain,
                                    target: self, action: #selector(showHelp)),
                ]

                NotificationCenter.default.addObserver(self, selector: #selector(profileDidChange(_:)),
                                                       name: .profileDidChange, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(sessionDidExpire),
                                                       name: .sessionDidExpire, object: nil)

                NSLayoutConstraint.activate([
                    nameField.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
                    nameField.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
                    nameField.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
                    statusLabel.topAnchor.constraint(equalTo: nameField.bottomAnchor, constant: 8),
                    statusLabel.leadingAnchor.constraint(equalTo: nameField.leadingAnchor),
                    saveButton.topAnchor.constraint(equalTo: statusLabel.bottomAnchor, constant: 8),
                    saveButton.leadingAnchor.constraint(equalTo: nameField.leadingAnchor),
                    likeButton.centerYAnchor.constraint(equalTo: saveButton.centerYAnchor),
                    likeButton.leadingAnchor.constraint(equalTo: saveButton.trailingAnchor, constant: 8),
                ])
            }

            deinit {
                NotificationCenter.default.removeObserver(self)
            }

            // MARK: Actions

            @IBAction func save(_ sender: UIButton) {
                saveCount += 1
                statusLabel.text = "Saved \(nameField.text ?? "")"
                sender.isEnabled = false
            }

            @objc private func nameChanged(_ field: UITextField) {
                edits += 1
                saveButton.isEnabled = !(field.text ?? "").isEmpty
            }

            @objc func done(_ sender: Any) {
                dismiss(animated: true)
            }

            @objc func reset() {
                nameField.text = nil
                edits = 0
            }

            @objc private func clear() {
                nameField.text = nil
            }

            @objc private func showHelp() {
                present(UIViewController(), animated: true)
            }

            @objc func profileDidChange(_ notification: Notification) {
                statusLabel.text = notification.object as? String
            }

            @objc private func sessionDidExpire() {
                navigationController?.popToRootViewController(animated: true)
            }
        }
        """#
}
