/// A closure a control runs for an event (UIKit's `UIAction`): the way to handle a tap that
/// compiles on Linux, where target–action's `#selector` does not (docs/uikit-module.md).
@MainActor
public final class Action {
    /// An action's identity: adding an action with the identifier of one already added replaces it.
    public struct Identifier: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title (a menu's, or a button's made with ``Button/init(type:primaryAction:)``).
    public var title: String
    /// The action's image.
    public var image: Image?
    /// The action's identifier.
    public let identifier: Identifier
    /// The control that sent the action, while its handler runs.
    public private(set) weak var sender: AnyObject?
    private let handler: @MainActor (Action) -> Void

    /// An action that runs `handler` when performed.
    public init(
        title: String = "", image: Image? = nil, identifier: Identifier? = nil,
        handler: @escaping @MainActor (Action) -> Void
    ) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(rawValue: "action-\(Action.made)")
        self.handler = handler
        Action.made += 1
    }

    private static var made = 0

    /// Runs the handler with `sender` as the action's sender.
    func perform(sender: AnyObject?) {
        self.sender = sender
        defer { self.sender = nil }
        handler(self)
    }
}
