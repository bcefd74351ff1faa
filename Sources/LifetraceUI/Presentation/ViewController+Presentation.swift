import Lifetrace

/// How long a modal presentation or dismissal animates, in seconds.
let modalTransitionDuration = 0.5

extension ViewController {
    /// Presents `controller` modally over this controller's context, in its
    /// ``modalPresentationStyle``. The presented controller's `viewDidAppear` comes first at the
    /// end, then the presenter's `viewDidDisappear`; styles that keep the presenter's view
    /// (sheets, `over…`) leave the presenter silent.
    public func present(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        let style = controller.modalPresentationStyle
        let presenter = presentationContext(for: style)
        let presenterInFlight = presenter.isBeingPresented || presenter.isBeingDismissed
        if let current = presenter.presentedStorage ?? (presenterInFlight ? presenter : nil) {
            // A presentation or dismissal still animating (the presenter's own, or of what it
            // presents) is "in progress"; a settled one is "already presenting" (UIKit's two
            // console messages). Either way nothing is presented and the completion never runs.
            let inFlight = presenterInFlight || current.isBeingPresented || current.isBeingDismissed
            runLoop.report(
                Diagnostic(
                    .warning,
                    "Attempt to present \(controller.description) on \(presenter.description) (from \(description)) "
                        + (inFlight
                            ? "while a presentation is in progress." : "which is already presenting \(current.description)."),
                    about: instrumentationSubject))
            return
        }
        if let refusal = presentationRefusal(of: controller, on: presenter) {
            runLoop.report(Diagnostic(.error, refusal))
            return
        }
        guard let window = presenter.window, presenter.appearanceState != .disappeared else {
            runLoop.report(
                Diagnostic(
                    .warning,
                    "Attempt to present \(controller.description) on \(presenter.description) whose view is not in the window hierarchy."
                ))
            return
        }
        controller.loadViewIfNeeded()
        let animation =
            presenter.providesPresentationContextTransitionStyle && style.coversPresentationContextOnly
            ? presenter.modalTransitionStyle : controller.modalTransitionStyle
        let transition = presenter.beginTransition(.present(style, animation), to: controller, animated: animated)
        presenter.presentedStorage = controller
        controller.presentingStorage = presenter
        controller.isBeingPresented = true
        if style.removesPresenterView { presenter.beginAppearance(false, animated: animated) }
        controller.beginAppearance(true, animated: animated)
        let presentedView = controller.view
        presentedView.frame = style.coversPresentationContextOnly ? presenter.view.frameInWindow : window.bounds
        presentedView.autoresizingMask = .flexibleSize
        window.addSubview(presentedView)
        controller.sendViewIsAppearingIfNeeded()

        let finish: @MainActor () -> Void = {
            controller.endAppearance()
            if style.removesPresenterView {
                if let covered = presenter.viewIfLoaded, let superview = covered.superview {
                    controller.coveredSuperview = superview
                    controller.coveredIndex = superview.subviews.firstIndex { $0 === covered } ?? 0
                }
                presenter.viewIfLoaded?.removeFromSuperview()
                presenter.endAppearance()
            }
            controller.isBeingPresented = false
            presenter.endInterval(transition)
            completion?()
        }
        runLoop.afterAnimation(animated, duration: modalTransitionDuration, finish)
    }

