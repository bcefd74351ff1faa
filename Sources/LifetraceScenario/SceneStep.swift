/// A step of the app and scene lifecycle (docs/uikit-model.md, "the app and its scenes").
///
/// | step | meaning |
/// |---|---|
/// | `app-launch ROOT` | the app launches through its scene: the app delegate's `willFinishLaunching` and `didFinishLaunching`, `configurationForConnecting`, the scene delegate's `willConnectTo` (it shows ROOT in the window), `sceneWillEnterForeground`, `sceneDidBecomeActive` |
/// | `background` | the user leaves the app (the Home gesture): `sceneWillResignActive`, `sceneDidEnterBackground`, the app switcher's snapshot |
/// | `foreground` | the user comes back: `sceneWillEnterForeground`, `sceneDidBecomeActive` |
/// | `resign-active`, `become-active` | an interruption (Notification Center, a call) begins and ends: `sceneWillResignActive`, `sceneDidBecomeActive` |
public enum SceneStep: Sendable, Hashable {
    /// `app-launch ROOT`.
    case launch(root: String)
    /// `background`.
    case background
    /// `foreground`.
    case foreground
    /// `resign-active`.
    case resignActive
    /// `become-active`.
    case becomeActive

    /// The scene steps' keywords.
    static let keywords = ["app-launch", "background", "foreground", "resign-active", "become-active"]
}
