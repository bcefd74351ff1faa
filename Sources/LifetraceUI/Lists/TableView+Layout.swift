import Foundation
import Lifetrace

extension TableView {
    /// How many rows past the last visible one the prefetching data source hears about.
    static let prefetchDistance = 10

    /// Lays the rows out for the visible area: measures the rows entering it (their real heights
    /// replace their estimates, which can bring further rows in: repeated until stable), shows
    /// them, gives back the cells of rows that left, places everything and sets the content size.
    func layoutRows() {
        reloadIfNeeded()
        geometry.leading = tableHeaderView?.frame.height ?? 0
        // Rows in order from the first visible one, each measured before the next is considered,
        // so a row its predecessors' real heights push out is never made.
        let top = contentOffset.y
        let bottom = top + bounds.height
        var index = geometry.items(overlapping: top, bottom).lowerBound
        while index < geometry.count, geometry.top(ofRow: index) < bottom {
            if case .row(let section, let row) = geometry.items[index], visible[IndexPath(row: row, section: section)] == nil {
                show(IndexPath(row: row, section: section), at: index)
            }
            index += 1
        }
        let visibleItems = geometry.items(overlapping: top, bottom)
        leavingRows.removeAll(keepingCapacity: true)
        for indexPath in visible.keys where !(geometry.flatIndex(of: indexPath).map(visibleItems.contains) ?? false) {
            leavingRows.append(indexPath)
        }
        leavingRows.sort()
        for indexPath in leavingRows { endDisplaying(at: indexPath) }
        placeVisibleViews(visibleItems)
        let size = Size(width: bounds.width, height: geometry.total() + (tableFooterView?.frame.height ?? 0))
        setContentSizeInLayout(size)
        prefetch(after: visibleItems)
    }

    /// Measures and makes the cell of a row entering the visible area: a known height (the
    /// delegate's, a fixed one) before the cell, as UIKit asks `heightForRowAt` before
    /// `cellForRowAt`; a self-sizing cell after it, from its content.
    private func show(_ indexPath: IndexPath, at index: Int) {
        guard let dataSource else { return }
        let known = knownHeight(at: indexPath, index: index)
        let cell = callList(dataSource, .cellForRowAt, indexPath.hookText) { dataSource.tableView(self, cellForRowAt: indexPath) }
        let height = known ?? fittedHeight(of: cell, at: indexPath)
        geometry.setHeight(height, at: index, measured: true)
        visible[indexPath] = cell
        if cell.superview !== self { insertSubview(cell, at: 0) }
        cell.frame = Rect(x: 0, y: geometry.top(ofRow: index), width: bounds.width, height: height)
        if selectedRows.contains(indexPath) { cell.setSelected(true, animated: false) }
        callList(dataSource, .willDisplayCell, indexPath.hookText) {
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        }
    }

    /// A row's height when it does not depend on its cell: measured before, the delegate's, or fixed.
    private func knownHeight(at indexPath: IndexPath, index: Int) -> CGFloat? {
        if geometry.isMeasured(index) { return geometry.height(ofRow: index) }
        if let delegate = tableDelegate {
            let asked = callList(dataSource, .sizeCell, "\(indexPath.hookText) delegate") {
                delegate.tableView(self, heightForRowAt: indexPath)
            }
            if asked != TableView.automaticDimension { return max(0, asked) }
        }
        if rowHeight != TableView.automaticDimension { return max(0, rowHeight) }
        return nil
    }

    /// A self-sizing row's height: its cell's content fitted at the table's width, or the cell's
    /// own `sizeThatFits(_:)` when nothing in its content view uses constraints (a cell laid out
    /// by hand).
    private func fittedHeight(of cell: TableViewCell, at indexPath: IndexPath) -> CGFloat {
        callList(dataSource, .sizeCell, "\(indexPath.hookText) fitting") {
            cell.frame = Rect(x: 0, y: 0, width: bounds.width, height: cell.frame.height)
            cell.contentView.frame = cell.bounds
            let fitted =
                cell.contentView.branchUsesAutoLayout
                ? cell.contentView.systemLayoutSizeFitting(
                    Size(width: bounds.width, height: 0), withHorizontalFittingPriority: .required,
                    verticalFittingPriority: .fittingSizeLevel
                ).height
                : cell.sizeThatFits(Size(width: bounds.width, height: 0)).height
            if fitted <= 0 {
                hostRunLoop.report(
                    Diagnostic(
                        .warning,
                        "Detected a case where constraints ambiguously suggest a height of zero for a table view cell's content view. "
                            + "We're considering the collapse unintentional and using standard height instead. Cell: \(cell.instrumentationName)"
                    ))
                return TableView.systemRowHeight
            }
            return cell.hasSystemContent ? max(TableView.systemRowHeight, fitted) : fitted
        }
    }

    /// A row's estimate before it is shown (or its height, when estimates are off).
    func estimatedHeight(at indexPath: IndexPath) -> (height: CGFloat, measured: Bool) {
        if estimatedRowHeight == 0 {
            if let asked = tableDelegate?.tableView(self, heightForRowAt: indexPath), asked != TableView.automaticDimension {
                return (asked, true)
            }
            return (rowHeight == TableView.automaticDimension ? TableView.systemRowHeight : rowHeight, true)
        }
        if let asked = tableDelegate?.tableView(self, estimatedHeightForRowAt: indexPath), asked != TableView.automaticDimension {
            return (asked, false)
        }
        if rowHeight != TableView.automaticDimension, tableDelegate == nil { return (rowHeight, true) }
        return (
            estimatedRowHeight == TableView.automaticDimension ? TableView.defaultEstimatedRowHeight : estimatedRowHeight, false
        )
    }

