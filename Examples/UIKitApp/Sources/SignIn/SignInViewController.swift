import UIKit

/// A sign-in form: two fields and a button in a stack, centred; signing in pushes the welcome screen.
public final class SignInViewController: UIViewController {
    public let emailField = UITextField()
    public let passwordField = UITextField()
    public private(set) lazy var signInButton = UIButton(
        configuration: .filled(),
        primaryAction: UIAction { [weak self] _ in
            self?.signIn()
        })

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign In"
        view.backgroundColor = .systemBackground
        emailField.placeholder = "Email"
        emailField.borderStyle = .roundedRect
        passwordField.placeholder = "Password"
        passwordField.borderStyle = .roundedRect
        passwordField.isSecureTextEntry = true
        signInButton.configuration?.title = "Sign In"

        let form = UIStackView(arrangedSubviews: [emailField, passwordField, signInButton])
        form.axis = .vertical
        form.spacing = 12
        form.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(form)
        NSLayoutConstraint.activate([
            form.centerYAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerYAnchor),
            form.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            form.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
    }

    private func signIn() {
        let welcome = WelcomeViewController(email: emailField.text ?? "")
        navigationController?.pushViewController(welcome, animated: true)
    }
}
