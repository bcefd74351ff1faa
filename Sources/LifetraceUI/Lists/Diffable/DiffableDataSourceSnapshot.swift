import Foundation

/// The state of a list by identity (UIKit's `NSDiffableDataSourceSnapshot`): sections and, in
/// each, items, both identified by hashable values. Applying a snapshot to a diffable data
/// source updates its list by the difference from the current one.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    Sendable
{
    public typealias Section = SectionIdentifierType
    public typealias Item = ItemIdentifierType

    private(set) var sections: [Section] = []
    private(set) var items: [[Item]] = []
    /// The identifiers of items to reload (their cells made again) and to reconfigure (their
    /// cells configured again in place) when the snapshot is applied.
    public private(set) var reloadedItemIdentifiers: [Item] = []
    public private(set) var reconfiguredItemIdentifiers: [Item] = []
    public private(set) var reloadedSectionIdentifiers: [Section] = []

    /// An empty snapshot.
    public init() {}

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { items.reduce(0) { $0 + $1.count } }
    public var sectionIdentifiers: [Section] { sections }
    public var itemIdentifiers: [Item] { items.flatMap { $0 } }

    public func numberOfItems(inSection identifier: Section) -> Int { indexOfSection(identifier).map { items[$0].count } ?? 0 }
    public func itemIdentifiers(inSection identifier: Section) -> [Item] { indexOfSection(identifier).map { items[$0] } ?? [] }
    public func indexOfSection(_ identifier: Section) -> Int? { sections.firstIndex(of: identifier) }
    public func indexOfItem(_ identifier: Item) -> Int? { itemIdentifiers.firstIndex(of: identifier) }
    public func sectionIdentifier(containingItem identifier: Item) -> Section? {
        items.firstIndex { $0.contains(identifier) }.map { sections[$0] }
    }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [Section]) {
        for identifier in identifiers where !sections.contains(identifier) {
            sections.append(identifier)
            items.append([])
        }
    }
    public mutating func insertSections(_ identifiers: [Section], beforeSection anchor: Section) {
        guard let index = indexOfSection(anchor) else { return }
        sections.insert(contentsOf: identifiers, at: index)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index)
    }
    public mutating func insertSections(_ identifiers: [Section], afterSection anchor: Section) {
        guard let index = indexOfSection(anchor) else { return }
        sections.insert(contentsOf: identifiers, at: index + 1)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index + 1)
    }
    public mutating func deleteSections(_ identifiers: [Section]) {
        let removed = Set(identifiers)
        for index in sections.indices.reversed() where removed.contains(sections[index]) {
            sections.remove(at: index)
            items.remove(at: index)
        }
    }
    public mutating func reloadSections(_ identifiers: [Section]) { reloadedSectionIdentifiers.append(contentsOf: identifiers) }
    public mutating func reconfigureSections(_ identifiers: [Section]) { reloadSections(identifiers) }

    // MARK: Items

    /// Appends items to a section (the last one when `nil`).
    public mutating func appendItems(_ identifiers: [Item], toSection section: Section? = nil) {
        guard let index = section.flatMap(indexOfSection) ?? (sections.isEmpty ? nil : sections.count - 1) else { return }
        items[index].append(contentsOf: identifiers)
    }
    public mutating func insertItems(_ identifiers: [Item], beforeItem anchor: Item) {
        insert(identifiers, at: anchor, after: false)
    }
    public mutating func insertItems(_ identifiers: [Item], afterItem anchor: Item) {
        insert(identifiers, at: anchor, after: true)
    }

    private mutating func insert(_ identifiers: [Item], at anchor: Item, after: Bool) {
        for section in items.indices {
            if let index = items[section].firstIndex(of: anchor) {
                items[section].insert(contentsOf: identifiers, at: after ? index + 1 : index)
                return
            }
        }
    }

    public mutating func deleteItems(_ identifiers: [Item]) {
        let removed = Set(identifiers)
        for section in items.indices { items[section].removeAll { removed.contains($0) } }
    }
    public mutating func deleteAllItems() {
        sections.removeAll()
        items.removeAll()
    }
    public mutating func moveItem(_ identifier: Item, beforeItem anchor: Item) {
        deleteItems([identifier])
        insert([identifier], at: anchor, after: false)
    }
    public mutating func moveItem(_ identifier: Item, afterItem anchor: Item) {
        deleteItems([identifier])
        insert([identifier], at: anchor, after: true)
    }
    public mutating func reloadItems(_ identifiers: [Item]) { reloadedItemIdentifiers.append(contentsOf: identifiers) }
    public mutating func reconfigureItems(_ identifiers: [Item]) { reconfiguredItemIdentifiers.append(contentsOf: identifiers) }

    /// The snapshot without its pending reloads (what a data source keeps once it applied it).
    var settled: Self {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        return copy
    }

    /// Where each item is, by identifier.
    func positions() -> [Item: IndexPath] {
        var positions: [Item: IndexPath] = [:]
        positions.reserveCapacity(numberOfItems)
        for (section, sectionItems) in items.enumerated() {
            for (index, item) in sectionItems.enumerated() { positions[item] = IndexPath(item: index, section: section) }
        }
        return positions
    }
}
