import Foundation

/// A row of segments, one selected (UIKit's `UISegmentedControl`), sized from its titles measured
/// in the system font at 13 points: each segment as wide as the widest title plus 28 points of
/// padding (segments share the width equally unless ``apportionsSegmentWidthsByContent``), 32
/// points high.
@MainActor
open class SegmentedControl: Control {
    /// No segment selected.
    public static let noSegment = -1

    private var titles: [String?] = []
    private var images: [Image?] = []

    /// The selected segment, or ``noSegment``.
    public var selectedSegmentIndex = SegmentedControl.noSegment
    /// Whether segments are as wide as their own content.
    public var apportionsSegmentWidthsByContent = false {
        didSet { invalidateIntrinsicContentSize() }
    }
    /// The selected segment's colour (kept, not drawn).
    public var selectedSegmentTintColor: Color?

    /// A control with a segment per item (titles, or images).
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for item in items ?? [] {
            titles.append(item as? String)
            images.append(item as? Image)
        }
    }

    /// How many segments.
    public var numberOfSegments: Int { titles.count }

    /// Inserts a titled segment.
    public func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        let index = min(max(segment, 0), titles.count)
        titles.insert(title, at: index)
        images.insert(nil, at: index)
        invalidateIntrinsicContentSize()
    }

    /// Removes a segment.
    public func removeSegment(at segment: Int, animated: Bool) {
        guard titles.indices.contains(segment) else { return }
        titles.remove(at: segment)
        images.remove(at: segment)
        if selectedSegmentIndex >= titles.count { selectedSegmentIndex = SegmentedControl.noSegment }
        invalidateIntrinsicContentSize()
    }

    /// Removes every segment.
    public func removeAllSegments() {
        titles.removeAll()
        images.removeAll()
        selectedSegmentIndex = SegmentedControl.noSegment
        invalidateIntrinsicContentSize()
    }

    /// Sets a segment's title.
    public func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard titles.indices.contains(segment) else { return }
        titles[segment] = title
        invalidateIntrinsicContentSize()
    }

    /// A segment's title.
    public func titleForSegment(at segment: Int) -> String? { titles.indices.contains(segment) ? titles[segment] : nil }

    /// Selects a segment as a user would: `valueChanged` is sent when the selection changes.
    public func select(segment: Int) {
        guard isEnabled, titles.indices.contains(segment), segment != selectedSegmentIndex else { return }
        selectedSegmentIndex = segment
        sendActions(for: .valueChanged)
    }

    private func segmentWidths() -> [CGFloat] {
        let font = Font.systemFont(ofSize: 13)
        return zip(titles, images).map { title, image in
            (title.map { font.size(of: $0).width } ?? image?.size.width ?? 0) + 28
        }
    }

    /// The segments' widths side by side, 32 points high.
    open override var intrinsicContentSize: Size {
        let widths = segmentWidths()
        let width = apportionsSegmentWidthsByContent ? widths.reduce(0, +) : (widths.max() ?? 0) * CGFloat(widths.count)
        return Size(width: width, height: 32)
    }

    /// The intrinsic size.
    open override func sizeThatFits(_ size: Size) -> Size { intrinsicContentSize }
}
