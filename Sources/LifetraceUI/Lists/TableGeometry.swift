import Foundation

/// Where a list's sections and rows are: one flat list of items (each section's header, its
/// rows, its footer), their heights (estimated until measured) and their tops, kept in a Fenwick
/// tree of heights: a top is a prefix sum, a height change a point update and finding the rows in
/// a rectangle a descent, each O(log n), so what a scrolled frame costs does not grow with the
/// number of rows.
struct TableGeometry {
    enum Item: Equatable {
        case header(Int)
        case row(Int, Int)
        case footer(Int)
    }

    private(set) var items: [Item] = []
    private var heights: [CGFloat] = []
    private var measured: [Bool] = []
    /// The Fenwick tree of `heights` (1-based: `tree[i]` sums the heights of items
    /// `i - lowbit(i) ..< i`).
    private var tree: [CGFloat] = [0]
    /// The flat index of each section's header item.
    private(set) var sectionStarts: [Int] = []
    /// The height above the first section (the table header view).
    var leading: CGFloat = 0

    init() {}

    init(rowCounts: [Int]) {
        for (section, count) in rowCounts.enumerated() {
            sectionStarts.append(items.count)
            items.append(.header(section))
            for row in 0..<count { items.append(.row(section, row)) }
            items.append(.footer(section))
        }
        heights = Array(repeating: 0, count: items.count)
        measured = Array(repeating: false, count: items.count)
        tree = Array(repeating: 0, count: items.count + 1)
    }

    var count: Int { items.count }

    /// The flat index of a row.
    func flatIndex(of indexPath: IndexPath) -> Int? {
        guard indexPath.count >= 2, sectionStarts.indices.contains(indexPath[0]) else { return nil }
        let index = sectionStarts[indexPath[0]] + 1 + indexPath[1]
        guard items.indices.contains(index), case .row = items[index] else { return nil }
        return index
    }

    func isMeasured(_ index: Int) -> Bool { measured[index] }

    func height(ofRow index: Int) -> CGFloat { heights[index] }

    /// Sets an item's height; returns whether it changed.
    @discardableResult
    mutating func setHeight(_ height: CGFloat, at index: Int, measured isMeasured: Bool) -> Bool {
        measured[index] = isMeasured
        let delta = height - heights[index]
        guard delta != 0 else { return false }
        heights[index] = height
        var node = index + 1
        while node < tree.count {
            tree[node] += delta
            node += node & -node
        }
        return true
    }

    /// The sum of the heights of the items before `index`.
    private func prefix(_ index: Int) -> CGFloat {
        var sum: CGFloat = 0
        var node = index
        while node > 0 {
            sum += tree[node]
            node -= node & -node
        }
        return sum
    }

    /// An item's top (in the content).
    func top(ofRow index: Int) -> CGFloat { leading + prefix(index) }

    /// The height of everything.
    func total() -> CGFloat { leading + prefix(items.count) }

    /// The number of items whose bottoms are at or above `y` (measured from the first item):
    /// the index of the first item that reaches below `y`.
    private func firstItem(below y: CGFloat) -> Int {
        var index = 0
        var remaining = y
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = index + step
            if next < tree.count, tree[next] <= remaining {
                index = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return index
    }

    /// The items that overlap `minY..<maxY` (a zero-height item on its upper edge counts).
    func items(overlapping minY: CGFloat, _ maxY: CGFloat) -> Range<Int> {
        guard !items.isEmpty, maxY > minY else { return 0..<0 }
        let first = firstItem(below: minY - leading)
        var last = first
        while last < items.count, top(ofRow: last) < maxY { last += 1 }
        return min(first, items.count)..<last
    }
}
