/// The name of an instrumented callback or runtime interval, such as `viewWillAppear` or `layoutPass`.
///
/// Hooks are open: the well-known UIKit callbacks are predefined, and any runtime may name its own
/// (`Hook("collectionViewWillDisplayCell")`). The name is what appears in every sink, so keep it stable.
public struct Hook: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The hook's name as it appears in traces (`event` in JSON lines).
    public let name: String

    /// Creates a hook with the given name.
    @inlinable
    public init(_ name: String) { self.name = name }

    /// Creates a hook from a string literal, so `"viewDidLoad"` can stand for `.viewDidLoad`.
    @inlinable
    public init(stringLiteral value: String) { self.name = value }

    /// The hook's name.
    public var description: String { name }
}

extension Hook {
    // View loading.
    /// The controller creates its view.
    public static let loadView: Hook = "loadView"
    /// The controller's view has been loaded.
    public static let viewDidLoad: Hook = "viewDidLoad"

    // Appearance.
    /// The view is about to be added to a view hierarchy.
    public static let viewWillAppear: Hook = "viewWillAppear"
    /// The view is in the hierarchy, with traits and geometry, and about to appear.
    public static let viewIsAppearing: Hook = "viewIsAppearing"
    /// The view has appeared (after any animation).
    public static let viewDidAppear: Hook = "viewDidAppear"
    /// The view is about to be removed from a view hierarchy.
    public static let viewWillDisappear: Hook = "viewWillDisappear"
    /// The view has been removed (after any animation).
    public static let viewDidDisappear: Hook = "viewDidDisappear"

    // Layout.
    /// The controller's view is about to lay out its subviews.
    public static let viewWillLayoutSubviews: Hook = "viewWillLayoutSubviews"
    /// The controller's view has laid out its subviews.
    public static let viewDidLayoutSubviews: Hook = "viewDidLayoutSubviews"
    /// The controller's constraints are being updated.
    public static let updateViewConstraints: Hook = "updateViewConstraints"
    /// The safe-area insets of the controller's view changed.
    public static let viewSafeAreaInsetsDidChange: Hook = "viewSafeAreaInsetsDidChange"
    /// The layout margins of the controller's view changed.
    public static let viewLayoutMarginsDidChange: Hook = "viewLayoutMarginsDidChange"
    /// The container's size is about to change (`viewWillTransition(to:with:)`).
    public static let viewWillTransition: Hook = "viewWillTransition"

    // System and containment.
    /// The system is low on memory.
    public static let didReceiveMemoryWarning: Hook = "didReceiveMemoryWarning"
    /// The controller is about to be added to (or removed from) a parent.
    public static let willMove: Hook = "willMove"
    /// The controller was added to (or removed from) a parent.
    public static let didMove: Hook = "didMove"
    /// A segue is about to be performed; `target` is the destination.
    public static let prepareForSegue: Hook = "prepareForSegue"
    /// The controller is being released.
    public static let deinitialize: Hook = "deinit"

    // Navigation delegate, reported as the navigation controller's own events.
    /// The navigation controller is about to show `target`.
    public static let willShowViewController: Hook = "willShowViewController"
    /// The navigation controller has shown `target`.
    public static let didShowViewController: Hook = "didShowViewController"

    // Tab bar delegate, reported as the tab bar controller's own events.
    /// The tab bar controller asks whether `target`'s tab may be selected.
    public static let shouldSelectViewController: Hook = "shouldSelectViewController"
    /// The tab bar controller selected `target`'s tab.
    public static let didSelectViewController: Hook = "didSelectViewController"

    // Text editing (the text field delegate).
    /// A text field asks whether editing may begin.
    public static let textFieldShouldBeginEditing: Hook = "textFieldShouldBeginEditing"
    /// A text field became first responder.
    public static let textFieldDidBeginEditing: Hook = "textFieldDidBeginEditing"
    /// A text field asks whether editing may end.
    public static let textFieldShouldEndEditing: Hook = "textFieldShouldEndEditing"
    /// A text field resigned first responder.
    public static let textFieldDidEndEditing: Hook = "textFieldDidEndEditing"

    // Runtime intervals.
    /// One layout pass over a window; its `end` carries the number of views laid out.
    public static let layoutPass: Hook = "layoutPass"
    /// One view-controller transition (push, pop, present, dismiss, tab switch); `target` is the incoming controller.
    public static let transition: Hook = "transition"
    /// One step of a scenario; carries `index` and `text`.
    public static let scenarioStep: Hook = "scenario.step"
}
