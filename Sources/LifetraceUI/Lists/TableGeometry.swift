import Foundation

/// Where a table's sections and rows are: one flat list of items (each section's header, its
/// rows, its footer), their heights (estimated until measured) and their tops, kept as prefix
/// sums recomputed lazily from the first height that changed, so finding the rows in a rectangle
/// is a binary search and a frame that measures a few rows costs one pass over what follows them.
struct TableGeometry {
    enum Item: Equatable {
        case header(Int)
        case row(Int, Int)
        case footer(Int)
    }

    private(set) var items: [Item] = []
    private var heights: [CGFloat] = []
    private var measured: [Bool] = []
    private var tops: [CGFloat] = [0]
    private var cleanThrough = 0
    /// The flat index of each section's header item.
    private(set) var sectionStarts: [Int] = []
    /// The height above the first section (the table header view).
    var leading: CGFloat = 0 {
        didSet { if leading != oldValue { cleanThrough = 0 } }
    }

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
        tops = Array(repeating: 0, count: items.count + 1)
        cleanThrough = 0
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
        guard heights[index] != height else { return false }
        heights[index] = height
        cleanThrough = min(cleanThrough, index)
        return true
    }

    /// Brings the tops up to date (from the first changed height on).
    private mutating func updateTops() {
        tops[0] = leading
        guard cleanThrough < items.count else { return }
        var index = cleanThrough
        while index < items.count {
            tops[index + 1] = tops[index] + heights[index]
            index += 1
        }
        cleanThrough = items.count
    }

    /// An item's top (in the content).
    mutating func top(ofRow index: Int) -> CGFloat {
        updateTops()
        return tops[index]
    }

    /// The height of everything.
    mutating func total() -> CGFloat {
        updateTops()
        return tops[items.count]
    }

    /// The items that overlap `minY..<maxY` (a zero-height item on its edge counts).
    mutating func items(overlapping minY: CGFloat, _ maxY: CGFloat) -> Range<Int> {
        updateTops()
        guard !items.isEmpty, maxY > minY else { return 0..<0 }
        // The first item whose bottom is below minY.
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if tops[middle + 1] <= minY { low = middle + 1 } else { high = middle }
        }
        let first = low
        // The first item whose top is at or below maxY.
        low = first
        high = items.count
        while low < high {
            let middle = (low + high) / 2
            if tops[middle] < maxY { low = middle + 1 } else { high = middle }
        }
        return first..<low
    }
}
