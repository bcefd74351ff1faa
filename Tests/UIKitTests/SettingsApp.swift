import UIKit

// A settings screen written as for iOS (this file imports UIKit only): controls in a stack, their
// events handled with UIAction, a self-sizing text view, a spinner, colours by trait.

final class SettingsViewController: UIViewController {
    let notificationsSwitch = UISwitch()
    let volumeSlider = UISlider()
    let themeControl = UISegmentedControl(items: ["System", "Light", "Dark"])
    let notesView = UITextView()
    let nameField = UITextField()
    let spinner = UIActivityIndicatorView(style: .medium)
    private(set) var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        view.backgroundColor = UIColor { traits in
            traits.userInterfaceStyle == .dark ? .black : .systemGroupedBackground
        }
        notificationsSwitch.isOn = true
        notificationsSwitch.addAction(
            UIAction { [unowned self] _ in
                log.append("notifications \(notificationsSwitch.isOn)")
            }, for: .valueChanged)
        volumeSlider.minimumValue = 0
        volumeSlider.maximumValue = 10
        volumeSlider.value = 5
        volumeSlider.addAction(
            UIAction { [unowned self] action in
                guard let slider = action.sender as? UISlider else { return }
                log.append("volume \(Int(slider.value))")
            }, for: .valueChanged)
        themeControl.selectedSegmentIndex = 0
        themeControl.addAction(
            UIAction { [unowned self] _ in
                log.append("theme \(themeControl.titleForSegment(at: themeControl.selectedSegmentIndex) ?? "-")")
            }, for: .valueChanged)
        nameField.placeholder = "Name"
        nameField.borderStyle = .roundedRect
        nameField.addAction(UIAction { [unowned self] _ in log.append("name \(nameField.text ?? "")") }, for: .editingChanged)
        notesView.isScrollEnabled = false
        notesView.font = .preferredFont(forTextStyle: .body)
        notesView.text = "Notes written here grow the text view line by line, as a self-sizing text view does in a form."
        spinner.hidesWhenStopped = true

        let stack = UIStackView(arrangedSubviews: [
            notificationsSwitch, volumeSlider, themeControl, nameField, notesView, spinner,
        ])
        stack.axis = .vertical
        stack.spacing = UIStackView.spacingUseSystem
        stack.alignment = .fill
        stack.isLayoutMarginsRelativeArrangement = true
        stack.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    private(set) var appearanceChanges: [UIUserInterfaceStyle] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (self: Self, previousTraitCollection: UITraitCollection) in
            self.appearanceChanges.append(self.traitCollection.userInterfaceStyle)
        }
    }

    func save() {
        spinner.startAnimating()
    }
}
