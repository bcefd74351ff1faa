/// A button of an alert or action sheet (the runtime's `UIAlertAction`): its title, style and the
/// handler that runs when the user selects it.
///
/// The handler runs after the alert has dismissed itself (after the alert's `viewDidDisappear`),
/// as UIKit's does: docs/uikit-containers.md gives the sources.
@MainActor
public final class AlertAction {
    /// How the button looks and what it means (UIKit's `UIAlertAction.Style`).
    public enum Style: Int, Sendable, Hashable, CaseIterable {
        /// The default style.
        case `default`
        /// An action that cancels and leaves things unchanged (one per alert).
        case cancel
        /// An action that might change or delete data.
        case destructive
    }

    /// The button's title.
    public let title: String?
    /// The button's style.
    public let style: Style
    /// Whether the user can select the action (a disabled button does nothing when tapped).
    public var isEnabled = true
    /// What runs when the action is selected.
    let handler: ((AlertAction) -> Void)?
    /// The alert the action was added to.
    weak var alertController: AlertController?

    /// Creates an action with a title, a style and a handler (UIKit's `init(title:style:handler:)`).
    public init(title: String?, style: Style, handler: ((AlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
