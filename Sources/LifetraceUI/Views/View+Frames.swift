import Lifetrace

/// Where views are, as traces record it: the frame a `layoutSubviews` end carries, and the
/// `frameChange` instants of what no `layoutSubviews` tells (a move without a resize, a move to
/// another superview, a scroll, a view leaving).
///
/// Together they let a reader place every view at the end of any layout pass: a view's latest
/// record gives its size and its offset from its superview, and a view whose ancestor moved since is
/// placed from that ancestor's place by the offsets in between. That holds because every change of
/// an offset is recorded when it happens: a view's origin changes (a resized view lays out again
/// and its `layoutSubviews` end says where it is; one that only moved sends `frameChange`), its
/// superview's bounds origin changes (each subview sends `frameChange`), or its superview does
/// (`frameChange`, unless it lays out anyway). A view that leaves its superview or is released
/// sends `frameChange` without a frame, so a reader drops its branch, and the branch of a released
/// view whose address a new view takes.
///
/// Every check is one load and a branch with instrumentation off; frames are computed only for a
/// record a sink wants.
extension View {
    /// The view's place as its records carry it: its frame in its window's coordinates (those of
    /// the top of its hierarchy, whose top-left corner is the origin), its offset from its
    /// superview's corner as drawn, and its superview.
    var tracedFrame: Details.Frame {
        let size = bounds.size
        guard let superview else {
            return Details.Frame(x: 0, y: 0, width: size.width.native, height: size.height.native)
        }
        let origin = frame.origin
        let scroll = superview.bounds.origin
        let offset = Point(x: origin.x - scroll.x, y: origin.y - scroll.y)
        let windowOrigin = FramePath.windowOrigin(of: self, superview: superview, offset: offset)
        return Details.Frame(
            x: windowOrigin.x.native, y: windowOrigin.y.native, width: size.width.native, height: size.height.native,
            offsetX: offset.x.native, offsetY: offset.y.native, superview: UInt(bitPattern: ObjectIdentifier(superview)))
    }

    /// The view moved without a resize (or to another superview): a `frameChange` with its frame,
    /// if a sink wants it.
    @inline(__always)
    func traceMove() {
        guard LifetraceSystem.wantsInstant(.frameChange) else { return }
        emitFrameChange()
    }

    /// The bounds origin changed (a scroll): each subview moved on screen without a record of its
    /// own, so each sends a `frameChange`, if a sink wants them.
    @inline(__always)
    func traceScroll() {
        guard !subviews.isEmpty, LifetraceSystem.wantsInstant(.frameChange) else { return }
        for subview in subviews { subview.emitFrameChange() }
    }

    /// The view left its superview, or is being released: a `frameChange` without a frame, if a
    /// sink wants it.
    @inline(__always)
    func traceRemoval() {
        guard LifetraceSystem.wantsInstant(.frameChange) else { return }
        emitEvent(.frameChange, frame: nil)
    }

    @inline(never)
    private func emitFrameChange() {
        emitEvent(.frameChange, frame: tracedFrame)
    }
}
