import Lifetrace

/// How long a modal presentation or dismissal animates, in seconds.
let modalTransitionDuration = 0.5

extension ViewController {
    /// Presents `controller` modally over this controller's context, in its
    /// ``modalPresentationStyle``. The presented controller's `viewDidAppear` comes first at the
    /// end, then the presenter's `viewDidDisappear`; styles that keep the presenter's view
    /// (sheets, `over…`) leave the presenter silent.
    public func present(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        let presenter = rootAncestor
        if let current = presenter.presentedViewController {
            runLoop.report(Diagnostic(.warning,
                "Attempt to present \(controller.description) on \(presenter.description) (from \(description)) which is already presenting \(current.description)."))
            return
        }
        if controller.presentingViewController != nil || controller.parent != nil || controller === presenter {
            runLoop.report(Diagnostic(.error,
                "Application tried to present modally a view controller \(controller.description) that is already presented or has a parent."))
            return
        }
        guard let window = presenter.window, presenter.appearanceState != .disappeared else {
            runLoop.report(Diagnostic(.warning,
                "Attempt to present \(controller.description) on \(presenter.description) whose view is not in the window hierarchy."))
            return
        }
        let style = controller.modalPresentationStyle
        controller.loadViewIfNeeded()
        let transition = presenter.probe.beginInterval(
            .transition, Details(target: controller.instrumentationSubject, animated: animated, text: "present \(style.rawValue)"))
        presenter.presentedViewController = controller
        controller.presentingViewController = presenter
        controller.isBeingPresented = true
        if style.removesPresenterView { presenter.beginAppearance(false, animated: animated) }
        controller.beginAppearance(true, animated: animated)
        let presentedView = controller.view
        presentedView.frame = window.bounds
        presentedView.autoresizingMask = .flexibleSize
        window.addSubview(presentedView)
        controller.sendViewIsAppearingIfNeeded()

        let finish: @MainActor () -> Void = {
            controller.endAppearance()
            if style.removesPresenterView {
                presenter.viewIfLoaded?.removeFromSuperview()
                presenter.endAppearance()
            }
            controller.isBeingPresented = false
            presenter.probe.endInterval(transition)
            completion?()
        }
        if animated {
            runLoop.schedule(after: modalTransitionDuration, finish)
        } else {
            finish()
        }
    }

    /// Dismisses what this controller presents, or, when it presents nothing, this controller
    /// itself. Controllers presented above the dismissed one go with it. The revealed
    /// controller's `viewDidAppear` comes first at the end, then the dismissed one's `viewDidDisappear`.
    public func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        let owner = rootAncestor
        let presenter: ViewController
        if owner.presentedViewController != nil {
            presenter = owner
        } else if let presenting = owner.presentingViewController {
            presenter = presenting
        } else {
            runLoop.report(Diagnostic(.warning, "Attempt to dismiss from \(description), which presents nothing and is not presented."))
            completion?()
            return
        }
        guard let dismissed = presenter.presentedViewController else { return }
        var chain = [dismissed]
        while let next = chain.last?.presentedViewController { chain.append(next) }
        let top = chain.last!
        let revealsPresenter = chain.first!.modalPresentationStyle.removesPresenterView
        let transition = presenter.probe.beginInterval(
            .transition, Details(target: presenter.instrumentationSubject, animated: animated, text: "dismiss"))
        for controller in chain { controller.isBeingDismissed = true }
        for controller in chain.reversed() where controller.appearanceState != .disappeared {
            controller.beginAppearance(false, animated: animated && controller === top)
        }
        if revealsPresenter, let window = presenter.window ?? top.window {
            presenter.beginAppearance(true, animated: animated)
            let view = presenter.view
            view.frame = window.bounds
            view.autoresizingMask = .flexibleSize
            if view.superview !== window {
                window.insertSubview(view, belowSubview: dismissed.view)
            }
            presenter.sendViewIsAppearingIfNeeded()
        }

        let finish: @MainActor () -> Void = {
            if revealsPresenter { presenter.endAppearance() }
            for controller in chain.reversed() {
                controller.viewIfLoaded?.removeFromSuperview()
                controller.endAppearance()
                controller.isBeingDismissed = false
                controller.presentingViewController?.presentedViewController = nil
                controller.presentingViewController = nil
            }
            presenter.probe.endInterval(transition)
            completion?()
        }
        if animated {
            runLoop.schedule(after: modalTransitionDuration, finish)
        } else {
            finish()
        }
    }
}
