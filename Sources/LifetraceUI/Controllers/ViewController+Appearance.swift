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
    /// to the children (parent first), each child's branch before the next child, and the
    /// controller's `didBeginAppearance` after its branch. Returns `false` for a swallowed duplicate.
    /// Iterative: a hierarchy of any depth fits on the stack.
    @discardableResult
    func beginAppearance(_ appearing: Bool, animated: Bool) -> Bool {
        AppearanceVisit.withStack { pending in
            guard beginOwnAppearance(appearing, animated: animated, forwardingInto: &pending) else { return false }
            while let visit = pending.popLast() {
                switch visit {
                case .controller(let controller):
                    controller.beginOwnAppearance(appearing, animated: animated, forwardingInto: &pending)
                case .finish(let controller, let appearing, let animated):
                    controller.didBeginAppearance(appearing, animated: animated)
                }
            }
            return true
        }
    }

    /// This controller's part of ``beginAppearance(_:animated:)``: its state and callback, then
    /// its children and its `didBeginAppearance` queued on `pending`.
    @discardableResult
    private func beginOwnAppearance(_ appearing: Bool, animated: Bool, forwardingInto pending: inout [AppearanceVisit]) -> Bool {
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
        pending.append(.finish(self, appearing, animated: animated))
        if shouldAutomaticallyForwardAppearanceMethods {
            queueChildrenReceivingAppearance(on: &pending)
        }
        return true
    }

    /// Sends `viewDidAppear` or `viewDidDisappear` to close the transition begun before, then
    /// forwards to the children in a transition (parent first), and the controller's
    /// `didEndAppearance` after its branch. Returns `false` when no transition was open.
    /// Iterative: a hierarchy of any depth fits on the stack.
    @discardableResult
    func endAppearance() -> Bool {
        AppearanceVisit.withStack { pending in
            guard endOwnAppearance(forwardingInto: &pending) else { return false }
            while let visit = pending.popLast() {
                switch visit {
                case .controller(let controller):
                    // A child that is settled (appeared or disappeared) has nothing to end.
                    controller.endOwnAppearance(forwardingInto: &pending)
                case .finish(let controller, let appeared, let animated):
                    controller.didEndAppearance(appeared, animated: animated)
                }
            }
            return true
        }
    }

    /// This controller's part of ``endAppearance()``.
    @discardableResult
    private func endOwnAppearance(forwardingInto pending: inout [AppearanceVisit]) -> Bool {
        let animated = appearanceIsAnimated
        switch appearanceState {
        case .appearing:
            sendViewIsAppearingIfNeeded()
            appearanceState = .appeared
            withInterval(.viewDidAppear, animated: animated) { viewDidAppear(animated) }
        case .disappearing:
            appearanceState = .disappeared
            withInterval(.viewDidDisappear, animated: animated) { viewDidDisappear(animated) }
        case .appeared, .disappeared:
            return false
        }
        pending.append(.finish(self, appearanceState == .appeared, animated: animated))
        if shouldAutomaticallyForwardAppearanceMethods {
            queueChildrenReceivingAppearance(on: &pending)
        }
        return true
    }

    /// Sends `viewIsAppearing` once per appearance, when the view is in the hierarchy with its
    /// geometry and before layout; forwarded to the children (parent first, with a worklist).
    /// Apple: "By the time the system calls this method, both the view controller and its view
    /// have received updated trait collections and the view has accurate geometry": so a changed
    /// trait collection (`traitCollectionDidChange`) and safe area (`viewSafeAreaInsetsDidChange`,
    /// `viewLayoutMarginsDidChange`) are reported just before it.
    func sendViewIsAppearingIfNeeded() {
        guard appearanceState == .appearing, viewIsAppearingPending else { return }
        AppearanceVisit.withStack { pending in
            pending.append(.controller(self))
            while let visit = pending.popLast() {
                guard case .controller(let controller) = visit,
                    controller.appearanceState == .appearing, controller.viewIsAppearingPending
                else { continue }
                controller.viewIsAppearingPending = false
                // What viewIsAppearing may rely on: the traits, then the geometry (the safe area and
                // the margins that follow it), brought up to date first.
                if let view = controller.viewIfLoaded, let window = view.window {
                    controller.updateTraits(to: window.traitCollection)
                    controller.updateSafeAreaIfNeeded(of: view)
                }
                let animated = controller.appearanceIsAnimated
                controller.withInterval(.viewIsAppearing, animated: animated) { controller.viewIsAppearing(animated) }
                if controller.shouldAutomaticallyForwardAppearanceMethods {
                    controller.queueChildrenReceivingAppearance(on: &pending)
                }
            }
        }
    }

    /// Queues the children that receive appearance callbacks so that the first is visited first.
    fileprivate func queueChildrenReceivingAppearance(on pending: inout [AppearanceVisit]) {
        let children = childrenReceivingAppearance
        for child in children.reversed() { pending.append(.controller(child)) }
    }

    private func reportUnbalancedAppearance() {
        runLoop.report(
            Diagnostic(
                .warning,
                "Unbalanced calls to begin/end appearance transitions for \(description).", about: instrumentationSubject))
    }
}

/// A step of an appearance walk: a controller's own callback (and its children queued), or its
/// container hook once its branch is done.
enum AppearanceVisit {
    case controller(ViewController)
    /// The container hook, with the direction (appearing, or appeared) and animation of the walk.
    case finish(ViewController, Bool, animated: Bool)

    /// Runs `body` with the scratch stack appearance walks share, so a walk allocates nothing once
    /// one of its size has run. It is taken out while in use: a walk started from a callback of
    /// another finds it empty and makes its own.
    @MainActor
    static func withStack<R>(_ body: (inout [AppearanceVisit]) -> R) -> R {
        var pending: [AppearanceVisit] = []
        swap(&pending, &scratch)
        defer {
            pending.removeAll(keepingCapacity: true)
            swap(&pending, &scratch)
        }
        return body(&pending)
    }

    /// The scratch stack of ``withStack(_:)``.
    @MainActor private static var scratch: [AppearanceVisit] = []
}
