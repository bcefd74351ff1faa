import Foundation

/// A spinner (UIKit's `UIActivityIndicatorView`): 20 points square in the medium style, 37 in the
/// large one; hidden while stopped unless ``hidesWhenStopped`` is `false`.
@MainActor
open class ActivityIndicatorView: View {
    /// The spinner's size family (UIKit's `UIActivityIndicatorView.Style`).
    public enum Style: Int, Sendable, Hashable {
        case medium = 100
        case large = 101
    }

    /// The style; it sets the size.
    public var style: Style = .medium {
        didSet { if style != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// Whether the spinner hides while stopped.
    public var hidesWhenStopped = true {
        didSet { if hidesWhenStopped && !isAnimating { isHidden = true } }
    }
    /// The colour (kept, not drawn).
    public var color: Color!
    /// Whether it spins.
    public private(set) var isAnimating = false

    /// A spinner of a style, stopped (so hidden).
    public convenience init(style: Style) {
        self.init(frame: .zero)
        self.style = style
        isHidden = true
    }

    /// Starts spinning (and shows the spinner).
    public func startAnimating() {
        isAnimating = true
        isHidden = false
    }

    /// Stops spinning (and hides it when ``hidesWhenStopped``).
    public func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
    }

    private var side: CGFloat { style == .large ? 37 : 20 }
    /// The style's square.
    open override var intrinsicContentSize: Size { Size(width: side, height: side) }
    /// The style's square.
    open override func sizeThatFits(_ size: Size) -> Size { Size(width: side, height: side) }
}
