/// The record of one instance of the app's interface (the runtime's `UISceneSession`): its role,
/// its configuration and, while connected, its scene.
@MainActor
public final class SceneSession {
    /// The role a scene plays (UIKit's `UISceneSession.Role`).
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// An interactive window on the device's main screen (`UIWindowSceneSessionRoleApplication`).
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    /// A unique identifier that persists for the session's lifetime.
    public let persistentIdentifier: String
    /// The session's role.
    public let role: Role
    /// The configuration the app chose when the session's scene connected.
    public internal(set) var configuration: SceneConfiguration
    /// The connected scene, while there is one.
    public internal(set) weak var scene: Scene?
    /// The app's own state for the session (kept, not persisted).
    public var userInfo: [String: Any]?

    init(identifier: String, role: Role) {
        persistentIdentifier = identifier
        self.role = role
        configuration = SceneConfiguration(name: nil, sessionRole: role)
    }
}
