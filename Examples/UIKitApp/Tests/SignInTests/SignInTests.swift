import Lifetrace
import SignIn
import Testing
import UIKit

/// Drives the sign-in flow headless: a window on the main run loop, the form launched in a
/// navigation controller, a typed email and a tap. The trace goes where `LIFETRACE_SINKS` says.
@Suite(.serialized)
@MainActor
struct SignInTests {
    /// The sinks `LIFETRACE_SINKS` names, chosen once for the whole run.
    static let sinks: Result<Void, any Error> = Result { try LifetraceSystem.bootstrapFromEnvironment() }

    init() throws {
        try Self.sinks.get()
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

    @Test func inboxScrollsAtOneHundredTwentyFramesASecond() throws {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let inbox = InboxViewController()
        window.rootViewController = UINavigationController(rootViewController: inbox)
        window.makeKeyAndVisible()
        MainRunLoop.main.runUntilIdle()

        inbox.tableView.scroll(to: CGPoint(x: 0, y: 20_000), duration: 1, framesPerSecond: 120)
        MainRunLoop.main.runUntilIdle()

        #expect(inbox.tableView.contentOffset.y == 20_000)
        #expect(inbox.tableView.visibleCells.count < 30, "only the visible rows have cells")
        LifetraceSystem.flush()
    }
}
