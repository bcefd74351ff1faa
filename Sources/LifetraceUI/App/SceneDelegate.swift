/// What a scene tells its delegate as it connects, comes and goes (the runtime's
/// `UISceneDelegate`); every method has a default that does nothing.
///
/// The runtime calls each inside an interval of its hook (`willConnectTo`,
/// `sceneWillEnterForeground`, `sceneDidBecomeActive`, `sceneWillResignActive`,
/// `sceneDidEnterBackground`, `sceneDidDisconnect`), so a trace shows what the delegate's code
/// did (a window made, a root controller loaded) inside it. docs/uikit-model.md places each
/// among the controllers' callbacks.
@MainActor
public protocol SceneDelegate: AnyObject {
    /// A scene connects: make its window here (`UIWindow(windowScene:)`, a root view controller,
    /// `makeKeyAndVisible()`).
    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions)
    /// The system removed the scene (closed in the app switcher, or reclaimed in the background).
    func sceneDidDisconnect(_ scene: Scene)
    /// The scene is about to run in the foreground: at launch, and coming back from the background.
    func sceneWillEnterForeground(_ scene: Scene)
    /// The scene is active: its interface is loaded, on screen, and receives events.
    func sceneDidBecomeActive(_ scene: Scene)
    /// The scene is about to stop receiving events (an interruption, or on its way to the background).
    func sceneWillResignActive(_ scene: Scene)
    /// The scene runs in the background, no longer on screen.
    func sceneDidEnterBackground(_ scene: Scene)
}

extension SceneDelegate {
    public func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: Scene) {}
    public func sceneWillEnterForeground(_ scene: Scene) {}
    public func sceneDidBecomeActive(_ scene: Scene) {}
    public func sceneWillResignActive(_ scene: Scene) {}
    public func sceneDidEnterBackground(_ scene: Scene) {}
}

/// A scene delegate that manages a window (the runtime's `UIWindowSceneDelegate`).
@MainActor
public protocol WindowSceneDelegate: SceneDelegate {
    /// The scene's main window, which the delegate keeps: a window nothing holds goes away.
    var window: Window? { get set }
}

extension WindowSceneDelegate {
    /// No window, for a delegate that declares none.
    public var window: Window? {
        get { nil }
        set {}
    }
}
