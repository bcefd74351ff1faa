import Lifetrace

/// iOS 26's properties update for controllers, and the controller's methods that automatic
/// observation tracking watches (`updateProperties`, `updateViewConstraints`,
/// `viewWillLayoutSubviews`, `viewDidLayoutSubviews`).
extension ViewController {
    /// Asks for ``updateProperties()`` (and the root view's) in the next pass.
    public func setNeedsUpdateProperties() {
        viewIfLoaded?.setNeedsUpdateProperties()
    }

    /// Runs the properties updates the controller's view and everything inside it wait for, now.
    public func updatePropertiesIfNeeded() {
        viewIfLoaded?.updatePropertiesIfNeeded()
    }

    /// ``updateProperties()`` as an instrumented, tracked `updateProperties` interval.
    func runUpdateProperties() {
        withInterval(.updateProperties) { tracking(.updateProperties, updateProperties) }
    }

    /// Runs `body` (the controller's `method`) with observation tracking: a change to an
    /// observable property it read asks for the method again.
    func tracking(_ method: ObservedMethod, _ body: () -> Void) {
        observingChanges(body, onChange: { [weak self] in ObservedChanges.post(.init(controller: self, method: method)) })
    }

    /// A tracked read of this controller's changed: the method runs again in the next pass.
    func observedChange(_ method: ObservedMethod) {
        emitEvent(.observedChange, text: method.rawValue)
        switch method {
        case .updateProperties: setNeedsUpdateProperties()
        case .updateViewConstraints: setNeedsUpdateConstraints()
        default: viewIfLoaded?.setNeedsLayout()
        }
    }
}
