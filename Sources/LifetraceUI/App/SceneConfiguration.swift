/// What the runtime makes for a scene about to connect (the runtime's `UISceneConfiguration`): a
/// name, the session's role, and the scene delegate's class.
///
/// An app returns one from ``ApplicationDelegate/application(_:configurationForConnecting:options:)``.
/// With no ``delegateClass``, the scene delegate comes from what the app was launched with
/// (``Application/launch(delegate:sceneDelegate:options:)``), which stands for Info.plist's
/// `UISceneDelegateClassName`.
@MainActor
public final class SceneConfiguration {
    /// The configuration's name (Info.plist's `UISceneConfigurationName`).
    public let name: String?
    /// The role of the sessions it configures.
    public let role: SceneSession.Role
    /// The class the runtime makes the scene's delegate from (a ``Responder`` subclass that
    /// conforms to ``SceneDelegate``); others are ignored with a warning.
    public var delegateClass: AnyClass?
    /// The scene's class: ``WindowScene`` for an application's windows.
    public var sceneClass: AnyClass?

    /// Creates a configuration (UIKit's `init(name:sessionRole:)`).
    public init(name: String?, sessionRole: SceneSession.Role) {
        self.name = name
        self.role = sessionRole
    }
}
