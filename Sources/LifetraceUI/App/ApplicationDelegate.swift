/// What the app tells its delegate as it launches and connects scenes (the runtime's
/// `UIApplicationDelegate`); every method has a default.
///
/// A scene-based app's delegate sees the launch and chooses each scene's configuration; the scenes'
/// own comings and goings go to their ``SceneDelegate``. The runtime calls each inside an interval of
/// its hook (`willFinishLaunching`, `didFinishLaunching`, `configurationForConnecting`).
@MainActor
public protocol ApplicationDelegate: AnyObject {
    /// The launch has begun; state restoration has not happened yet.
    func application(
        _ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?
    ) -> Bool
    /// The launch is done; no scene is connected yet.
    func application(
        _ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?
    ) -> Bool
    /// The configuration of a scene about to connect. The default names `Default Configuration`
    /// with the session's role (and the delegate the app was launched with).
    func application(
        _ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
        options: Scene.ConnectionOptions
    ) -> SceneConfiguration
    /// Sessions the user closed (in the app switcher) were discarded.
    func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>)
    /// The window of an app without scenes; a scene-based app keeps its windows in its scene delegates.
    var window: Window? { get set }
}

extension ApplicationDelegate {
    public func application(
        _ application: Application, willFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func application(
        _ application: Application, didFinishLaunchingWithOptions launchOptions: [Application.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func application(
        _ application: Application, configurationForConnecting connectingSceneSession: SceneSession,
        options: Scene.ConnectionOptions
    ) -> SceneConfiguration {
        SceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    public func application(_ application: Application, didDiscardSceneSessions sceneSessions: Set<SceneSession>) {}

    public var window: Window? {
        get { nil }
        set {}
    }
}
