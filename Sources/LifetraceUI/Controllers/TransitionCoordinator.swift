/// What a controller learns about a size transition in `viewWillTransition(to:with:)`: its
/// duration, and a way to run code alongside it and after it (UIKit's
/// `UIViewControllerTransitionCoordinator`).
@MainActor
public final class TransitionCoordinator {
    /// How long the transition's animation lasts, in seconds.
    public let transitionDuration: Double
    /// Whether the transition is animated.
    public let isAnimated: Bool
    private var alongside: [@MainActor () -> Void] = []
    private var completions: [@MainActor () -> Void] = []
    /// Whether a walk of `viewWillTransition(to:with:)` calls runs, and the controllers the
    /// current callback forwarded to (the walk sends them theirs next).
    var isForwarding = false
    var forwarded: [ViewController] = []

    init(transitionDuration: Double, isAnimated: Bool) {
        self.transitionDuration = transitionDuration
        self.isAnimated = isAnimated
    }

    /// Runs `animation` with the transition and `completion` after it.
    public func animate(alongsideTransition animation: (@MainActor () -> Void)?, completion: (@MainActor () -> Void)? = nil) {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
    }

    func runAlongside() {
        let blocks = alongside
        alongside.removeAll()
        for block in blocks { block() }
    }

    func complete() {
        let blocks = completions
        completions.removeAll()
        for block in blocks { block() }
    }
}
