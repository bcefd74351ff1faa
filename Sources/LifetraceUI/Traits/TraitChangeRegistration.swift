/// A handler registered with ``ViewController/registerForTraitChanges(_:handler:)`` (the runtime's
/// `UITraitChangeRegistration`): pass it to ``ViewController/unregisterForTraitChanges(_:)`` to stop it.
@MainActor
public final class TraitChangeRegistration {
    /// The traits whose change runs the handler.
    public let traits: [TraitCollection.Trait]
    let handler: @MainActor (ViewController, TraitCollection) -> Void

    init(traits: [TraitCollection.Trait], handler: @escaping @MainActor (ViewController, TraitCollection) -> Void) {
        self.traits = traits
        self.handler = handler
    }
}
