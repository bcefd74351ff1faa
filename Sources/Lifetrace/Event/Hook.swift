/// The name of an instrumented callback or runtime interval, such as `viewWillAppear` or `layoutPass`.
///
/// Hooks are open: the well-known UIKit callbacks are predefined, and any runtime may name its own
/// (`Hook("collectionViewWillDisplayCell")`). The name is what appears in every sink, so keep it stable.
///
/// A hook is a small number: a well-known hook's ``code`` is its place in ``wellKnown`` (the LTTng
/// provider's table follows the same order); a hook of your own gets the next free number when its
/// name is first seen. So passing a hook costs nothing, and a sink maps it to a table entry without
/// comparing strings.
public struct Hook: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The hook's number: its place in ``wellKnown``, or the number its name was given.
    public let code: UInt32

    @usableFromInline
    init(code: UInt32) { self.code = code }

    /// Creates the hook of a name (a well-known name gives the well-known hook).
    public init(_ name: String) { self.code = HookNames.code(of: name) }

    /// Creates a hook from a string literal, so `"viewDidLoad"` can stand for `.viewDidLoad`.
    public init(stringLiteral value: String) { self.init(value) }

    /// The hook's name as it appears in traces (`event` in JSON lines).
    public var name: String { HookNames.name(of: code) }

    /// Whether the hook is one of ``wellKnown`` (not one of your own).
    @inlinable
    public var isWellKnown: Bool { code < HookNames.wellKnownCount }

    /// The hook's name.
    public var description: String { name }
}

extension Hook {
    // View loading.
    /// The controller creates its view.
    @inlinable public static var loadView: Hook { Hook(code: 0) }
    /// The controller's view has been loaded.
    @inlinable public static var viewDidLoad: Hook { Hook(code: 1) }

    // Appearance.
    /// The view is about to be added to a view hierarchy.
    @inlinable public static var viewWillAppear: Hook { Hook(code: 2) }
    /// The view is in the hierarchy, with traits and geometry, and about to appear.
    @inlinable public static var viewIsAppearing: Hook { Hook(code: 3) }
    /// The view has appeared (after any animation).
    @inlinable public static var viewDidAppear: Hook { Hook(code: 4) }
    /// The view is about to be removed from a view hierarchy.
    @inlinable public static var viewWillDisappear: Hook { Hook(code: 5) }
    /// The view has been removed (after any animation).
    @inlinable public static var viewDidDisappear: Hook { Hook(code: 6) }

    // Layout.
    /// The controller's view is about to lay out its subviews.
    @inlinable public static var viewWillLayoutSubviews: Hook { Hook(code: 7) }
    /// The controller's view has laid out its subviews.
    @inlinable public static var viewDidLayoutSubviews: Hook { Hook(code: 8) }
    /// The controller's constraints are being updated.
    @inlinable public static var updateViewConstraints: Hook { Hook(code: 9) }
    /// The safe-area insets of the controller's view changed.
    @inlinable public static var viewSafeAreaInsetsDidChange: Hook { Hook(code: 10) }
    /// The layout margins of the controller's view changed.
    @inlinable public static var viewLayoutMarginsDidChange: Hook { Hook(code: 11) }
    /// The container's size is about to change (`viewWillTransition(to:with:)`).
    @inlinable public static var viewWillTransition: Hook { Hook(code: 12) }

    // System and containment.
    /// The system is low on memory.
    @inlinable public static var didReceiveMemoryWarning: Hook { Hook(code: 13) }
    /// The controller is about to be added to (or removed from) a parent.
    @inlinable public static var willMove: Hook { Hook(code: 14) }
    /// The controller was added to (or removed from) a parent.
    @inlinable public static var didMove: Hook { Hook(code: 15) }
    /// A segue is about to be performed; `target` is the destination.
    @inlinable public static var prepareForSegue: Hook { Hook(code: 16) }
    /// The controller is being released.
    @inlinable public static var deinitialize: Hook { Hook(code: 17) }

    // Navigation delegate, reported as the navigation controller's own events.
    /// The navigation controller is about to show `target`.
    @inlinable public static var willShowViewController: Hook { Hook(code: 18) }
    /// The navigation controller has shown `target`.
    @inlinable public static var didShowViewController: Hook { Hook(code: 19) }

    // Tab bar delegate, reported as the tab bar controller's own events.
    /// The tab bar controller asks whether `target`'s tab may be selected.
    @inlinable public static var shouldSelectViewController: Hook { Hook(code: 20) }
    /// The tab bar controller selected `target`'s tab.
    @inlinable public static var didSelectViewController: Hook { Hook(code: 21) }

    // Text editing (the text field delegate).
    /// A text field asks whether editing may begin.
    @inlinable public static var textFieldShouldBeginEditing: Hook { Hook(code: 22) }
    /// A text field became first responder.
    @inlinable public static var textFieldDidBeginEditing: Hook { Hook(code: 23) }
    /// A text field asks whether editing may end.
    @inlinable public static var textFieldShouldEndEditing: Hook { Hook(code: 24) }
    /// A text field resigned first responder.
    @inlinable public static var textFieldDidEndEditing: Hook { Hook(code: 25) }

    // Runtime intervals.
    /// One layout pass over a window; its `end` carries the number of views laid out.
    @inlinable public static var layoutPass: Hook { Hook(code: 26) }
    /// One view-controller transition (push, pop, present, dismiss, tab switch); `target` is the incoming controller.
    @inlinable public static var transition: Hook { Hook(code: 27) }
    /// One step of a scenario; carries `index` and `text`.
    @inlinable public static var scenarioStep: Hook { Hook(code: 28) }

    /// Every well-known hook, in ``code`` order. The LTTng provider (`tracepoints/hooks.def`)
    /// lists the same hooks in the same order; append new hooks at the end of both (and of
    /// `HookNames.wellKnown`).
    public static let wellKnown: [Hook] = (0..<HookNames.wellKnownCount).map { Hook(code: $0) }
}
