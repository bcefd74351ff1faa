/// How a presented controller covers its presenter (UIKit's `UIModalPresentationStyle`).
public enum ModalPresentationStyle: String, Sendable, Hashable, CaseIterable {
    /// Covers the screen; the presenter's view is removed, so it gets disappearance callbacks.
    case fullScreen
    /// Covers the presenting context's view, which is removed (callbacks, like `fullScreen`).
    case currentContext
    /// A card over the presenter (iOS 13+); the presenter stays in the hierarchy and silent.
    case pageSheet
    /// A centred card (iOS 13+); the presenter stays in the hierarchy and silent.
    case formSheet
    /// Covers the screen while the presenter stays in the hierarchy and silent.
    case overFullScreen
    /// Covers the presenting context while the presenter stays in the hierarchy and silent.
    case overCurrentContext

    /// Whether the presentation covers only the presentation context (the nearest controller that
    /// defines one), not the whole window.
    public var coversPresentationContextOnly: Bool {
        self == .currentContext || self == .overCurrentContext
    }

    /// Whether the presenter's view leaves the window, so the presenter gets appearance callbacks.
    /// Whether the style is a sheet the user can swipe down (`pageSheet`, `formSheet`).
    public var isSheet: Bool { self == .pageSheet || self == .formSheet }

    public var removesPresenterView: Bool {
        switch self {
        case .fullScreen, .currentContext: true
        case .pageSheet, .formSheet, .overFullScreen, .overCurrentContext: false
        }
    }
}

/// The animation of a modal presentation (UIKit's `UIModalTransitionStyle`). The runtime does not
/// draw it: it names it in the presentation's `transition` interval, after the presentation style.
public enum ModalTransitionStyle: String, Sendable, Hashable, CaseIterable {
    /// The presented view slides up from the bottom (the default).
    case coverVertical
    /// The views flip horizontally.
    case flipHorizontal
    /// The views cross-fade.
    case crossDissolve
    /// The presenter's view curls up (full-screen presentations only).
    case partialCurl
}