    /// Sets every section's header and footer height and every row's estimate.
    func measureSectionsAndEstimates() {
        for (index, item) in geometry.items.enumerated() {
            switch item {
            case .header(let section):
                geometry.setHeight(sectionHeight(section, header: true), at: index, measured: true)
            case .footer(let section):
                geometry.setHeight(sectionHeight(section, header: false), at: index, measured: true)
            case .row(let section, let row):
                let estimate = estimatedHeight(at: IndexPath(row: row, section: section))
                geometry.setHeight(estimate.height, at: index, measured: estimate.measured)
            }
        }
    }

    /// A header's or footer's height: the delegate's or the table's, or 28 points with a title
    /// or a view (38 in a grouped table), nothing without in a plain table, 18 of spacing in a
    /// grouped one.
    private func sectionHeight(_ section: Int, header: Bool) -> CGFloat {
        let asked =
            header
            ? tableDelegate?.tableView(self, heightForHeaderInSection: section)
            : tableDelegate?.tableView(self, heightForFooterInSection: section)
        if let asked, asked != TableView.automaticDimension { return max(0, asked) }
        let fixed = header ? sectionHeaderHeight : sectionFooterHeight
        if fixed != TableView.automaticDimension { return max(0, fixed) }
        let title =
            header
            ? dataSource?.tableView(self, titleForHeaderInSection: section)
            : dataSource?.tableView(self, titleForFooterInSection: section)
        let hasContent = title != nil || sectionView(section, header: header) != nil
        switch style {
        case .plain: return hasContent ? 28 : 0
        case .grouped, .insetGrouped: return hasContent ? 38 : 18
        }
    }

    private func sectionView(_ section: Int, header: Bool) -> View? {
        header
            ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
            : tableDelegate?.tableView(self, viewForFooterInSection: section)
    }

    /// Gives a row's cell back to its pool (`didEndDisplaying`).
    func endDisplaying(at indexPath: IndexPath) {
        guard let cell = visible.removeValue(forKey: indexPath) else { return }
        endDisplaying(cell, at: indexPath)
    }

    /// Gives a cell that showed the row at `indexPath` (before an update) back to its pool.
    func endDisplaying(_ cell: TableViewCell, at indexPath: IndexPath) {
        callList(dataSource, .didEndDisplayingCell, indexPath.hookText) {
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        }
        cell.removeFromSuperview()
        if cell.isSelected { cell.setSelected(false, animated: false) }
        if let identifier = cell.reuseIdentifier { pools.enqueue(cell, as: identifier) }
    }

    /// Places the visible cells, the headers and footers of the visible sections, and the table's
    /// own header and footer views.
    private func placeVisibleViews(_ items: Range<Int>) {
        let width = bounds.width
        tableHeaderView?.frame = Rect(x: 0, y: 0, width: width, height: tableHeaderView?.frame.height ?? 0)
        var shownSections: Set<Int> = []
        for index in items {
            let top = geometry.top(ofRow: index)
            let height = geometry.height(ofRow: index)
            switch geometry.items[index] {
            case .row(let section, let row):
                visible[IndexPath(row: row, section: section)]?.frame = Rect(x: 0, y: top, width: width, height: height)
            case .header(let section), .footer(let section):
                guard height > 0 else { continue }
                let isHeader = geometry.items[index] == .header(section)
                shownSections.insert(section)
                var views = sectionViews[section] ?? (nil, nil)
                var view = isHeader ? views.header : views.footer
                if view == nil {
                    view = sectionView(section, header: isHeader) ?? titleView(section, header: isHeader)
                    if let view { addSubview(view) }
                    if isHeader { views.header = view } else { views.footer = view }
                    sectionViews[section] = views
                }
                view?.frame = Rect(x: 0, y: top, width: width, height: height)
            }
        }
        for (section, views) in sectionViews where !shownSections.contains(section) {
            views.header?.removeFromSuperview()
            views.footer?.removeFromSuperview()
            sectionViews[section] = nil
        }
        tableFooterView?.frame = Rect(x: 0, y: geometry.total(), width: width, height: tableFooterView?.frame.height ?? 0)
    }

    private func titleView(_ section: Int, header: Bool) -> View? {
        let title =
            header
            ? dataSource?.tableView(self, titleForHeaderInSection: section)
            : dataSource?.tableView(self, titleForFooterInSection: section)
        guard let title else { return nil }
        var configuration: ListContentConfiguration =
            header ? (style == .plain ? .plainHeader() : .groupedHeader()) : .groupedFooter()
        configuration.text = title
        let view = View()
        let content = configuration.makeContentView()
        content.translatesAutoresizingMaskIntoConstraints = true
        content.autoresizingMask = .flexibleSize
        view.addSubview(content)
        return view
    }

    /// Tells the prefetching data source about the rows just past the visible ones.
    private func prefetch(after items: Range<Int>) {
        guard let prefetchDataSource, let last = items.last else { return }
        var upcoming: [IndexPath] = []
        var index = last + 1
        while index < geometry.count, upcoming.count < Self.prefetchDistance {
            if case .row(let section, let row) = geometry.items[index] {
                let indexPath = IndexPath(row: row, section: section)
                if !prefetched.contains(indexPath), visible[indexPath] == nil { upcoming.append(indexPath) }
            }
            index += 1
        }
        guard !upcoming.isEmpty else { return }
        prefetched.formUnion(upcoming)
        prefetchDataSource.tableView(self, prefetchRowsAt: upcoming)
    }
}
