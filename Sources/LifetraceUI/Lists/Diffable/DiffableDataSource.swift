import Foundation
import Lifetrace

extension TableView: UpdatableList {
    func reconfigure(_ indexPaths: [IndexPath]) {
        guard let dataSource else { return }
        for indexPath in indexPaths where visible[indexPath] != nil {
            _ = callList(dataSource, .cellForRowAt, indexPath.hookText) { dataSource.tableView(self, cellForRowAt: indexPath) }
        }
    }
}

extension CollectionView: UpdatableList {
    func reconfigure(_ indexPaths: [IndexPath]) { reconfigureItems(at: indexPaths) }
}

/// The snapshot a diffable data source serves, and how a new one is applied to its list: the
/// first as a reload, the next ones by their difference from the current one, as one batch
/// (an `applySnapshot` interval counting the changes).
@MainActor
final class DiffableStore<Section: Hashable & Sendable, Item: Hashable & Sendable> {
    private(set) var snapshot = DiffableDataSourceSnapshot<Section, Item>()
    private var applied = false

    func apply(
        _ new: DiffableDataSourceSnapshot<Section, Item>, to list: some UpdatableList, animatingDifferences: Bool,
        completion: (@MainActor () -> Void)?
    ) {
        list.reloadIfNeeded()
        let state = list.beginInterval(.applySnapshot, text: "\(new.numberOfItems) items")
        let old = snapshot
        snapshot = new.settled
        var changes = new.numberOfItems
        if !applied {
            applied = true
            list.reloadData()
        } else {
            let difference = SnapshotDifference(from: old, to: new)
            if difference.sectionsReordered {
                list.reloadData()
            } else {
                list.pendingBatch = difference.batch
                list.commitBatch()
                list.reconfigure(difference.reconfigured)
                changes = difference.changes
            }
        }
        list.endInterval(state, count: changes)
        guard let completion else { return }
        list.hostRunLoop.afterAnimation(animatingDifferences && list.window != nil, duration: 0.3, completion)
    }

    func numberOfSections() -> Int { snapshot.numberOfSections }
    func numberOfItems(in section: Int) -> Int { snapshot.sections.indices.contains(section) ? snapshot.items[section].count : 0 }
    func item(at indexPath: IndexPath) -> Item? {
        let section = indexPath[0]
        let index = indexPath[1]
        guard snapshot.items.indices.contains(section), snapshot.items[section].indices.contains(index) else { return nil }
        return snapshot.items[section][index]
    }
    func indexPath(for item: Item) -> IndexPath? { snapshot.positions()[item] }
    func section(at index: Int) -> Section? { snapshot.sections.indices.contains(index) ? snapshot.sections[index] : nil }
}

/// A collection view's data source fed by snapshots (UIKit's `UICollectionViewDiffableDataSource`).
@MainActor
open class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    CollectionViewDataSource
{
    /// Makes the cell of an item.
    public typealias CellProvider = @MainActor (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?
    /// Makes a supplementary view.
    public typealias SupplementaryViewProvider = @MainActor (CollectionView, String, IndexPath) -> CollectionReusableView?

    private let store = DiffableStore<SectionIdentifierType, ItemIdentifierType>()
    private weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    /// Makes section headers and footers.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// A data source for `collectionView` (it becomes the collection's data source; keep it alive:
    /// the collection view holds its data source weakly, as UIKit's does).
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// Applies `snapshot`: the list updates by the difference from the current one.
    open func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        guard let collectionView else { return }
        store.apply(snapshot, to: collectionView, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// A copy of the current snapshot.
    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { store.snapshot }
    /// The item at an index path.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { store.item(at: indexPath) }
    /// Where an item is.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        store.indexPath(for: itemIdentifier)
    }
    /// The section at an index.
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? { store.section(at: index) }

    public func numberOfSections(in collectionView: CollectionView) -> Int { store.numberOfSections() }
    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        store.numberOfItems(in: section)
    }
    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            collectionView.hostRunLoop.report(
                Diagnostic(
                    .error,
                    "UICollectionViewDiffableDataSource cell provider returned nil for index path \(indexPath.hookText)"))
            return CollectionViewCell(frame: .zero)
        }
        return cell
    }
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? CollectionReusableView()
    }
}

/// A table view's data source fed by snapshots (UIKit's `UITableViewDiffableDataSource`).
@MainActor
open class TableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    TableViewDataSource
{
    /// Makes the cell of a row.
    public typealias CellProvider = @MainActor (TableView, IndexPath, ItemIdentifierType) -> TableViewCell?

    private let store = DiffableStore<SectionIdentifierType, ItemIdentifierType>()
    private weak var tableView: TableView?
    private let cellProvider: CellProvider
    /// Kept: how rows animate.
    public var defaultRowAnimation: TableView.RowAnimation = .automatic

    /// A data source for `tableView` (it becomes the table's data source; keep it alive).
    public init(tableView: TableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    /// Applies `snapshot`: the table updates by the difference from the current one.
    open func apply(
        _ snapshot: DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
        completion: (@MainActor () -> Void)? = nil
    ) {
        guard let tableView else { return }
        store.apply(snapshot, to: tableView, animatingDifferences: animatingDifferences, completion: completion)
    }

    public func snapshot() -> DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { store.snapshot }
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { store.item(at: indexPath) }
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { store.indexPath(for: itemIdentifier) }
    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? { store.section(at: index) }

    public func numberOfSections(in tableView: TableView) -> Int { store.numberOfSections() }
    public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { store.numberOfItems(in: section) }
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            tableView.hostRunLoop.report(
                Diagnostic(
                    .error,
                    "UITableViewDiffableDataSource cell provider returned nil for index path \(indexPath.hookText)"))
            return TableViewCell(style: .default, reuseIdentifier: nil)
        }
        return cell
    }
}
