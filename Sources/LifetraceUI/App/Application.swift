import Foundation
import Lifetrace

/// The app (the runtime's `UIApplication`): its delegate, its scenes and its state.
///
/// ``launch(delegate:sceneDelegate:options:)`` runs a scene-based app's launch in UIKit's order:
/// the app delegate's `willFinishLaunching` and `didFinishLaunching`; then a scene connects (the
/// delegate's `configurationForConnecting`, the scene delegate's `willConnectTo`, where it makes
/// its window and root view controller), enters the foreground (`sceneWillEnterForeground`) and
/// becomes active (`sceneDidBecomeActive`), all in one turn of the run loop: the root's first
/// layout pass ends that turn and its `viewDidAppear` comes in the next, after
/// `sceneDidBecomeActive` (docs/uikit-model.md).
@MainActor
public final class Application {
    /// Keys of the launch options (UIKit's `UIApplication.LaunchOptionsKey`).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The URL the app was launched to open.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    }

    /// The app's state, from its scenes' (UIKit's `UIApplication.State`).
    public enum State: Int, Sendable, Hashable {
        /// A scene is active.
        case active
        /// A scene is on screen, none active.
        case inactive
        /// No scene is on screen.
        case background
    }

    /// The app of the main run loop (UIKit's `UIApplication.shared`).
    public static let shared = Application(runLoop: .main)

    /// The run loop the app's windows run on.
    public let runLoop: MainRunLoop
    /// The app's delegate, which the app keeps.
    public var delegate: ApplicationDelegate?
    /// Whether ``launch(delegate:sceneDelegate:options:)`` ran.
    public private(set) var isLaunched = false
    /// The sessions of the app's scenes.
    public private(set) var openSessions: Set<SceneSession> = []
    /// The connected scenes, in the order they connected.
    public private(set) var scenes: [Scene] = []
    /// The connected scenes.
    public var connectedScenes: Set<Scene> { Set(scenes) }

    /// The name of the app delegate's events in traces: set by a host (the scenario runner), else
    /// the delegate's type name.
    package var traceName: String?
    /// The name of its scenes' events in traces, when a host sets one (else each scene delegate's type name).
    package var sceneTraceName: String?

    /// What makes a scene's delegate when its configuration names no class (Info.plist's
    /// `UISceneDelegateClassName`).
    private var makeSceneDelegate: (@MainActor () -> SceneDelegate?)?
    private var sessionCount = 0

    /// Creates an app on a run loop (a host's or a test's own; apps use ``shared``).
    public init(runLoop: MainRunLoop) {
        self.runLoop = runLoop
    }

    /// The app's state: active when a scene is, inactive when a scene is on screen, else background.
    public var applicationState: State {
        if scenes.contains(where: { $0.activationState == .foregroundActive }) { return .active }
        if scenes.contains(where: \.isInForeground) { return .inactive }
        return .background
    }

    /// The windows of every connected window scene.
    public var windows: [Window] { scenes.flatMap { ($0 as? WindowScene)?.windows ?? [] } }

    private var probe: Probe {
        Probe(
            subject: Subject(name: traceName ?? delegate.map { String(describing: type(of: $0)) } ?? "Application", object: self))
    }

    /// Launches the app: `willFinishLaunching`, `didFinishLaunching`, then one scene connects and
    /// comes to the foreground, active (see the type's documentation). A second launch is refused
    /// with a warning.
    ///
    /// - Parameters:
    ///   - delegate: The app delegate (kept as ``delegate``).
    ///   - sceneDelegate: Makes the scene delegate of a configuration that names no
    ///     ``SceneConfiguration/delegateClass`` (what Info.plist's scene manifest says on iOS).
    ///   - options: The launch options the delegate receives.
    public func launch(
        delegate: ApplicationDelegate, sceneDelegate: (@MainActor () -> SceneDelegate?)? = nil,
        options: [LaunchOptionsKey: Any]? = nil
    ) {
        guard !isLaunched else {
            runLoop.report(Diagnostic(.warning, "the app is already launched", about: probe.subject))
            return
        }
        isLaunched = true
        self.delegate = delegate
        makeSceneDelegate = sceneDelegate
        probe.withInterval(.willFinishLaunching) {
            _ = delegate.application(self, willFinishLaunchingWithOptions: options)
        }
        probe.withInterval(.didFinishLaunching) {
            _ = delegate.application(self, didFinishLaunchingWithOptions: options)
        }
        NotificationCenter.default.post(name: Self.didFinishLaunchingNotification, object: self)
        let scene = connectScene(options: Scene.ConnectionOptions())
        scene.enterForeground()
    }

