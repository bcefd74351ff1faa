import Lifetrace

extension ViewController {
    /// Runs `handler` (with the controller and its previous traits) whenever one of `traits`
    /// changes, after `traitCollectionDidChange(_:)` (iOS 17's trait-change registration).
    @discardableResult
    public func registerForTraitChanges(
        _ traits: [TraitCollection.Trait],
        handler: @escaping @MainActor (ViewController, TraitCollection) -> Void
    ) -> TraitChangeRegistration {
        let registration = TraitChangeRegistration(traits: traits, handler: handler)
        traitRegistrations.append(registration)
        return registration
    }

    /// Stops a registration made with ``registerForTraitChanges(_:handler:)``.
    public func unregisterForTraitChanges(_ registration: TraitChangeRegistration) {
        traitRegistrations.removeAll { $0 === registration }
    }

    /// Brings the controller's traits up to date with `traits`. The first traits a controller gets
    /// are its predicted ones (iOS 13 and later): no callback. After that a change sends
    /// `traitCollectionDidChange(_:)` (its `text` names what changed, `trait=old->new`), then runs
    /// each registered handler whose traits changed, in registration order.
    func updateTraits(to traits: TraitCollection) {
        guard let previous = knownTraits else {
            knownTraits = traits
            return
        }
        guard traits != previous else { return }
        knownTraits = traits
        let changed = traits.changedTraits(from: previous)
        withInterval(.traitCollectionDidChange, text: traits.changes(from: previous)) {
            traitCollectionDidChange(previous)
        }
        for registration in traitRegistrations where registration.traits.contains(where: changed.contains) {
            withInterval(.traitChangeHandler, text: registration.traits.map(\.rawValue).joined(separator: " ")) {
                registration.handler(self, previous)
            }
        }
    }

    /// Sends `willTransition(to:with:)` to this controller and, as the callbacks forward it, down
    /// the hierarchy, as ``notifyWillTransition(to:with:)`` walks `viewWillTransition(to:with:)`.
    func notifyWillTransition(toTraits traits: TraitCollection, with coordinator: WindowTransitionCoordinator) {
        walkForwarding(with: coordinator) { controller in
            controller.withInterval(
                .willTransitionToTraitCollection, animated: coordinator.isAnimated,
                text: traits.changes(from: controller.traitCollection)
            ) {
                controller.willTransition(to: traits, with: coordinator)
            }
        }
    }

    /// Brings the traits of this controller and of every controller on screen inside it (its
    /// children on screen, then what they present) up to date, parents first. A controller whose
    /// view a full-screen presentation removed is skipped (it catches up when it reappears), not
    /// what it presents. Iterative.
    func updateTraitsOnScreen(to traits: TraitCollection) {
        var pending: [ViewController] = [self]
        while let controller = pending.popLast() {
            if let presented = controller.presentedStorage { pending.append(presented) }
            guard controller.viewIfLoaded?.window != nil else { continue }
            controller.updateTraits(to: traits)
            pending.append(contentsOf: controller.childrenReceivingAppearance.reversed())
        }
    }
}

extension TraitCollection {
    /// The traits that differ from `previous`, as `trait=old->new` words (what trait events carry).
    func changes(from previous: TraitCollection) -> String {
        changedTraits(from: previous).map { "\($0.rawValue)=\(previous.value(of: $0))->\(value(of: $0))" }
            .joined(separator: " ")
    }
}
