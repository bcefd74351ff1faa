import Lifetrace

extension ViewController {
    /// Tells the controller its view is about to appear or disappear: for containers that forward
    /// appearance by hand (``shouldAutomaticallyForwardAppearanceMethods`` returning `false`).
    /// A second begin in the same direction is reported as unbalanced and ignored.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        if !beginAppearance(isAppearing, animated: animated) {
            reportUnbalancedAppearance()
        }
    }

    /// Tells the controller its view finished appearing or disappearing. Without a matching
    /// ``beginAppearanceTransition(_:animated:)`` it is reported as unbalanced and ignored.
    public func endAppearanceTransition() {
        if !endAppearance() {
            reportUnbalancedAppearance()
        }
    }

    /// Sends `viewWillAppear` or `viewWillDisappear` if the state machine allows it, then forwards
    /// to the children (parent first). Returns `false` for a swallowed duplicate.
    @discardableResult
    func beginAppearance(_ appearing: Bool, animated: Bool) -> Bool {
        switch (appearanceState, appearing) {
        case (.disappeared, true), (.disappearing, true):
            appearanceState = .appearing
            appearanceIsAnimated = animated
            viewIsAppearingPending = true
            loadViewIfNeeded()
            prepareForAppearance()
            withInterval(.viewWillAppear, animated: animated) { viewWillAppear(animated) }
        case (.appeared, false), (.appearing, false):
            appearanceState = .disappearing
            appearanceIsAnimated = animated
            viewIsAppearingPending = false
            withInterval(.viewWillDisappear, animated: animated) { viewWillDisappear(animated) }
        case (.appearing, true), (.appeared, true), (.disappearing, false), (.disappeared, false):
            return false
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childrenReceivingAppearance {
                child.beginAppearance(appearing, animated: animated)
            }
        }
        didBeginAppearance(appearing, animated: animated)
        return true
    }

    /// Sends `viewDidAppear` or `viewDidDisappear` to close the transition begun before, then
    /// forwards to the children (parent first). Returns `false` when no transition was open.
    @discardableResult
    func endAppearance() -> Bool {
        let animated = appearanceIsAnimated
        let appeared: Bool
        switch appearanceState {
        case .appearing:
            sendViewIsAppearingIfNeeded()
            appearanceState = .appeared
            appeared = true
            withInterval(.viewDidAppear, animated: animated) { viewDidAppear(animated) }
        case .disappearing:
            appearanceState = .disappeared
            appeared = false
            withInterval(.viewDidDisappear, animated: animated) { viewDidDisappear(animated) }
        case .appeared, .disappeared:
            return false
        }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childrenReceivingAppearance
            where child.appearanceState == .appearing || child.appearanceState == .disappearing {
                child.endAppearance()
            }
        }
        didEndAppearance(appeared, animated: animated)
        return true
    }

    /// Sends `viewIsAppearing` once per appearance, when the view is in the hierarchy with its
    /// geometry and before layout; forwarded to the children.
    func sendViewIsAppearingIfNeeded() {
        guard appearanceState == .appearing, viewIsAppearingPending else { return }
        viewIsAppearingPending = false
        let animated = appearanceIsAnimated
        withInterval(.viewIsAppearing, animated: animated) { viewIsAppearing(animated) }
        if shouldAutomaticallyForwardAppearanceMethods {
            for child in childrenReceivingAppearance { child.sendViewIsAppearingIfNeeded() }
        }
    }

    private func reportUnbalancedAppearance() {
        runLoop.report(Diagnostic(.warning, "Unbalanced calls to begin/end appearance transitions for \(description)."))
    }
}
