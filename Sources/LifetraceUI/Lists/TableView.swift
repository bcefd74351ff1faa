import Foundation
import Lifetrace

/// A scrolling list of rows in sections (UIKit's `UITableView`), which makes only the cells it
/// shows: as it scrolls, rows leaving the visible area give their cells back to a reuse pool per
/// identifier (`didEndDisplaying`), and rows entering it dequeue one (`prepareForReuse`), ask the
/// data source to configure it (`cellForRowAt`), size it (`sizeCell`: a fixed ``rowHeight``, the
/// delegate's height, or the cell's content fitted with Auto Layout) and show it (`willDisplay`).
/// Rows not yet shown count at their estimated height; a row's real height replaces its estimate
/// when it is first shown, and the content size follows.
@MainActor
open class TableView: ScrollView {
    /// The table's look (UIKit's `UITableView.Style`): plain sections, or grouped ones.
    public enum Style: Int, Sendable, Hashable { case plain, grouped, insetGrouped }
    /// How rows animate in updates (kept: updates animate for 0.3 s whatever the style).
    public enum RowAnimation: Int, Sendable, Hashable {
        case fade, right, left, top, bottom, none, middle
        case automatic = 100
    }
    /// Where a row scrolls to (UIKit's `UITableView.ScrollPosition`).
    public enum ScrollPosition: Int, Sendable, Hashable { case none, top, middle, bottom }
    /// Separators' look (kept).
    public enum SeparatorStyle: Int, Sendable, Hashable { case none, singleLine }

    /// A height that asks for the default: the table's own, or self-sizing (UIKit's
    /// `UITableView.automaticDimension`).
    public static let automaticDimension: CGFloat = -1
    /// The estimate of a row not yet shown when ``estimatedRowHeight`` is automatic.
    static let defaultEstimatedRowHeight: CGFloat = 44
    /// The height of a system cell, and the least height of a row showing system text.
    static let systemRowHeight: CGFloat = 44

    /// The table's style.
    public let style: Style
    /// Where the rows come from.
    public weak var dataSource: (any TableViewDataSource)?
    /// The scroll view's ``ScrollView/delegate`` when it is a table view delegate (UIKit's
    /// `delegate` property, retyped: set `delegate` to a ``TableViewDelegate``).
    var tableDelegate: (any TableViewDelegate)? { delegate as? any TableViewDelegate }
    /// Told about rows that are coming.
    public weak var prefetchDataSource: (any TableViewDataSourcePrefetching)?

    /// Every row's height, or ``automaticDimension`` (the default): cells size themselves.
    public var rowHeight: CGFloat = TableView.automaticDimension { didSet { invalidateHeights() } }
    /// The height counted for rows not yet shown; ``automaticDimension`` (the default) is 44
    /// points; `0` turns estimates off: every row's height is asked for when the table loads.
    public var estimatedRowHeight: CGFloat = TableView.automaticDimension { didSet { invalidateHeights() } }
    /// Section header and footer heights, or ``automaticDimension``.
    public var sectionHeaderHeight: CGFloat = TableView.automaticDimension { didSet { invalidateHeights() } }
    public var sectionFooterHeight: CGFloat = TableView.automaticDimension { didSet { invalidateHeights() } }
    /// Kept: separators, backgrounds, index, editing look.
    public var separatorStyle: SeparatorStyle = .singleLine
    public var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    public var separatorColor: Color?
    public var backgroundView: View?
    public var isEditing = false
    public var allowsSelection = true
    public var allowsMultipleSelection = false
    /// A view above the rows (its frame's height counts) and one below.
    public var tableHeaderView: View? { didSet { accessoryViewDidChange(oldValue, tableHeaderView) } }
    public var tableFooterView: View? { didSet { accessoryViewDidChange(oldValue, tableFooterView) } }

    // MARK: State

    /// Registered cell classes by reuse identifier.
    var registered: [String: TableViewCell.Type] = [:]
    /// Cells waiting to be reused, by identifier.
    var pools = ReusePool<TableViewCell>()
    /// The cells on screen, by index path.
    var visible: [IndexPath: TableViewCell] = [:]
    /// The rows leaving the visible area in a layout (scratch, kept so a frame allocates nothing).
    var leavingRows: [IndexPath] = []
    /// The row count of each section, as last asked.
    var rowCounts: [Int] = []
    /// Whether the counts must be asked again before the next layout.
    var needsReload = true
    /// The geometry of sections and rows (TableView+Geometry.swift).
    var geometry = TableGeometry()
    /// Rows already told to the prefetching data source.
    var prefetched: Set<IndexPath> = []
    /// Header and footer views on screen, by section.
    var sectionViews: [Int: (header: View?, footer: View?)] = [:]
    /// Selected rows.
    var selectedRows: [IndexPath] = []
    /// Changes made in the open batches (TableView+Updates.swift), and how many are open.
    var pendingBatch = ListBatch()
    var openBatches = 0

    /// A table of a style.
    public init(frame: Rect, style: Style) {
        self.style = style
        super.init(frame: frame)
        alwaysBounceVertical = true
    }

    /// A plain table.
    public override convenience init(frame: Rect) {
        self.init(frame: frame, style: .plain)
    }

