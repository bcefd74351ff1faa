import Lifetrace
import LifetraceUI
import Testing

/// Hierarchies far deeper than any screen has: the walks over a branch (into and out of a window,
/// layout, release) must not recurse per level, or a deep enough branch overflows the stack
/// (found by the layout benchmarks: about 52 000 levels when recursive).
@Suite("Deep hierarchies")
@MainActor
struct DeepHierarchyTests {
    static let depth = 150_000

    /// A chain of `depth` views below `root`; returns the deepest.
    private func chain(below root: View, depth: Int) -> View {
        var parent = root
        for _ in 0..<depth {
            let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            parent.addSubview(child)
            parent = child
        }
        return parent
    }

    @Test("a 150 000-deep chain enters a window, is laid out, leaves and is released")
    func deepChain() {
        withTrace { trace in
            let top = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            weak let deepest = chain(below: top, depth: Self.depth)
            trace.window.makeKeyAndVisible()
            trace.window.addSubview(top)
            #expect(deepest?.window === trace.window)
            trace.settle()
            // Every view was new (the window, the top and the chain), so the pass laid out each once.
            #expect(trace.layoutPassCounts.last == Self.depth + 2)
            var visited = 0
            top.forEachInHierarchy { _ in visited += 1 }
            #expect(visited == Self.depth + 1)
            deepest?.setNeedsLayout()
            deepest?.layoutIfNeeded()
            top.removeFromSuperview()
            #expect(deepest?.window == nil)
        }
    }

    @Test("releasing a 150 000-deep chain frees every view without deep recursion")
    func deepRelease() {
        weak var deepest: View?
        do {
            let top = View()
            deepest = chain(below: top, depth: Self.depth)
            #expect(deepest != nil)
        }
        #expect(deepest == nil)
    }
}
