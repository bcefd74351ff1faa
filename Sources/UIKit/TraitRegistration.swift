public import LifetraceUI

// iOS 17's trait registration in UIKit's spelling: traits named by their types
// (`UITraitUserInterfaceStyle.self`) and a handler that receives the controller as its own type.

/// A trait a controller can register for changes to (UIKit's `UITraitDefinition`).
public protocol UITraitDefinition {
    /// The runtime's trait.
    static var trait: TraitCollection.Trait { get }
}

/// The interface style (light or dark).
public enum UITraitUserInterfaceStyle: UITraitDefinition {
    public static var trait: TraitCollection.Trait { .userInterfaceStyle }
}

/// The horizontal size class.
public enum UITraitHorizontalSizeClass: UITraitDefinition {
    public static var trait: TraitCollection.Trait { .horizontalSizeClass }
}

/// The vertical size class.
public enum UITraitVerticalSizeClass: UITraitDefinition {
    public static var trait: TraitCollection.Trait { .verticalSizeClass }
}

/// A registration, to unregister (UIKit's `UITraitChangeRegistration`).
public typealias UITraitChangeRegistration = TraitChangeRegistration

extension UIViewController {
    /// Runs `handler` with this controller, as its own type, and its previous traits whenever one
    /// of `traits` changes (after `traitCollectionDidChange(_:)`), as UIKit's
    /// `registerForTraitChanges(_:handler:)` does.
    @discardableResult
    public func registerForTraitChanges<Controller: UIViewController>(
        _ traits: [any UITraitDefinition.Type], handler: @escaping @MainActor (Controller, UITraitCollection) -> Void
    ) -> UITraitChangeRegistration {
        registerForTraitChanges(traits.map { $0.trait }) { controller, previous in
            guard let controller = controller as? Controller else { return }
            handler(controller, previous)
        }
    }
}
