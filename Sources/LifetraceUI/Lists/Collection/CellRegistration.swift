import Foundation

extension CollectionView {
    /// How a kind of cell is made and configured for an item (UIKit's
    /// `UICollectionView.CellRegistration`): the collection view registers the cell class under
    /// an identifier of its own, and ``dequeueConfiguredReusableCell(using:for:item:)`` dequeues
    /// one and runs the handler.
    @MainActor
    public struct CellRegistration<Cell: CollectionViewCell, Item> {
        /// Configures a dequeued cell for an item.
        public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void
        let handler: Handler
        let identifier: String

        /// A registration of `Cell` configured by `handler`.
        public init(handler: @escaping Handler) {
            self.handler = handler
            identifier = "\(Cell.self)-registration-\(CellRegistrationCounter.next())"
        }
    }

    /// How a kind of supplementary view is made and configured (UIKit's
    /// `UICollectionView.SupplementaryRegistration`).
    @MainActor
    public struct SupplementaryRegistration<Supplementary: CollectionReusableView> {
        public typealias Handler = @MainActor (Supplementary, String, IndexPath) -> Void
        let elementKind: String
        let handler: Handler
        let identifier: String

        /// A registration of `Supplementary` views of a kind configured by `handler`.
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
            identifier = "\(Supplementary.self)-registration-\(CellRegistrationCounter.next())"
        }
    }

    /// A cell of the registration's class, configured for `item`.
    public func dequeueConfiguredReusableCell<Cell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item
    ) -> Cell {
        if registeredCells[registration.identifier] == nil {
            register(Cell.self, forCellWithReuseIdentifier: registration.identifier)
        }
        let dequeued = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath)
        let cell = dequeued as? Cell ?? Cell(reuseIdentifier: registration.identifier)
        registration.handler(cell, indexPath, item)
        return cell
    }

    /// A supplementary view of the registration's class, configured.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        let key = registration.elementKind + "/" + registration.identifier
        if registeredSupplementary[key] == nil {
            register(
                Supplementary.self, forSupplementaryViewOfKind: registration.elementKind,
                withReuseIdentifier: registration.identifier)
        }
        let dequeued = dequeueReusableSupplementaryView(
            ofKind: registration.elementKind, withReuseIdentifier: registration.identifier, for: indexPath)
        let view = dequeued as? Supplementary ?? Supplementary(reuseIdentifier: key)
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}

/// Numbers registrations, so each gets a reuse pool of its own.
@MainActor
enum CellRegistrationCounter {
    private static var count = 0
    static func next() -> Int {
        count += 1
        return count
    }
}
