extension Details {
    /// Where a view is on screen: what a `layoutSubviews` end record and a `frameChange` instant carry,
    /// so that a trace tells where the layout put each view and a reader can draw the hierarchy.
    ///
    /// Every number is in points. The frame is in the coordinate space of the view's window (of the
    /// top of its hierarchy when it is in no window). The offset is where the view's origin sits from
    /// its superview's top-left corner as drawn: the frame's origin in the superview's coordinates less
    /// the superview's bounds origin (its scroll offset). A reader that keeps each view's latest record
    /// places a view whose ancestor moved since by adding its offset to its superview's place, without
    /// a record of its own (docs/json-lines.md: `frame`, `offset`, `superview`).
    public struct Frame: Sendable, Hashable {
        /// The left edge, in the window's coordinates.
        public var x: Double
        /// The top edge, in the window's coordinates.
        public var y: Double
        /// The width.
        public var width: Double
        /// The height.
        public var height: Double
        /// The horizontal distance from the superview's left edge to the view's (as drawn).
        public var offsetX: Double
        /// The vertical distance from the superview's top edge to the view's (as drawn).
        public var offsetY: Double
        /// The superview's identity (as ``Subject/id`` gives it); `nil` for a view with none (a window).
        public var superview: UInt?

        /// Creates a frame record; the offset defaults to the frame's origin (a view whose superview
        /// is at the window's origin and not scrolled, or that has none).
        @inlinable
        public init(
            x: Double, y: Double, width: Double, height: Double, offsetX: Double? = nil, offsetY: Double? = nil,
            superview: UInt? = nil
        ) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.offsetX = offsetX ?? x
            self.offsetY = offsetY ?? y
            self.superview = superview
        }
    }
}
