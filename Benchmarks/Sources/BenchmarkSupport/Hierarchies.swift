import LifetraceUI

/// The shape of a benchmark hierarchy.
public enum HierarchyShape: String, Sendable {
    /// One container with every other view as its direct subview.
    case flat
    /// A chain: each view is the only subview of the one before.
    case deep
}

/// A hierarchy of `count` plain views (the container or the head of the chain included), in a
/// window of its own or detached (laid out by `layoutIfNeeded()` on its root, with no `layoutPass`
/// interval: the uninstrumented baseline of a pass).
@MainActor
public final class Hierarchy {
    public let window: Window?
    public let root: View
    public let views: [View]

    public init(_ shape: HierarchyShape, count: Int, inWindow: Bool) {
        precondition(count >= 1)
        let frame = Window.defaultFrame
        var views: [View] = []
        views.reserveCapacity(count)
        for _ in 0..<count { views.append(View(frame: frame)) }
        switch shape {
        case .flat:
            for view in views.dropFirst() { views[0].addSubview(view) }
        case .deep:
            // Bottom up, so each insertion's checks (is the parent inside the child?) stay O(1).
            for index in stride(from: count - 1, to: 0, by: -1) { views[index - 1].addSubview(views[index]) }
        }
        self.root = views[0]
        self.views = views
        if inWindow {
            let window = Window(frame: frame, runLoop: MainRunLoop(clock: .virtual))
            window.addSubview(views[0])
            self.window = window
        } else {
            self.window = nil
        }
        pass()
    }

    /// Marks every view as needing layout (what a full relayout does).
    public func markAll() {
        for view in views { view.setNeedsLayout() }
    }

    /// One layout pass: the window's `layoutPass` when in a window, else the detached branch.
    public func pass() {
        if let window { window.layoutIfNeeded() } else { root.layoutIfNeeded() }
    }
}
