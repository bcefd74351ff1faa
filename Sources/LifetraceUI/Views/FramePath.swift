import Foundation

/// The window origins of one branch of views, top down, as the frame records of a layout walk found
/// them: a record takes its view's window origin from its superview's (the entry before it)
/// instead of walking up to the window, so a walk's records cost a step each, not their depth (a
/// deep hierarchy's pass would otherwise cost the square of its depth). The walk's records come top
/// down, depth first, so the superview of the next one is almost always on the chain.
///
/// Invariants: the entries form a chain, each entry's view the superview of the next, the first a
/// view with no superview; each entry's origin is its view's window origin now. A view whose origin,
/// bounds origin or superview changes while on the chain cuts the chain there (``cut(at:)``), which
/// keeps the second invariant (only the views below it moved with it, and they are after it). The
/// views on the chain, and only they, have `isOnFramePath` set. The chain holds its views, is used
/// only inside layout walks, and is emptied when the outermost walk ends (``View/withLayoutStack(_:)``),
/// so it keeps no view alive past a walk.
@MainActor
enum FramePath {
    private static var views: [View] = []
    private static var origins: [Point] = []

    /// How many layout walks are running (nested ones included).
    static var walks = 0

    /// The window origin of `view`, whose superview is `superview` and whose origin sits `offset`
    /// from it. Inside a layout walk it comes from the chain, which then ends with `view`; outside,
    /// from a walk up to the window.
    static func windowOrigin(of view: View, superview: View, offset: Point) -> Point {
        guard walks > 0 else {
            let above = windowOrigin(of: superview)
            return Point(x: above.x + offset.x, y: above.y + offset.y)
        }
        while let last = views.last, last !== superview { removeLast() }
        if views.isEmpty { push(branchOf: superview) }
        let above = origins[origins.count - 1]
        let origin = Point(x: above.x + offset.x, y: above.y + offset.y)
        push(view, origin)
        return origin
    }

    /// A view moved (or scrolled, or changed superview) while on the chain: it and the views after
    /// it leave the chain.
    static func cut(at view: View) {
        while let last = views.last {
            removeLast()
            if last === view { return }
        }
    }

    /// Empties the chain (the outermost layout walk ended).
    static func clear() {
        while !views.isEmpty { removeLast() }
    }

    /// Whether the chain is empty.
    static var isEmpty: Bool { views.isEmpty }

    /// The window origin of `view` from a walk up to the top of its hierarchy.
    private static func windowOrigin(of view: View) -> Point {
        var origin = Point.zero
        var current = view
        while let superview = current.superview {
            let own = current.frame.origin
            let scroll = superview.bounds.origin
            origin.x += own.x - scroll.x
            origin.y += own.y - scroll.y
            current = superview
        }
        return origin
    }

    /// Puts `view`'s branch on the (empty) chain: its top, then each view down to `view` (in the
    /// chain's own storage, which keeps its capacity from walk to walk: no allocation once grown).
    private static func push(branchOf view: View) {
        var depth = 0
        var current = view
        while let superview = current.superview {
            depth += 1
            current = superview
        }
        for _ in 0...depth {
            views.append(view)
            origins.append(.zero)
        }
        current = view
        for index in stride(from: depth, through: 0, by: -1) {
            views[index] = current
            current.isOnFramePath = true
            if index > 0, let superview = current.superview { current = superview }
        }
        for index in stride(from: 1, through: depth, by: 1) {
            let own = views[index].frame.origin
            let scroll = views[index - 1].bounds.origin
            origins[index] = Point(x: origins[index - 1].x + own.x - scroll.x, y: origins[index - 1].y + own.y - scroll.y)
        }
    }

    private static func push(_ view: View, _ origin: Point) {
        view.isOnFramePath = true
        views.append(view)
        origins.append(origin)
    }

    private static func removeLast() {
        views.removeLast().isOnFramePath = false
        origins.removeLast()
    }
}