    /// Dismisses what this controller presents, or, when it presents nothing, this controller
    /// itself. Controllers presented above the dismissed one go with it. The revealed
    /// controller's `viewDidAppear` comes first at the end, then the dismissed one's `viewDidDisappear`.
    public func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        guard let presenter = dismissingPresenter else {
            runLoop.report(
                Diagnostic(
                    .warning,
                    "Attempt to dismiss from \(description), which presents nothing and is not presented.",
                    about: instrumentationSubject))
            completion?()
            return
        }
        guard let dismissed = presenter.presentedStorage else { return }
        var chain = [dismissed]
        while let next = chain.last?.presentedStorage { chain.append(next) }
        if chain.contains(where: { $0.isBeingPresented || $0.isBeingDismissed }) {
            runLoop.report(
                Diagnostic(
                    .warning,
                    "Attempt to dismiss from view controller \(description) while a presentation or dismiss is in progress!",
                    about: instrumentationSubject))
            return
        }
        let top = chain.last!
        let revealsPresenter = chain.first!.modalPresentationStyle.removesPresenterView
        let transition = presenter.beginTransition(.dismiss, to: presenter, animated: animated)
        for controller in chain { controller.isBeingDismissed = true }
        for controller in chain.reversed() where controller.appearanceState != .disappeared {
            controller.beginAppearance(false, animated: animated && controller === top)
        }
        if revealsPresenter, let window = presenter.window ?? top.window {
            presenter.beginAppearance(true, animated: animated)
            let view = presenter.view
            if view.superview == nil {
                if let superview = dismissed.coveredSuperview, superview !== window {
                    superview.insertSubview(view, at: dismissed.coveredIndex)
                } else {
                    view.frame = window.bounds
                    view.autoresizingMask = .flexibleSize
                    window.insertSubview(view, belowSubview: dismissed.view)
                }
            }
            presenter.sendViewIsAppearingIfNeeded()
        }

        let finish: @MainActor () -> Void = {
            if revealsPresenter { presenter.endAppearance() }
            for controller in chain.reversed() {
                controller.viewIfLoaded?.removeFromSuperview()
                controller.endAppearance()
                controller.isBeingDismissed = false
                controller.presentingStorage?.presentedStorage = nil
                controller.presentingStorage = nil
            }
            presenter.endInterval(transition)
            completion?()
        }
        runLoop.afterAnimation(animated, duration: modalTransitionDuration, finish)
    }
}

extension ViewController {
    /// Why `controller` cannot be presented on `presenter`, in the words of UIKit's exception, or
    /// `nil` when it can. Checked before anything changes, in constant time: a controller that is
    /// presented, presents, has a parent or is on screen is refused, so the presentation chain
    /// never closes on itself (a cycle would make `dismiss` and the hierarchy walks endless).
    func presentationRefusal(of controller: ViewController, on presenter: ViewController) -> String? {
        if let presenting = controller.presentingStorage {
            return
                "Application tried to present modally a view controller \(controller.description) that is already being presented by \(presenting.description)."
        }
        if let parent = controller.parent {
            return
                "Application tried to present modally a view controller \(controller.description) that has a parent view controller \(parent.description)."
        }
        if controller === presenter || controller.presentedStorage != nil || controller.appearanceState != .disappeared
            || controller.viewIfLoaded?.window != nil
        {
            return "Application tried to present modally an active controller \(controller.description)."
        }
        return nil
    }

    /// The controller that presents for this one in `style`: for the `…CurrentContext` styles the
    /// nearest controller up the parent chain that ``definesPresentationContext`` (else the
    /// outermost ancestor), for the others the outermost ancestor, as UIKit walks the hierarchy.
    func presentationContext(for style: ModalPresentationStyle) -> ViewController {
        guard style.coversPresentationContextOnly else { return rootAncestor }
        var current: ViewController? = self
        while let candidate = current {
            if candidate.definesPresentationContext { return candidate }
            current = candidate.parent
        }
        return rootAncestor
    }

    /// The controller whose presentation a `dismiss` from this controller ends: the nearest one up
    /// the parent chain that presents something, else the one that presented the nearest
    /// presented ancestor; `nil` when neither exists.
    var dismissingPresenter: ViewController? {
        var current: ViewController? = self
        while let candidate = current {
            if candidate.presentedStorage != nil { return candidate }
            current = candidate.parent
        }
        current = self
        while let candidate = current {
            if let presenting = candidate.presentingStorage { return presenting }
            current = candidate.parent
        }
        return nil
    }
}
