/// The name of an instrumented callback or runtime interval, such as `viewWillAppear` or `layoutPass`.
///
/// Hooks are open: the well-known UIKit callbacks are predefined, and any runtime may name its own
/// (`Hook("collectionViewWillDisplayCell")`). The name is what appears in every sink, so keep it stable.
/// Well-known hooks also carry a small ``code``, their place in ``wellKnown``, so a sink can map a
/// hook to a table entry (an LTTng tracepoint) without comparing strings.
public struct Hook: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The hook's name as it appears in traces (`event` in JSON lines).
    public let name: String

    /// The hook's place in ``wellKnown``, or ``customCode`` for a hook of your own.
    public let code: UInt16

    /// The code of hooks that are not well known.
    public static let customCode: UInt16 = .max

    /// Creates a hook with the given name (a well-known name gets its code).
    public init(_ name: String) {
        self.name = name
        self.code = Self.codesByName[name] ?? Self.customCode
    }

    /// Creates a hook from a string literal, so `"viewDidLoad"` can stand for `.viewDidLoad`.
    public init(stringLiteral value: String) { self.init(value) }

    private init(wellKnown name: String, code: UInt16) {
        self.name = name
        self.code = code
    }

    /// Hooks are equal when their names are.
    public static func == (lhs: Hook, rhs: Hook) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The hook's name.
    public var description: String { name }

    private static let codesByName: [String: UInt16] = Dictionary(
        uniqueKeysWithValues: wellKnown.map { ($0.name, $0.code) })
}

extension Hook {
    // View loading.
    /// The controller creates its view.
    public static let loadView = Hook(wellKnown: "loadView", code: 0)
    /// The controller's view has been loaded.
    public static let viewDidLoad = Hook(wellKnown: "viewDidLoad", code: 1)

    // Appearance.
    /// The view is about to be added to a view hierarchy.
    public static let viewWillAppear = Hook(wellKnown: "viewWillAppear", code: 2)
    /// The view is in the hierarchy, with traits and geometry, and about to appear.
    public static let viewIsAppearing = Hook(wellKnown: "viewIsAppearing", code: 3)
    /// The view has appeared (after any animation).
    public static let viewDidAppear = Hook(wellKnown: "viewDidAppear", code: 4)
    /// The view is about to be removed from a view hierarchy.
    public static let viewWillDisappear = Hook(wellKnown: "viewWillDisappear", code: 5)
    /// The view has been removed (after any animation).
    public static let viewDidDisappear = Hook(wellKnown: "viewDidDisappear", code: 6)

    // Layout.
    /// The controller's view is about to lay out its subviews.
    public static let viewWillLayoutSubviews = Hook(wellKnown: "viewWillLayoutSubviews", code: 7)
    /// The controller's view has laid out its subviews.
    public static let viewDidLayoutSubviews = Hook(wellKnown: "viewDidLayoutSubviews", code: 8)
    /// The controller's constraints are being updated.
    public static let updateViewConstraints = Hook(wellKnown: "updateViewConstraints", code: 9)
    /// The safe-area insets of the controller's view changed.
    public static let viewSafeAreaInsetsDidChange = Hook(wellKnown: "viewSafeAreaInsetsDidChange", code: 10)
    /// The layout margins of the controller's view changed.
    public static let viewLayoutMarginsDidChange = Hook(wellKnown: "viewLayoutMarginsDidChange", code: 11)
    /// The container's size is about to change (`viewWillTransition(to:with:)`).
    public static let viewWillTransition = Hook(wellKnown: "viewWillTransition", code: 12)

    // System and containment.
    /// The system is low on memory.
    public static let didReceiveMemoryWarning = Hook(wellKnown: "didReceiveMemoryWarning", code: 13)
    /// The controller is about to be added to (or removed from) a parent.
    public static let willMove = Hook(wellKnown: "willMove", code: 14)
    /// The controller was added to (or removed from) a parent.
    public static let didMove = Hook(wellKnown: "didMove", code: 15)
    /// A segue is about to be performed; `target` is the destination.
    public static let prepareForSegue = Hook(wellKnown: "prepareForSegue", code: 16)
    /// The controller is being released.
    public static let deinitialize = Hook(wellKnown: "deinit", code: 17)

    // Navigation delegate, reported as the navigation controller's own events.
    /// The navigation controller is about to show `target`.
    public static let willShowViewController = Hook(wellKnown: "willShowViewController", code: 18)
    /// The navigation controller has shown `target`.
    public static let didShowViewController = Hook(wellKnown: "didShowViewController", code: 19)

    // Tab bar delegate, reported as the tab bar controller's own events.
    /// The tab bar controller asks whether `target`'s tab may be selected.
    public static let shouldSelectViewController = Hook(wellKnown: "shouldSelectViewController", code: 20)
    /// The tab bar controller selected `target`'s tab.
    public static let didSelectViewController = Hook(wellKnown: "didSelectViewController", code: 21)

    // Text editing (the text field delegate).
    /// A text field asks whether editing may begin.
    public static let textFieldShouldBeginEditing = Hook(wellKnown: "textFieldShouldBeginEditing", code: 22)
    /// A text field became first responder.
    public static let textFieldDidBeginEditing = Hook(wellKnown: "textFieldDidBeginEditing", code: 23)
    /// A text field asks whether editing may end.
    public static let textFieldShouldEndEditing = Hook(wellKnown: "textFieldShouldEndEditing", code: 24)
    /// A text field resigned first responder.
    public static let textFieldDidEndEditing = Hook(wellKnown: "textFieldDidEndEditing", code: 25)

    // Runtime intervals.
    /// One layout pass over a window; its `end` carries the number of views laid out.
    public static let layoutPass = Hook(wellKnown: "layoutPass", code: 26)
    /// One view-controller transition (push, pop, present, dismiss, tab switch); `target` is the incoming controller.
    public static let transition = Hook(wellKnown: "transition", code: 27)
    /// One step of a scenario; carries `index` and `text`.
    public static let scenarioStep = Hook(wellKnown: "scenario.step", code: 28)

    /// Every well-known hook, in ``code`` order. The LTTng provider (`tracepoints/hooks.def`)
    /// lists the same hooks in the same order; append new hooks at the end in both.
    public static let wellKnown: [Hook] = [
        .loadView,
        .viewDidLoad,
        .viewWillAppear,
        .viewIsAppearing,
        .viewDidAppear,
        .viewWillDisappear,
        .viewDidDisappear,
        .viewWillLayoutSubviews,
        .viewDidLayoutSubviews,
        .updateViewConstraints,
        .viewSafeAreaInsetsDidChange,
        .viewLayoutMarginsDidChange,
        .viewWillTransition,
        .didReceiveMemoryWarning,
        .willMove,
        .didMove,
        .prepareForSegue,
        .deinitialize,
        .willShowViewController,
        .didShowViewController,
        .shouldSelectViewController,
        .didSelectViewController,
        .textFieldShouldBeginEditing,
        .textFieldDidBeginEditing,
        .textFieldShouldEndEditing,
        .textFieldDidEndEditing,
        .layoutPass,
        .transition,
        .scenarioStep,
    ]
}
