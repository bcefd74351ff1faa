import Foundation
import Lifetrace

/// A view that scrolls its content (UIKit's `UIScrollView`): the content offset is the bounds'
/// origin, so scrolling moves what is inside without changing its frames, and each change lays the
/// scroll view out again (a table view places its cells there).
///
/// The content is `contentSize` (set, or, once ``contentLayoutGuide`` is used, the size the
/// engine solves for that guide); the scrollable range is the content plus
/// ``adjustedContentInset``. A driven scroll (``scroll(to:duration:framesPerSecond:curve:)``)
/// moves the offset one display frame at a time, each frame a `frame` interval that holds the
/// layout it caused, so a trace shows per-frame cost against the frame's budget.
@MainActor
open class ScrollView: View {
    /// When the safe area adds to the content inset (UIKit's `UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable, Hashable {
        /// As `scrollableAxes`, and always vertically (as UIKit's for scroll views that bounce
        /// vertically, such as table views, and inside navigation controllers).
        case automatic
        /// On the axes that scroll (content larger than the bounds, or always bouncing).
        case scrollableAxes
        /// Never.
        case never
        /// Always, on both axes.
        case always
    }

    /// How a driven scroll moves between its offsets.
    public enum Curve: Sendable, Hashable {
        /// A constant velocity.
        case linear
        /// A flick's deceleration: fast first, coming to rest (an exponential ease out, as
        /// UIKit's deceleration at its normal rate).
        case decelerating
    }

    /// Told about scrolling.
    public weak var delegate: (any ScrollViewDelegate)?

    /// The content's size.
    public var contentSize: Size = .zero {
        didSet { if contentSize != oldValue, !isSettingContentSizeInLayout { setNeedsLayout() } }
    }
    private var isSettingContentSizeInLayout = false

    /// Where the content is scrolled to: the bounds' origin.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds = Rect(origin: newValue, size: bounds.size)
            withInterval(.scrollViewDidScroll, text: newValue.text) {
                delegate?.scrollViewDidScroll(self)
            }
        }
    }

    /// Space around the content (added to the safe area's, by ``contentInsetAdjustmentBehavior``).
    public var contentInset: EdgeInsets = .zero {
        didSet { if contentInset != oldValue { setNeedsLayout() } }
    }

    /// When the safe area adds to the content inset.
    public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { setNeedsLayout() } }
    }

    /// Kept: indicators, bouncing, paging and the keyboard are not modelled beyond the offset's range.
    public var isScrollEnabled = true
    public var isPagingEnabled = false
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    public var showsVerticalScrollIndicator = true
    public var showsHorizontalScrollIndicator = true
    public var scrollsToTop = true
    public var decelerationRate: CGFloat = 0.998
    /// The pull-to-refresh control, if any (kept out of the subviews: it is not laid out).
    public var refreshControl: RefreshControl?

    /// Whether a driven scroll is dragging or decelerating.
    public private(set) var isDragging = false
    public private(set) var isDecelerating = false
    /// Whether a user's finger is down (a driven drag).
    public var isTracking: Bool { isDragging }

    /// The inset in use: ``contentInset`` plus the safe area's, as the behaviour says.
    public private(set) var adjustedContentInset: EdgeInsets = .zero

    /// The adjusted content inset changed. Overrides call `super`.
    open func adjustedContentInsetDidChange() {}

    /// The guide of the content: constraints to it set ``contentSize`` (its edges are the
    /// content's, at the content's origin).
    public var contentLayoutGuide: LayoutGuide {
        if let guide = contentGuide { return guide }
        let guide = makeGuide("contentLayoutGuide") {
            [$0.leftAnchor.constraint(equalTo: leftAnchor), $0.topAnchor.constraint(equalTo: topAnchor)]
        }
        contentGuide = guide
        return guide
    }

    /// The guide of the scroll view's frame (pinned to its edges; at the content's origin, so
    /// views pinned to it stay in place only while the offset is zero).
    public var frameLayoutGuide: LayoutGuide {
        if let guide = frameGuide { return guide }
        let guide = makeGuide("frameLayoutGuide") { guide in
            [
                guide.leftAnchor.constraint(equalTo: leftAnchor), guide.topAnchor.constraint(equalTo: topAnchor),
                guide.widthAnchor.constraint(equalTo: widthAnchor), guide.heightAnchor.constraint(equalTo: heightAnchor),
            ]
        }
        frameGuide = guide
        return guide
    }

    /// A guide of the scroll view held by `pins` (named `UIScrollView-NAME-i`, as UIKit's own).
    private func makeGuide(_ name: String, pins: (LayoutGuide) -> [LayoutConstraint]) -> LayoutGuide {
        let guide = LayoutGuide()
        guide.identifier = "\(instrumentationName).\(name)"
        addLayoutGuide(guide)
        let constraints = pins(guide)
        for (index, pin) in constraints.enumerated() { pin.identifier = "UIScrollView-\(name)-\(index)" }
        LayoutConstraint.activate(constraints)
        return guide
    }

    private var contentGuide: LayoutGuide?
    private var frameGuide: LayoutGuide?

    /// How many cells a list configured since the frame began (a `frame` interval's count).
    var cellsConfiguredInFrame = 0
    /// The frames a driven scroll has added to follow a moving target.
    private var followFrames = 0

    // MARK: Range

    /// The least offset: the adjusted inset above and to the left.
    public var minimumContentOffset: Point { Point(x: -adjustedContentInset.left, y: -adjustedContentInset.top) }

    /// The greatest offset: the content's far edges plus the inset, against the bounds.
    public var maximumContentOffset: Point {
        let minimum = minimumContentOffset
        return Point(
            x: max(minimum.x, contentSize.width + adjustedContentInset.right - bounds.width),
            y: max(minimum.y, contentSize.height + adjustedContentInset.bottom - bounds.height))
    }

    /// Sets the offset; animated, it is a driven scroll of 0.3 s, then the delegate's
    /// `scrollViewDidEndScrollingAnimation`.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        guard animated else {
            contentOffset = offset
            return
        }
        runFrames(toward: { offset }, duration: 0.3, framesPerSecond: ScrollView.defaultFramesPerSecond, curve: .decelerating) {
            scrollView in
            scrollView.delegate?.scrollViewDidEndScrollingAnimation(scrollView)
        }
    }

    /// Scrolls the least needed to show `rect` (in content coordinates).
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        var offset = contentOffset
        if rect.minY < offset.y {
            offset.y = rect.minY
        } else if rect.maxY > offset.y + bounds.height {
            offset.y = rect.maxY - bounds.height
        }
        if rect.minX < offset.x {
            offset.x = rect.minX
        } else if rect.maxX > offset.x + bounds.width {
            offset.x = rect.maxX - bounds.width
        }
        setContentOffset(clamped(offset), animated: animated)
    }

    /// `offset` kept within the scrollable range.
    public func clamped(_ offset: Point) -> Point {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        return Point(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }

    // MARK: Driven scrolling

    /// The display's refresh rate: 120 frames a second (a ProMotion iPhone's `maximumFramesPerSecond`).
    public nonisolated static let defaultFramesPerSecond = 120

    /// Scrolls to `offset` (clamped to the range) as a user's drag and flick would, one display
    /// frame at a time over `duration` seconds of the run loop's clock: `scrollViewWillBeginDragging`,
    /// then per frame the offset's change (`scrollViewDidScroll`) and the layout it causes, inside a
    /// `frame` interval; with `.decelerating`, the drag ends after the first frame
    /// (`scrollViewDidEndDragging(_:willDecelerate: true)`), the rest decelerates and ends with
    /// `scrollViewDidEndDecelerating`. Returns at once; the frames run as the run loop turns.
    public func scroll(
        to offset: Point, duration: Double, framesPerSecond: Int = ScrollView.defaultFramesPerSecond,
        curve: Curve = .decelerating
    ) {
        scroll(toward: { offset }, duration: duration, framesPerSecond: framesPerSecond, curve: curve)
    }

    /// A driven scroll toward a target read again at every frame (the end of a list, a row,
    /// whose place moves as rows are measured): the last frames follow it until it holds still
    /// (at most 30 more frames at the same rate).
    package func scroll(
        toward target: @escaping @MainActor () -> Point, duration: Double,
        framesPerSecond: Int = ScrollView.defaultFramesPerSecond, curve: Curve = .decelerating
    ) {
        isDragging = true
        withInterval(.scrollViewWillBeginDragging) { delegate?.scrollViewWillBeginDragging(self) }
        let decelerates = curve == .decelerating
        runFrames(
            toward: target, duration: duration, framesPerSecond: framesPerSecond, curve: curve,
            afterFirstFrame: { scrollView in
                scrollView.isDragging = false
                scrollView.withInterval(.scrollViewDidEndDragging, text: decelerates ? "decelerate" : "stop") {
                    scrollView.delegate?.scrollViewDidEndDragging(scrollView, willDecelerate: decelerates)
                }
                if decelerates {
                    scrollView.isDecelerating = true
                    scrollView.delegate?.scrollViewWillBeginDecelerating(scrollView)
                }
            },
            completion: { scrollView in
                guard decelerates else { return }
                scrollView.isDecelerating = false
                scrollView.withInterval(.scrollViewDidEndDecelerating) {
                    scrollView.delegate?.scrollViewDidEndDecelerating(scrollView)
                }
            })
    }

    /// Schedules the frames of a move to `target` on the run loop: frame `i` of `n` at `i / fps`.
    private func runFrames(
        toward target: @escaping @MainActor () -> Point, duration: Double, framesPerSecond: Int, curve: Curve,
        afterFirstFrame: (@MainActor (ScrollView) -> Void)? = nil, completion: @escaping @MainActor (ScrollView) -> Void
    ) {
        let start = contentOffset
        let fps = max(1, framesPerSecond)
        let frames = max(1, Int((duration * Double(fps)).rounded()))
        let interval = 1 / Double(fps)
        let budget = Double(1_000_000 / fps) / 1000
        let runLoop = hostRunLoop
        for index in 1...frames {
            runLoop.schedule(after: Double(index) * interval) { [weak self] in
                guard let self else { return }
                let progress = Self.progress(Double(index) / Double(frames), curve)
                let end = self.clamped(target())
                let offset = Point(x: start.x + (end.x - start.x) * progress, y: start.y + (end.y - start.y) * progress)
                self.runFrame(index, offset: offset, budget: budget)
                if index == 1 { afterFirstFrame?(self) }
                if index == frames {
                    self.follow(target, from: index, interval: interval, budget: budget, runLoop: runLoop, completion: completion)
                }
            }
        }
    }

    /// After the last frame: while the target has moved (rows measured in that frame), one more
    /// frame goes to it, at most 30; then `completion`.
    private func follow(
        _ target: @escaping @MainActor () -> Point, from index: Int, interval: Double, budget: Double, runLoop: MainRunLoop,
        completion: @escaping @MainActor (ScrollView) -> Void
    ) {
        let next = clamped(target())
        guard next != contentOffset, followFrames < 30 else {
            followFrames = 0
            completion(self)
            return
        }
        followFrames += 1
        runLoop.schedule(after: interval) { [weak self] in
            guard let self else { return }
            self.runFrame(index + 1, offset: self.clamped(target()), budget: budget)
            self.follow(target, from: index + 1, interval: interval, budget: budget, runLoop: runLoop, completion: completion)
        }
    }

    /// One display frame: the offset moves and the window lays out, inside a `frame` interval
    /// counting the cells configured.
    private func runFrame(_ index: Int, offset: Point, budget: Double) {
        cellsConfiguredInFrame = 0
        let state = beginInterval(.displayFrame, text: "#\(index) \(offset.text) budget \(budget) ms")
        contentOffset = offset
        if let window, window.needsLayoutPass { window.runLayoutPass() }
        endInterval(state, count: cellsConfiguredInFrame)
    }

    /// Where a curve is at `t` of its duration (0…1).
    static func progress(_ t: Double, _ curve: Curve) -> Double {
        switch curve {
        case .linear: t
        case .decelerating: (1 - exp(-5 * t)) / (1 - exp(-5))
        }
    }

    /// Runs a list's call to its data source or delegate as an interval of `hook`: of the data
    /// source when it is instrumented (a controller), of the list otherwise.
    func callList<R>(_ dataSource: AnyObject?, _ hook: Hook, _ text: @autoclosure () -> String, _ body: () -> R) -> R {
        if let instrumented = dataSource as? any Instrumented {
            return instrumented.withInterval(untyped: hook, text: text(), body)
        }
        return withInterval(untyped: hook, text: text(), body)
    }

    // MARK: Layout

    /// Updates the adjusted inset (a scroll view resting at the top follows a changed inset),
    /// and, once its content guide is used, the content size from the guide.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if let contentGuide {
            let size = contentGuide.layoutFrame.size
            if size != contentSize { contentSize = size }
        }
        updateAdjustedInset()
    }

    /// Sets the content size from the scroll view's own layout (a list's rows measured): the
    /// adjusted inset follows at once, and no second layout is asked for.
    func setContentSizeInLayout(_ size: Size) {
        guard size != contentSize else { return }
        isSettingContentSizeInLayout = true
        contentSize = size
        isSettingContentSizeInLayout = false
        updateAdjustedInset()
    }

    private func updateAdjustedInset() {
        let adjusted = computedAdjustedInset()
        if adjusted != adjustedContentInset {
            let wasAtRest = contentOffset == minimumContentOffset
            adjustedContentInset = adjusted
            adjustedContentInsetDidChange()
            if wasAtRest { contentOffset = minimumContentOffset }
        }
    }

    /// The axes on which the content inset is adjusted for the safe area.
    var safeAreaAdjustment: (vertical: Bool, horizontal: Bool) {
        switch contentInsetAdjustmentBehavior {
        case .never: (false, false)
        case .always: (true, true)
        case .automatic, .scrollableAxes:
            (
                contentInsetAdjustmentBehavior == .automatic || alwaysBounceVertical || contentSize.height > bounds.height,
                alwaysBounceHorizontal || contentSize.width > bounds.width
            )
        }
    }

    private func computedAdjustedInset() -> EdgeInsets {
        let safe = safeAreaInsets
        let (vertical, horizontal) = safeAreaAdjustment
        return EdgeInsets(
            top: contentInset.top + (vertical ? safe.top : 0), left: contentInset.left + (horizontal ? safe.left : 0),
            bottom: contentInset.bottom + (vertical ? safe.bottom : 0), right: contentInset.right + (horizontal ? safe.right : 0))
    }
}
