import Foundation

/// An animation object (UIKit's `UIViewPropertyAnimator`): its animation blocks run when it
/// starts (the views take their final values at once, as the model layer does), its completions
/// when its duration has passed on the current run loop; ``stopAnimation(_:)`` ends it early.
@MainActor
public final class ViewPropertyAnimator {
    /// Where an animator stands (UIKit's `UIViewAnimatingState`).
    public enum State: Int, Sendable, Hashable { case inactive, active, stopped }
    /// Where an animation ended (UIKit's `UIViewAnimatingPosition`).
    public enum Position: Int, Sendable, Hashable { case end, start, current }

    /// How long it runs, in seconds.
    public let duration: TimeInterval
    /// Its timing curve (kept).
    public let curve: View.AnimationCurve
    /// Where it stands.
    public private(set) var state: State = .inactive
    /// Whether it runs.
    public private(set) var isRunning = false
    /// Kept: interruption and reversal are not modelled.
    public var isInterruptible = true
    public var isReversed = false
    public var fractionComplete: CGFloat = 0

    private var animations: [@MainActor () -> Void] = []
    private var completions: [@MainActor (Position) -> Void] = []
    private var generation = 0

    /// An animator of `duration` seconds along `curve`.
    public init(duration: TimeInterval, curve: View.AnimationCurve, animations: (@MainActor () -> Void)? = nil) {
        self.duration = duration
        self.curve = curve
        if let animations { self.animations.append(animations) }
    }

    /// An animator with a spring (its shape kept).
    public convenience init(duration: TimeInterval, dampingRatio: CGFloat, animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, curve: .easeInOut, animations: animations)
    }

    /// Adds animations (run at the start, or now when it runs).
    public func addAnimations(_ animation: @escaping @MainActor () -> Void) {
        if isRunning { animation() } else { animations.append(animation) }
    }

    /// Adds a completion.
    public func addCompletion(_ completion: @escaping @MainActor (Position) -> Void) {
        completions.append(completion)
    }

    /// Starts: the animations run now, the completions when the duration has passed.
    public func startAnimation() { startAnimation(afterDelay: 0) }

    /// Starts after a delay (the animations still apply at once; the end comes later).
    public func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped, !isRunning else { return }
        state = .active
        isRunning = true
        let blocks = animations
        animations.removeAll()
        for block in blocks { block() }
        generation += 1
        let started = generation
        MainRunLoop.current.schedule(after: max(0, delay) + max(0, duration)) { [weak self] in
            guard let self, self.generation == started, self.isRunning else { return }
            self.finish(at: .end)
        }
    }

    /// Pauses (kept: the end still comes when started again).
    public func pauseAnimation() {
        state = .active
        isRunning = false
    }

    /// Stops now; without finishing, the completions never run (as UIKit's).
    public func stopAnimation(_ withoutFinishing: Bool) {
        isRunning = false
        generation += 1
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { completions.removeAll() }
    }

    /// Finishes a stopped animator at `position`: the completions run.
    public func finishAnimation(at position: Position) { finish(at: position) }

    private func finish(at position: Position) {
        isRunning = false
        state = .inactive
        fractionComplete = position == .end ? 1 : 0
        let blocks = completions
        completions.removeAll()
        for block in blocks { block(position) }
    }
}
