import Foundation
import Lifetrace

/// One instance of the app's interface (the runtime's `UIScene`), with UIKit's activation states:
/// unattached → (connect) → foreground inactive ↔ foreground active, foreground inactive ↔
/// background, background → (disconnect) → unattached.
///
/// The system moves scenes; so do the runtime's ``enterBackground()``, ``enterForeground()``,
/// ``resignActive()`` and ``becomeActive()`` (no UIKit API: what the Home gesture, the app
/// switcher or a call does). Each tells the ``delegate`` (inside an interval of its hook), then
/// posts UIKit's notification. Controllers on screen stay appeared throughout: going to the
/// background calls no `viewWillDisappear`, coming back no `viewWillAppear`.
@MainActor
open class Scene {
    /// A scene's state (UIKit's `UIScene.ActivationState`, with its raw values).
    public enum ActivationState: Int, Sendable, Hashable {
        /// Not connected to the app.
        case unattached = -1
        /// On screen and receiving events.
        case foregroundActive = 0
        /// On screen, not receiving events (on its way to or from another state).
        case foregroundInactive = 1
        /// Running in the background, not on screen.
        case background = 2
    }

    /// What a scene connected with (UIKit's `UIScene.ConnectionOptions`): the URLs that opened
    /// it, none by default.
    public final class ConnectionOptions: Sendable {
        /// The URLs the scene was asked to open.
        public let urlContexts: Set<OpenURLContext>
        /// The app that asked, if another did.
        public let sourceApplication: String?

        /// Options with these URLs.
        public init(urlContexts: Set<OpenURLContext> = [], sourceApplication: String? = nil) {
            self.urlContexts = urlContexts
            self.sourceApplication = sourceApplication
        }
    }

    /// The app the scene belongs to.
    public unowned let application: Application
    /// The scene's session.
    public let session: SceneSession
    /// The scene's delegate, which the scene keeps (UIKit's is strong).
    public var delegate: SceneDelegate?
    /// The scene's state.
    public internal(set) var activationState: ActivationState = .unattached
    /// A title, for the app switcher.
    public var title: String?

    /// The name in traces: set by a host (the scenario runner), else the delegate's type name.
    package var traceName: String?

    /// The probe of the scene's hooks, named by ``traceName`` or the delegate's type.
    var probe: Probe {
        Probe(subject: Subject(name: traceName ?? delegate.map { String(describing: type(of: $0)) } ?? "Scene", object: self))
    }

    /// Creates a scene for a session (UIKit's `init(session:connectionOptions:)`); the app
    /// connects it.
    public required init(session: SceneSession, connectionOptions: ConnectionOptions, application: Application) {
        self.session = session
        self.application = application
    }

    /// Whether the scene is on screen (active or inactive).
    public var isInForeground: Bool { activationState == .foregroundActive || activationState == .foregroundInactive }

    // MARK: The system's moves

    /// The scene comes to the foreground (the user opens the app again, or a scene just connected
    /// appears): `sceneWillEnterForeground`, then ``becomeActive()``. Only from the background, or
    /// unattached once connected; otherwise a warning.
    @discardableResult
    public func enterForeground() -> Bool {
        let connected = activationState == .unattached && session.scene === self
        guard activationState == .background || connected else { return refuse("enter the foreground", from: activationState) }
        move(to: .foregroundInactive, hook: .sceneWillEnterForeground, notification: Self.willEnterForegroundNotification) {
            $0.sceneWillEnterForeground(self)
        }
        return becomeActive()
    }

    /// The scene becomes active (an interruption ends): `sceneDidBecomeActive`. Only from the
    /// foreground-inactive state; otherwise a warning.
    @discardableResult
    public func becomeActive() -> Bool {
        guard activationState == .foregroundInactive else { return refuse("become active", from: activationState) }
        move(to: .foregroundActive, hook: .sceneDidBecomeActive, notification: Self.didActivateNotification) {
            $0.sceneDidBecomeActive(self)
        }
        return true
    }

    /// The scene stops receiving events (Notification Center pulled down, a call, the app
    /// switcher): `sceneWillResignActive`. Only when active; otherwise a warning.
    @discardableResult
    public func resignActive() -> Bool {
        guard activationState == .foregroundActive else { return refuse("resign active", from: activationState) }
        move(to: .foregroundInactive, hook: .sceneWillResignActive, notification: Self.willDeactivateNotification) {
            $0.sceneWillResignActive(self)
        }
        return true
    }

    /// The scene goes to the background (the Home gesture): ``resignActive()`` when active, then
    /// `sceneDidEnterBackground`; then, as UIKit takes its snapshot for the app switcher, the
    /// scene's windows are laid out again (a layout pass at the end of the turn). Only from the
    /// foreground; otherwise a warning.
    @discardableResult
    public func enterBackground() -> Bool {
        guard isInForeground else { return refuse("enter the background", from: activationState) }
        if activationState == .foregroundActive { resignActive() }
        move(to: .background, hook: .sceneDidEnterBackground, notification: Self.didEnterBackgroundNotification) {
            $0.sceneDidEnterBackground(self)
        }
        takeSnapshot()
        return true
    }

    /// UIKit's snapshot for the app switcher, taken "shortly after" `sceneDidEnterBackground`
    /// returns: the windows' root views lay out again.
    func takeSnapshot() {}

    /// Moves to `state`, telling the delegate inside the hook's interval (a `will` method sees the
    /// old state, a `did` method the new one), then posts the scene's notification and, when the
    /// app's state changed, the app's.
    func move(
        to state: ActivationState, hook: Hook, notification: Notification.Name,
        _ tell: (SceneDelegate) -> Void
    ) {
        let before = application.applicationState
        let isDid = hook == .sceneDidBecomeActive || hook == .sceneDidEnterBackground || hook == .sceneDidDisconnect
        if isDid { activationState = state }
        probe.withInterval(hook) {
            if let delegate { tell(delegate) }
        }
        activationState = state
        NotificationCenter.default.post(name: notification, object: self)
        application.postStateChange(from: before)
    }

    private func refuse(_ move: String, from state: ActivationState) -> Bool {
        application.runLoop.report(
            Diagnostic(.warning, "\(probe.subject.name) cannot \(move) from the \(state) state", about: probe.subject))
        return false
    }

    // MARK: Notifications

    /// Posted after a scene connects (`scene(_:willConnectTo:options:)` has returned).
    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    /// Posted after a scene disconnects.
    public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    /// Posted after a scene becomes active.
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    /// Posted after a scene's delegate heard it will resign active.
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    /// Posted after a scene's delegate heard it will enter the foreground.
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    /// Posted after a scene entered the background.
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
}

extension Scene: Hashable {
    public nonisolated static func == (lhs: Scene, rhs: Scene) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension SceneSession: Hashable {
    public nonisolated static func == (lhs: SceneSession, rhs: SceneSession) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A URL a scene was asked to open (UIKit's `UIOpenURLContext`).
public struct OpenURLContext: Sendable, Hashable {
    /// The URL.
    public let url: URL

    /// A context for a URL.
    public init(url: URL) { self.url = url }
}