    /// A plain table unarchived from a nib.
    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        alwaysBounceVertical = true
    }

    // MARK: Cells

    /// Registers the class the pool `identifier` makes cells of.
    public func register(_ cellClass: TableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass
    }

    /// A cell of the pool `identifier`: one given back by a row that scrolled away
    /// (`prepareForReuse` first), or a new one of the registered class. An identifier never
    /// registered is UIKit's exception: reported as an error, and a plain cell returned.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        hostRunLoop.report(
            Diagnostic(
                .error,
                "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
            ))
        return TableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// A cell of the pool `identifier`, or `nil` when the pool is empty and no class is registered.
    public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
        cellsConfiguredInFrame += 1
        if let cell = pools.dequeue(identifier) {
            cell.withInterval(.prepareForReuse) { cell.prepareForReuse() }
            return cell
        }
        guard let cellClass = registered[identifier] else { return nil }
        return cellClass.init(reuseIdentifier: identifier)
    }

    /// The cell shown for a row, if it is on screen.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? { visible[indexPath] }

    /// The row a cell on screen shows.
    public func indexPath(for cell: TableViewCell) -> IndexPath? { visible.first { $0.value === cell }?.key }

    /// The cells on screen, top to bottom.
    public var visibleCells: [TableViewCell] { indexPathsForVisibleRows?.compactMap { visible[$0] } ?? [] }

    /// The rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath]? { visible.keys.sorted() }

    /// How many sections.
    public var numberOfSections: Int {
        reloadIfNeeded()
        return rowCounts.count
    }

    /// How many rows a section has.
    public func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return rowCounts.indices.contains(section) ? rowCounts[section] : 0
    }

    /// A row's rectangle in the content (its estimated height until it is shown).
    public func rectForRow(at indexPath: IndexPath) -> Rect {
        reloadIfNeeded()
        guard let row = geometry.flatIndex(of: indexPath) else { return .zero }
        return Rect(x: 0, y: geometry.top(ofRow: row), width: bounds.width, height: geometry.height(ofRow: row))
    }

    // MARK: Reloading

    /// Forgets every row: the counts are asked again and the visible rows made again at the next layout.
    public func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        for indexPath in visible.keys.sorted() { endDisplaying(at: indexPath) }
        for (_, views) in sectionViews {
            views.header?.removeFromSuperview()
            views.footer?.removeFromSuperview()
        }
        sectionViews.removeAll()
        prefetched.removeAll()
        selectedRows.removeAll()
        let sections = dataSource.map { $0.numberOfSections(in: self) } ?? 0
        rowCounts = (0..<max(0, sections)).map { section in
            max(0, dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0)
        }
        geometry = TableGeometry(rowCounts: rowCounts)
        measureSectionsAndEstimates()
    }

    private func invalidateHeights() {
        needsReload = true
        setNeedsLayout()
    }

    private func accessoryViewDidChange(_ old: View?, _ new: View?) {
        old?.removeFromSuperview()
        if let new { addSubview(new) }
        setNeedsLayout()
    }

    // MARK: Selection

    /// The first selected row.
    public var indexPathForSelectedRow: IndexPath? { selectedRows.first }
    /// The selected rows.
    public var indexPathsForSelectedRows: [IndexPath]? { selectedRows.isEmpty ? nil : selectedRows }

    /// Selects a row in code (no delegate calls, as UIKit's), scrolling to it as asked.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for row in selectedRows { deselectRow(at: row, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for row in selectedRows where row != indexPath { deselectRow(at: row, animated: animated) }
        }
        if !selectedRows.contains(indexPath) { selectedRows.append(indexPath) }
        visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row in code (no delegate calls).
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selectedRows.removeAll { $0 == indexPath }
        visible[indexPath]?.setSelected(false, animated: animated)
    }

    /// Taps a row as a user would: `willSelectRowAt` (which may redirect or refuse), the
    /// selection, `didSelectRowAt`.
    public func tapRow(at indexPath: IndexPath) {
        guard allowsSelection,
            numberOfRows(inSection: indexPath.count >= 2 ? indexPath[0] : 0) > (indexPath.count >= 2 ? indexPath[1] : 0)
        else { return }
        guard let target = tableDelegate?.tableView(self, willSelectRowAt: indexPath) ?? Optional(indexPath) else { return }
        if !allowsMultipleSelection {
            for row in selectedRows where row != target {
                deselectRow(at: row, animated: false)
                tableDelegate?.tableView(self, didDeselectRowAt: row)
            }
        }
        selectRow(at: target, animated: false, scrollPosition: .none)
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    /// Scrolls so that a row sits at `position` (`none`: the least move that shows it).
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath)
        let height = bounds.height - adjustedContentInset.top - adjustedContentInset.bottom
        var y: CGFloat
        switch position {
        case .top: y = rect.minY - adjustedContentInset.top
        case .middle: y = rect.midY - adjustedContentInset.top - height / 2
        case .bottom: y = rect.maxY - adjustedContentInset.top - height
        case .none:
            scrollRectToVisible(rect, animated: animated)
            return
        }
        y = clamped(Point(x: contentOffset.x, y: y)).y
        setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
    }

    /// The rows' cells are laid out for the visible area (TableView+Layout.swift).
    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutRows()
    }
}
