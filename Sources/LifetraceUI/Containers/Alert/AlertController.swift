import Foundation
import Lifetrace

/// An alert or action sheet (the runtime's `UIAlertController`): a controller presented with
/// ``ViewController/present(_:animated:completion:)`` that shows a title, a message, text fields
/// and actions.
///
/// It presents itself over the presenter without removing its view (`overFullScreen`, standing
/// for UIKit's custom alert presentation), so the presenter gets no appearance callbacks; the
/// alert's own callbacks are those of any presented controller. Selecting an action
/// (``select(_:)``, what a tap does) dismisses the alert, animated, then runs the action's handler
/// (an `alertActionHandler` event of the alert) once the alert's `viewDidDisappear` has run.
/// Misuse is a diagnostic on the run loop, as UIKit's exceptions and console messages: a second
/// cancel action, a text field on an action sheet, selecting an action that is not the alert's or
/// an alert that is not presented.
@MainActor
open class AlertController: ViewController {
    /// An alert in the middle of the screen, or an action sheet from the bottom (UIKit's
    /// `UIAlertController.Style`).
    public enum Style: Int, Sendable, Hashable, CaseIterable {
        /// A sheet of actions from the bottom of the screen.
        case actionSheet
        /// A modal alert.
        case alert
    }

    /// The alert's style, fixed when it is made.
    public private(set) var preferredStyle: Style = .alert
    /// The message below the title.
    public var message: String?
    /// The actions, in the order they were added.
    public private(set) var actions: [AlertAction] = []
    /// The action shown as the preferred one (it must be one of ``actions``).
    public var preferredAction: AlertAction? {
        didSet {
            guard let action = preferredAction, !actions.contains(where: { $0 === action }) else { return }
            runLoop.report(
                Diagnostic(
                    .error,
                    "The preferred action \(Self.describe(action)) of \(description) must be one of its actions; it was not added with addAction(_:)."
                ))
            preferredAction = oldValue
        }
    }
    /// The text fields, in the order they were added (`nil` when there are none, as in UIKit).
    public var textFields: [TextField]? { fields.isEmpty ? nil : fields }
    private var fields: [TextField] = []

    /// How long the alert's presentation and dismissal animate: those of any modal presentation.
    public static var transitionDuration: Double { modalTransitionDuration }

    /// Creates an alert (UIKit's `init(title:message:preferredStyle:)`), named by its type in traces.
    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
    }

    /// Creates an alert named `name` in traces.
    public convenience init(title: String?, message: String?, preferredStyle: Style, name: String?) {
        ViewController.nameNext(Self.self, name)
        self.init(title: title, message: message, preferredStyle: preferredStyle)
    }

    /// Creates an alert with no title or message; it presents itself over its presenter
    /// (`overFullScreen`) with a cross-dissolve.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }

    /// Alerts are made in code; a storyboard coder makes a plain alert.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        modalPresentationStyle = .overFullScreen
        modalTransitionStyle = .crossDissolve
    }

    /// Adds an action. A second action of style `cancel` is refused with UIKit's exception text
    /// (an error diagnostic), as is an action already added to an alert.
    public func addAction(_ action: AlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            runLoop.report(
                Diagnostic(
                    .error,
                    "UIAlertController can only have one action with a style of UIAlertActionStyleCancel (\(description) already has one; \(Self.describe(action)) was not added)."
                ))
            return
        }
        if let owner = action.alertController {
            runLoop.report(
                Diagnostic(
                    .error,
                    "The action \(Self.describe(action)) already belongs to \(owner.description); an action is added to one alert once."
                ))
            return
        }
        action.alertController = self
        actions.append(action)
    }

    /// Adds a text field (alerts only: an action sheet refuses it with UIKit's exception text);
    /// `configurationHandler` runs with it at once.
    public func addTextField(configurationHandler: (@MainActor (TextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            runLoop.report(
                Diagnostic(
                    .error,
                    "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert (\(description) is an action sheet)."
                ))
            return
        }
        let field = TextField(frame: Rect(x: 16, y: 0, width: 238, height: 30), identifier: "\(name).textField\(fields.count)")
        fields.append(field)
        configurationHandler?(field)
        if let view = viewIfLoaded { view.addSubview(field) }
    }

    /// The alert's view holds its text fields.
    open override func loadView() {
        super.loadView()
        for field in fields { view.addSubview(field) }
    }

    // MARK: Selecting an action (what a tap on its button does)

    /// The action titled `title`, if the alert has one (the first, when several share it).
    public func action(titled title: String) -> AlertAction? {
        actions.first { $0.title == title }
    }

    /// Selects `action` as a tap on its button does: the alert dismisses itself (animated), and the
    /// action's handler runs after the dismissal, once the alert's `viewDidDisappear` has run.
    ///
    /// Refused with an error diagnostic (nothing happens) when the action is not one of the
    /// alert's, when the alert is not presented, or while it is being presented or dismissed; a
    /// disabled action is a warning (its button does nothing).
    public func select(_ action: AlertAction) {
        guard actions.contains(where: { $0 === action }) else {
            runLoop.report(
                Diagnostic(
                    .error,
                    "\(Self.describe(action)) is not an action of \(description); only its own buttons can be tapped."))
            return
        }
        guard presentingStorage != nil else {
            runLoop.report(
                Diagnostic(
                    .error,
                    "\(description) is not presented; its action \(Self.describe(action)) cannot be selected."))
            return
        }
        guard !isBeingPresented, !isBeingDismissed else {
            runLoop.report(
                Diagnostic(
                    .error,
                    "\(description) is being \(isBeingPresented ? "presented" : "dismissed"); its actions can be selected once it has settled."
                ))
            return
        }
        guard action.isEnabled else {
            runLoop.report(
                Diagnostic(
                    .warning,
                    "The action \(Self.describe(action)) of \(description) is disabled: tapping it does nothing.",
                    about: instrumentationSubject))
            return
        }
        dismiss(animated: true) { [weak self, action] in
            guard let self else {
                action.handler?(action)
                return
            }
            self.withInterval(untyped: .alertActionHandler, text: action.title.flatMap { $0.isEmpty ? nil : $0 }) {
                action.handler?(action)
            }
        }
    }

    /// Selects the action titled `title` (``select(_:)``); an error diagnostic when there is none.
    public func select(title: String) {
        guard let action = action(titled: title) else {
            let titles = actions.compactMap(\.title)
            runLoop.report(
                Diagnostic(
                    .error,
                    "\(description) has no action titled \"\(title)\" (its actions: \(titles.isEmpty ? "none" : titles.joined(separator: ", ")))."
                ))
            return
        }
        select(action)
    }

    /// `"TITLE"`, or `an untitled action`, for messages.
    static func describe(_ action: AlertAction) -> String {
        action.title.map { "\"\($0)\"" } ?? "an untitled action"
    }
}
