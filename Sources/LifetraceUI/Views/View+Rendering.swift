import Foundation

/// What UIKit would draw for a view. The runtime draws nothing: these are kept so that code
/// setting them runs unchanged and reads back what it set.
struct Rendering {
    var backgroundColor: Color?
    var tintColor: Color?
    var alpha: CGFloat = 1
    var tag = 0
    var clipsToBounds = false
    var isOpaque = true
    var isUserInteractionEnabled = true
    var contentMode: View.ContentMode = .scaleToFill
    var layer: Layer?
    var transform = CGAffineTransform.identity
    var accessibilityIdentifier: String?
    var accessibilityLabel: String?
    var isAccessibilityElement = false
}

extension View {
    /// How a view fits its content to its bounds (UIKit's `UIView.ContentMode`): kept, not drawn.
    public enum ContentMode: Int, Sendable, Hashable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    /// The colour behind the view's content (kept, not drawn).
    public var backgroundColor: Color? {
        get { rendering.backgroundColor }
        set { rendering.backgroundColor = newValue }
    }

    /// The tint of the view's controls: its own, or its superview's, or the system blue.
    public var tintColor: Color! {
        get { rendering.tintColor ?? superview?.tintColor ?? .systemBlue }
        set { rendering.tintColor = newValue }
    }

    /// The view's opacity, from 0 to 1 (kept, not drawn).
    public var alpha: CGFloat {
        get { rendering.alpha }
        set { rendering.alpha = min(max(newValue, 0), 1) }
    }

    /// A number that identifies the view among its superview's (``viewWithTag(_:)``).
    public var tag: Int {
        get { rendering.tag }
        set { rendering.tag = newValue }
    }

    /// Whether subviews are clipped to the bounds (kept, not drawn).
    public var clipsToBounds: Bool {
        get { rendering.clipsToBounds }
        set { rendering.clipsToBounds = newValue }
    }

    /// Whether the view is opaque (kept, not drawn).
    public var isOpaque: Bool {
        get { rendering.isOpaque }
        set { rendering.isOpaque = newValue }
    }

    /// Whether the view takes touches (kept: the runtime's taps are driven by code).
    public var isUserInteractionEnabled: Bool {
        get { rendering.isUserInteractionEnabled }
        set { rendering.isUserInteractionEnabled = newValue }
    }

    /// How the content fits the bounds (kept, not drawn).
    public var contentMode: ContentMode {
        get { rendering.contentMode }
        set { rendering.contentMode = newValue }
    }

    /// The view's layer: corner radius, border and shadow kept, not drawn. Made on first use.
    public var layer: Layer {
        if let layer = rendering.layer { return layer }
        let layer = Layer()
        rendering.layer = layer
        return layer
    }

    /// The centre of the frame, in the superview's coordinates.
    public var center: Point {
        get { Point(x: frame.midX, y: frame.midY) }
        set {
            let size = frame.size
            frame = Rect(origin: Point(x: newValue.x - size.width / 2, y: newValue.y - size.height / 2), size: size)
        }
    }

    /// The view's transform (kept: Auto Layout ignores transforms, as UIKit's does, and nothing is drawn).
    public var transform: CGAffineTransform {
        get { rendering.transform }
        set { rendering.transform = newValue }
    }

    /// The identifier UI tests find the view by (kept).
    public var accessibilityIdentifier: String? {
        get { rendering.accessibilityIdentifier }
        set { rendering.accessibilityIdentifier = newValue }
    }

    /// The label VoiceOver reads (kept).
    public var accessibilityLabel: String? {
        get { rendering.accessibilityLabel }
        set { rendering.accessibilityLabel = newValue }
    }

    /// Whether VoiceOver treats the view as one element (kept).
    public var isAccessibilityElement: Bool {
        get { rendering.isAccessibilityElement }
        set { rendering.isAccessibilityElement = newValue }
    }

    /// The run loop the view's work reports and schedules on: its window's, or the one turning.
    var hostRunLoop: MainRunLoop { window?.runLoop ?? MainRunLoop.current }

    /// The view itself, or the first view below it (depth first) whose ``tag`` is `tag`.
    public func viewWithTag(_ tag: Int) -> View? {
        var pending: [View] = [self]
        while let view = pending.popLast() {
            if view.tag == tag { return view }
            pending.append(contentsOf: view.subviews.reversed())
        }
        return nil
    }

    /// Resizes the view to ``sizeThatFits(_:)`` its current size, keeping its origin.
    public func sizeToFit() {
        frame = Rect(origin: frame.origin, size: sizeThatFits(bounds.size))
    }
}
