import Foundation

extension View {
    /// How an animation runs (UIKit's `UIView.AnimationOptions`): kept; the runtime animates
    /// nothing but time.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// iOS 26: pending updates (observed changes, traits, properties, constraints, layout) are
        /// flushed before the animations block and again after it, so the block animates exactly
        /// the changes it makes.
        public static let flushUpdates = AnimationOptions(rawValue: 1 << 29)
    }

    /// An animation's timing curve (UIKit's `UIView.AnimationCurve`): kept.
    public enum AnimationCurve: Int, Sendable, Hashable { case easeInOut, easeIn, easeOut, linear }

    /// Options of a keyframe animation (UIKit's `UIView.KeyframeAnimationOptions`): kept.
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
    }

    /// A keyframe animation: `animations` (which adds keyframes with
    /// ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``) runs now, every
    /// keyframe's block with it, in order; `completion` after `delay + duration`.
    public static func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: delay, options: [], animations: animations, completion: completion)
    }

    /// A keyframe of the keyframe animation being made: its block runs now.
    public static func addKeyframe(
        withRelativeStartTime start: Double, relativeDuration: Double, animations: @escaping @MainActor () -> Void
    ) {
        animations()
    }

    /// Animates changes as UIKit does for the code around it (`UIView.animate(withDuration:…)`):
    /// `animations` runs now (the views take their final values at once, as the model layer does),
    /// and `completion` runs with `true` when `delay + duration` have passed on the current run
    /// loop (``MainRunLoop/current``), at once when the total is zero.
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        if options.contains(.flushUpdates) {
            MainRunLoop.flushUpdates()
            animations()
            MainRunLoop.flushUpdates()
        } else {
            animations()
        }
        guard let completion else { return }
        let total = max(0, duration) + max(0, delay)
        MainRunLoop.current.afterAnimation(total > 0, duration: total) { completion(true) }
    }

    /// Animates changes over `duration` seconds, then runs `completion`.
    public static func animate(
        withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates changes with a spring (the spring's shape is kept; timing as ``animate(withDuration:delay:options:animations:completion:)``).
    public static func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// A transition of `view`'s content (UIKit's `transition(with:duration:options:animations:completion:)`).
    public static func transition(
        with view: View, duration: TimeInterval, options: AnimationOptions = [],
        animations: (@MainActor () -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: options, animations: animations ?? {}, completion: completion)
    }

    /// Runs `actions` without animation: at once, as everything here.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        actions()
    }
}
