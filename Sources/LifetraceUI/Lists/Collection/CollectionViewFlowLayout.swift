import Foundation

/// Items in lines that wrap (UIKit's `UICollectionViewFlowLayout`): each section's items fill a
/// line across the scrolling axis at ``minimumInteritemSpacing`` at least (the space left shared
/// between them, a lone item centred), lines ``minimumLineSpacing`` apart, inside
/// ``sectionInset``, after the section's header and before its footer. Items are ``itemSize``,
/// or the flow delegate's size; with an ``estimatedItemSize`` they size themselves, each
/// estimate replaced by the cell's preferred size when it is first shown.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
    /// The scrolling axis (UIKit's `UICollectionView.ScrollDirection`).
    public enum ScrollDirection: Int, Sendable, Hashable { case vertical, horizontal }

    /// Asks self-sizing cells for their size from an estimate of this size (UIKit's `automaticSize`).
    public static let automaticSize = Size(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    public var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }
    public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// An estimate turns self-sizing on (`.zero`, the default: off).
    public var estimatedItemSize: Size = .zero { didSet { invalidateLayout() } }
    public var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    public var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    public var sectionInset: EdgeInsets = .zero { didSet { invalidateLayout() } }
    public var headerReferenceSize: Size = .zero { didSet { invalidateLayout() } }
    public var footerReferenceSize: Size = .zero { didSet { invalidateLayout() } }

    /// Each item's size (estimated until its cell has told its preferred size), by section.
    private var sizes: [[Size]] = []
    private var measured: [[Bool]] = []
    /// Each item's frame, by section, and the sections' headers and footers.
    private var frames: [[Rect]] = []
    /// Where each item's line ends along the axis: non-decreasing in a section, so a binary
    /// search finds the first item a rectangle can overlap.
    private var lineEnds: [[CGFloat]] = []
    private var lineStarts: [[CGFloat]] = []
    private var headers: [Rect] = []
    private var footers: [Rect] = []
    private var contentLength: CGFloat = 0
    private var breadth: CGFloat = 0

    public override init() { super.init() }

    override var selfSizes: Bool { estimatedItemSize != .zero }

    private var flowDelegate: (any CollectionViewDelegateFlowLayout)? {
        collectionView?.delegate as? any CollectionViewDelegateFlowLayout
    }

    /// Sizes every item (its estimate, the delegate's size or ``itemSize``) and places them.
    open override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        let counts = itemCounts
        sizes = counts.enumerated().map { section, count in
            (0..<count).map { item in size(ofItemAt: IndexPath(item: item, section: section), in: collectionView) }
        }
        measured = counts.map { Array(repeating: false, count: $0) }
        place(from: 0)
    }

    private func size(ofItemAt indexPath: IndexPath, in collectionView: CollectionView) -> Size {
        if let asked = flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath),
            asked != Self.unanswered
        {
            return asked
        }
        guard estimatedItemSize != .zero else { return itemSize }
        if estimatedItemSize == Self.automaticSize {
            // An automatic estimate: the line's breadth across, a typical item along.
            return scrollDirection == .vertical
                ? Size(width: availableBreadth(collectionView, section: indexPath.section), height: 50)
                : Size(width: 50, height: availableBreadth(collectionView, section: indexPath.section))
        }
        return estimatedItemSize
    }

    /// What a flow delegate method answers when the app does not implement it.
    static let unanswered = Size(width: -1, height: -1)

    private func inset(_ collectionView: CollectionView, section: Int) -> EdgeInsets {
        flowDelegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
    }

    private func lineSpacing(_ collectionView: CollectionView, section: Int) -> CGFloat {
        flowDelegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
    }

    private func interitemSpacing(_ collectionView: CollectionView, section: Int) -> CGFloat {
        flowDelegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
            ?? minimumInteritemSpacing
    }

    private func availableBreadth(_ collectionView: CollectionView, section: Int) -> CGFloat {
        let inset = inset(collectionView, section: section)
        let adjusted = collectionView.adjustedContentInset
        return scrollDirection == .vertical
            ? collectionView.bounds.width - adjusted.left - adjusted.right - inset.left - inset.right
            : collectionView.bounds.height - adjusted.top - adjusted.bottom - inset.top - inset.bottom
    }

    /// A rectangle from lengths along the scrolling axis and across it.
    private func rect(along: CGFloat, across: CGFloat, length: CGFloat, breadth: CGFloat) -> Rect {
        scrollDirection == .vertical
            ? Rect(x: across, y: along, width: breadth, height: length)
            : Rect(x: along, y: across, width: length, height: breadth)
    }

    private func length(_ size: Size) -> CGFloat { scrollDirection == .vertical ? size.height : size.width }
    private func breadthOf(_ size: Size) -> CGFloat { scrollDirection == .vertical ? size.width : size.height }

    /// Places sections from `firstSection` on (the ones before keep their frames).
    private func place(from firstSection: Int) {
        guard let collectionView else { return }
        if frames.count != sizes.count {
            frames = sizes.map { Array(repeating: .zero, count: $0.count) }
            lineEnds = sizes.map { Array(repeating: 0, count: $0.count) }
            lineStarts = lineEnds
            headers = Array(repeating: .zero, count: sizes.count)
            footers = Array(repeating: .zero, count: sizes.count)
        }
        var along: CGFloat =
            firstSection == 0
            ? 0
            : length(footers[firstSection - 1].size)
                + (scrollDirection == .vertical ? footers[firstSection - 1].minY : footers[firstSection - 1].minX)
        let total = scrollDirection == .vertical ? collectionView.bounds.width : collectionView.bounds.height
        breadth = total
        for section in firstSection..<sizes.count {
            let inset = inset(collectionView, section: section)
            let (before, after, crossBefore) =
                scrollDirection == .vertical ? (inset.top, inset.bottom, inset.left) : (inset.left, inset.right, inset.top)
            let header =
                flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
                ?? headerReferenceSize
            headers[section] = rect(
                along: along, across: 0, length: header == Self.unanswered ? 0 : length(header), breadth: total)
            along += length(headers[section].size) + before
            let available = availableBreadth(collectionView, section: section)
            let spacing = interitemSpacing(collectionView, section: section)
            let lines = lineSpacing(collectionView, section: section)
            var index = 0
            let items = sizes[section]
            var firstLine = true
            while index < items.count {
                // Fill one line.
                var end = index
                var used: CGFloat = 0
                while end < items.count {
                    let next = used + (end > index ? spacing : 0) + breadthOf(items[end])
                    if end > index, next > available + 0.0001 { break }
                    used = next
                    end += 1
                }
                if !firstLine { along += lines }
                firstLine = false
                let count = end - index
                let lineLength = items[index..<end].map(length).max() ?? 0
                let widths = items[index..<end].map(breadthOf).reduce(0, +)
                let gap = count > 1 ? spacing + max(0, available - widths - spacing * CGFloat(count - 1)) / CGFloat(count - 1) : 0
                var across = crossBefore + (count == 1 ? max(0, available - widths) / 2 : 0)
                for item in index..<end {
                    let size = items[item]
                    // Items centred across the line's length.
                    let offset = (lineLength - length(size)) / 2
                    frames[section][item] = rect(
                        along: along + offset, across: across, length: length(size), breadth: breadthOf(size))
                    lineEnds[section][item] = along + lineLength
                    lineStarts[section][item] = along
                    across += breadthOf(size) + gap
                }
                along += lineLength
                index = end
            }
            along += after
            let footer =
                flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section)
                ?? footerReferenceSize
            footers[section] = rect(
                along: along, across: 0, length: footer == Self.unanswered ? 0 : length(footer), breadth: total)
            along += length(footers[section].size)
        }
        contentLength = along
    }

    open override var collectionViewContentSize: Size {
        scrollDirection == .vertical ? Size(width: breadth, height: contentLength) : Size(width: contentLength, height: breadth)
    }

    open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
        var result: [CollectionViewLayoutAttributes] = []
        for (section, sectionFrames) in frames.enumerated() {
            if headers[section].intersects(rect), length(headers[section].size) > 0 {
                let attributes = CollectionViewLayoutAttributes(
                    forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
                    with: IndexPath(item: 0, section: section))
                attributes.frame = headers[section]
                result.append(attributes)
            }
            // Lines are in order along the axis: a binary search finds the first that reaches the rectangle.
            let start = scrollDirection == .vertical ? rect.minY : rect.minX
            let ends = lineEnds[section]
            var low = 0
            var high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] <= start { low = middle + 1 } else { high = middle }
            }
            var item = low
            while item < sectionFrames.count {
                let frame = sectionFrames[item]
                if lineStarts[section][item] > (scrollDirection == .vertical ? rect.maxY : rect.maxX) { break }
                if frame.intersects(rect) {
                    let attributes = CollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: section))
                    attributes.frame = frame
                    result.append(attributes)
                }
                item += 1
            }
            if footers[section].intersects(rect), length(footers[section].size) > 0 {
                let attributes = CollectionViewLayoutAttributes(
                    forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter,
                    with: IndexPath(item: 0, section: section))
                attributes.frame = footers[section]
                result.append(attributes)
            }
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard frames.indices.contains(indexPath.section), frames[indexPath.section].indices.contains(indexPath.item) else {
            return nil
        }
        let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = frames[indexPath.section][indexPath.item]
        return attributes
    }

    /// A self-sizing item's first preferred size replaces its estimate.
    open override func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferred: CollectionViewLayoutAttributes,
        withOriginalAttributes original: CollectionViewLayoutAttributes
    ) -> Bool {
        selfSizes && preferred.size != original.size
    }

    open override func preferredSizeDidChange(_ preferred: CollectionViewLayoutAttributes) {
        let path = preferred.indexPath
        guard sizes.indices.contains(path.section), sizes[path.section].indices.contains(path.item) else { return }
        sizes[path.section][path.item] = preferred.size
        measured[path.section][path.item] = true
        place(from: path.section)
    }

    /// Whether an item's size is its cell's preferred one.
    func isMeasured(_ indexPath: IndexPath) -> Bool {
        measured.indices.contains(indexPath.section) && measured[indexPath.section].indices.contains(indexPath.item)
            && measured[indexPath.section][indexPath.item]
    }

    /// Carries measured sizes over an update (`origin`: where each new item was).
    func carrySizes(_ origin: [[IndexPath?]]) {
        let oldSizes = sizes
        let oldMeasured = measured
        needsPrepare = false
        prepare()
        for (section, items) in origin.enumerated() where sizes.indices.contains(section) {
            for (item, old) in items.enumerated() where sizes[section].indices.contains(item) {
                guard let old, oldMeasured.indices.contains(old.section), oldMeasured[old.section].indices.contains(old.item),
                    oldMeasured[old.section][old.item]
                else { continue }
                sizes[section][item] = oldSizes[old.section][old.item]
                measured[section][item] = true
            }
        }
        place(from: 0)
    }
}
