import Lifetrace
import SignIn
import Testing
import UIKit

/// Drives the sign-in flow headless: a window on the main run loop, the form launched in a
/// navigation controller, a typed email and a tap. The trace goes where `LIFETRACE_SINKS` says.
@Suite(.serialized)
@MainActor
struct SignInTests {
    init() throws {
        try LifetraceSystem.bootstrapFromEnvironment()
    }

    @Test func signInPushesWelcome() throws {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let signIn = SignInViewController()
        let navigation = UINavigationController(rootViewController: signIn)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        MainRunLoop.main.runUntilIdle()

        signIn.emailField.insertText("ada@example.com")
        signIn.signInButton.tap()
        MainRunLoop.main.runUntilIdle()

        let welcome = try #require(navigation.topViewController as? WelcomeViewController)
        #expect(welcome.greeting.frame.height > welcome.greeting.font.lineHeight, "the greeting wraps")
        #expect(signIn.viewIfLoaded?.window == nil, "the form left the window")
        LifetraceSystem.flush()
    }
}
