import Foundation

/// A view's backing layer (Core Animation's `CALayer`): what it would draw with, kept and not
/// drawn, so code that rounds corners or adds a border or shadow runs unchanged.
@MainActor
public final class Layer {
    /// The radius of the rounded corners.
    public var cornerRadius: CGFloat = 0
    /// Whether sublayers are clipped to the bounds (a view's ``View/clipsToBounds``).
    public var masksToBounds = false
    /// The width of the border.
    public var borderWidth: CGFloat = 0
    /// The colour of the border.
    public var borderColor: Color?
    /// The opacity of the shadow.
    public var shadowOpacity: Float = 0
    /// The blur radius of the shadow.
    public var shadowRadius: CGFloat = 3
    /// The offset of the shadow.
    public var shadowOffset = Size(width: 0, height: -3)
    /// The colour of the shadow.
    public var shadowColor: Color? = .black
    /// The opacity of the layer.
    public var opacity: Float = 1
    /// The point the layer rotates and scales about, in unit coordinates (kept).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// The anchor point's position in the superlayer (kept).
    public var position = Point.zero
    /// The animations added, by key (kept, never run: their effects are not modelled).
    public private(set) var animations: [String: AnyObject] = [:]

    /// Adds an animation (kept).
    public func add(_ animation: AnyObject, forKey key: String?) {
        animations[key ?? "animation-\(animations.count)"] = animation
    }
    /// Removes an animation.
    public func removeAnimation(forKey key: String) { animations[key] = nil }
    /// Removes every animation.
    public func removeAllAnimations() { animations.removeAll() }
    /// The keys of the animations added.
    public func animationKeys() -> [String]? { animations.isEmpty ? nil : Array(animations.keys) }

    init() {}
}