    /// Connects a new scene (a new window on iPad, or the launch's first): the delegate chooses
    /// its configuration, the scene delegate is made and told `willConnectTo`. The scene stays
    /// unattached until it enters the foreground (``Scene/enterForeground()``).
    @discardableResult
    public func connectScene(options: Scene.ConnectionOptions = Scene.ConnectionOptions()) -> Scene {
        sessionCount += 1
        let session = SceneSession(identifier: "session-\(sessionCount)", role: .windowApplication)
        openSessions.insert(session)
        var configuration = session.configuration
        if let delegate {
            configuration = probe.withInterval(
                .configurationForConnecting, Details(text: configuration.name ?? session.role.rawValue)
            ) {
                delegate.application(self, configurationForConnecting: session, options: options)
            }
        }
        session.configuration = configuration
        let sceneType = (configuration.sceneClass as? Scene.Type) ?? WindowScene.self
        let scene = sceneType.init(session: session, connectionOptions: options, application: self)
        session.scene = scene
        scene.traceName = sceneTraceName
        scene.delegate = sceneDelegate(for: configuration)
        scenes.append(scene)
        scene.probe.withInterval(.willConnectTo, Details(text: session.role.rawValue)) {
            scene.delegate?.scene(scene, willConnectTo: session, options: options)
        }
        NotificationCenter.default.post(name: Scene.willConnectNotification, object: scene)
        return scene
    }

    /// Disconnects a scene (the system reclaims it, or the user closes it in the app switcher): a
    /// scene on screen goes to the background first; then `sceneDidDisconnect`, and the scene
    /// lets go of its delegate (and so of the windows only it kept). The session stays open.
    public func disconnect(_ scene: Scene) {
        guard scenes.contains(where: { $0 === scene }) else {
            runLoop.report(Diagnostic(.warning, "\(scene.probe.subject.name) is not connected", about: scene.probe.subject))
            return
        }
        if scene.isInForeground { scene.enterBackground() }
        scene.move(to: .unattached, hook: .sceneDidDisconnect, notification: Scene.didDisconnectNotification) {
            $0.sceneDidDisconnect(scene)
        }
        scenes.removeAll { $0 === scene }
        scene.session.scene = nil
        scene.delegate = nil
    }

    /// The scene delegate a configuration names, or the app's default one.
    private func sceneDelegate(for configuration: SceneConfiguration) -> SceneDelegate? {
        if let type = configuration.delegateClass {
            if let made = (type as? Responder.Type)?.init() as? SceneDelegate { return made }
            runLoop.report(
                Diagnostic(.warning, "\(type) is not a Responder subclass conforming to SceneDelegate; the scene has no delegate")
            )
            return nil
        }
        return makeSceneDelegate?()
    }

    /// Posts the app's notifications for a change of its state from `before`.
    func postStateChange(from before: State) {
        let after = applicationState
        guard after != before else { return }
        let center = NotificationCenter.default
        switch (before, after) {
        case (.active, _):
            center.post(name: Self.willResignActiveNotification, object: self)
            if after == .background { center.post(name: Self.didEnterBackgroundNotification, object: self) }
        case (.background, _):
            center.post(name: Self.willEnterForegroundNotification, object: self)
            if after == .active { center.post(name: Self.didBecomeActiveNotification, object: self) }
        case (.inactive, .active):
            center.post(name: Self.didBecomeActiveNotification, object: self)
        case (.inactive, _):
            center.post(name: Self.didEnterBackgroundNotification, object: self)
        }
    }

    // MARK: Notifications

    /// Posted after `application(_:didFinishLaunchingWithOptions:)` returns.
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted when the app becomes active (its first scene does).
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app stops being active.
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when no scene of the app is on screen any more.
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app comes back on screen.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
}
