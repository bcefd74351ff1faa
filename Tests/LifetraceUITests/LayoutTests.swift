import Foundation
import Lifetrace
import LifetraceUI
import Testing

/// ordering rule 4: layout is deferred to the end of the run-loop turn, top down, only where
/// needed; `layoutIfNeeded` runs it now; size changes mark views (autoresizing).
@Suite("Layout")
@MainActor
struct LayoutTests {
    // UIView.setNeedsLayout() docs: "This method makes a note of the request and returns
    // immediately. Because this method does not force an immediate update, but instead waits for
    // the next update cycle, you can use it to invalidate the layout of multiple views before any of
    // those views are updated"; ordering rule 4.
    @Test("setNeedsLayout runs nothing until the run loop turns, and coalesces")
    func deferredLayout() {
        withTrace { trace in
            let a = TestViewController("A")
            trace.launch(a)
            trace.reset()
            a.view.setNeedsLayout()
            a.view.setNeedsLayout()
            #expect(trace.lines(Hooks.layout).isEmpty)
            #expect(trace.runLoop.hasPendingWork)
            trace.settle()
            #expect(trace.lines(Hooks.layout) == ["A viewWillLayoutSubviews", "A viewDidLayoutSubviews"])
            #expect(trace.layoutPassCounts == [1])
        }
    }

    // UIView.layoutIfNeeded() docs: "Lays out the subviews immediately, if layout updates are
    // pending … If no layout updates are pending, this method exits without modifying the layout or
    // calling any layout-related callbacks"; ordering rule 4: "layoutIfNeeded runs it now".
    @Test("layoutIfNeeded lays out now, and does nothing when nothing is pending")
    func layoutIfNeededRunsNow() {
        withTrace { trace in
            let a = TestViewController("A")
            trace.launch(a)
            trace.reset()
            a.view.layoutIfNeeded()
            #expect(trace.lines(Hooks.layout).isEmpty)
            a.view.setNeedsLayout()
            a.view.layoutIfNeeded()
            #expect(trace.lines(Hooks.layout) == ["A viewWillLayoutSubviews", "A viewDidLayoutSubviews"])
            trace.settle()
            #expect(trace.lines(Hooks.layout).count == 2)
        }
    }

    // ordering rule 4: "top down (a parent's viewDidLayoutSubviews before its child's
    // viewWillLayoutSubviews)". The parent is built as the scenario step `child C in P` builds it
    // (golden/README.md: addChild, addSubview, didMove in viewDidLoad, the child's view filling the
    // parent's and resizing with it).
    @Test("layout runs top down: parent's viewDidLayoutSubviews before the child's viewWillLayoutSubviews")
    func topDown() {
        withTrace { trace in
            let child = TestViewController("C")
            let parent = TestViewController("P")
            parent.declaredChildren = [child]
            trace.launch(parent)
            #expect(
                trace.lines(Hooks.layout) == [
                    "P viewWillLayoutSubviews", "P viewDidLayoutSubviews",
                    "C viewWillLayoutSubviews", "C viewDidLayoutSubviews",
                ])
            // Marking the child first does not change the order.
            trace.reset()
            child.view.setNeedsLayout()
            parent.view.setNeedsLayout()
            trace.settle()
            #expect(
                trace.lines(Hooks.layout) == [
                    "P viewWillLayoutSubviews", "P viewDidLayoutSubviews",
                    "C viewWillLayoutSubviews", "C viewDidLayoutSubviews",
                ])
            #expect(trace.layoutPassCounts == [2])
        }
    }

    // ordering rule 4 ("the pass runs … top down"): "Every layout pass is an instrumented
    // interval (layoutPass, with the number of views laid out)". Only the branch that needs layout
    // is visited: its ancestors are walked through, not laid out.
    @Test("only views needing layout are laid out (layoutPass count)")
    func onlyMarkedBranches() {
        withTrace { trace in
            let a = TestViewController("A")
            let left = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let leftInner = CountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            let right = CountingView(frame: Rect(x: 100, y: 0, width: 100, height: 100))
            let rightInner = CountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
            left.addSubview(leftInner)
            right.addSubview(rightInner)
            a.view.addSubview(left)
            a.view.addSubview(right)
            trace.launch(a)
            #expect([left, leftInner, right, rightInner].map(\.layoutCount) == [1, 1, 1, 1])
            trace.reset()

            rightInner.setNeedsLayout()
            trace.settle()
            #expect(trace.layoutPassCounts == [1])
            #expect([left, leftInner, right, rightInner].map(\.layoutCount) == [1, 1, 1, 2])
            #expect(trace.lines(Hooks.layout).isEmpty)

            trace.reset()
            leftInner.setNeedsLayout()
            right.setNeedsLayout()
            trace.settle()
            #expect(trace.layoutPassCounts == [2])
            #expect([left, leftInner, right, rightInner].map(\.layoutCount) == [1, 2, 2, 2])

            // Nothing marked: no pass at all.
            trace.reset()
            trace.settle()
            #expect(trace.layoutPassCounts.isEmpty)
        }
    }

    // UIView.AutoresizingMask (springs and struts): a flexible width absorbs the superview's change.
    @Test("autoresizing: flexible width")
    func flexibleWidth() {
        let frame = Rect(x: 10, y: 20, width: 100, height: 50)
        let resized = AutoresizingMask.flexibleWidth.resize(
            frame, fromSuperviewSize: Size(width: 200, height: 100), to: Size(width: 300, height: 150))
        #expect(resized == Rect(x: 10, y: 20, width: 200, height: 50))
    }

    // UIView.AutoresizingMask: flexible left and right margins share the change in proportion to
    // their sizes (a centred view stays centred); a flexible left margin alone pins the right edge.
    @Test("autoresizing: flexible margins")
    func flexibleMargins() {
        let frame = Rect(x: 50, y: 10, width: 100, height: 20)
        let old = Size(width: 200, height: 100)
        let new = Size(width: 300, height: 100)
        let centred = AutoresizingMask([.flexibleLeftMargin, .flexibleRightMargin]).resize(frame, fromSuperviewSize: old, to: new)
        #expect(centred == Rect(x: 100, y: 10, width: 100, height: 20))
        let pinnedRight = AutoresizingMask.flexibleLeftMargin.resize(frame, fromSuperviewSize: old, to: new)
        #expect(pinnedRight == Rect(x: 150, y: 10, width: 100, height: 20))
        let pinnedBottom = AutoresizingMask.flexibleTopMargin.resize(
            frame, fromSuperviewSize: old, to: Size(width: 200, height: 160))
        #expect(pinnedBottom == Rect(x: 50, y: 70, width: 100, height: 20))
    }

    // UIView.AutoresizingMask: with no flexible part the frame stays as it is.
    @Test("autoresizing: fixed (empty mask)")
    func fixed() {
        let frame = Rect(x: 50, y: 10, width: 100, height: 20)
        let resized = AutoresizingMask().resize(
            frame, fromSuperviewSize: Size(width: 200, height: 100), to: Size(width: 400, height: 50))
        #expect(resized == frame)
    }

    // "Autoresizing masks (springs and struts) so a size change reaches descendants".
    @Test("a window resize reaches a nested view's frame")
    func windowResizeReachesNestedViews() {
        withTrace { trace in
            let a = TestViewController("A")
            let bar = View(frame: Rect(x: 0, y: 0, width: 390, height: 100))
            bar.autoresizingMask = .flexibleWidth
            let inner = CountingView(frame: Rect(x: 10, y: 10, width: 370, height: 20))
            inner.autoresizingMask = .flexibleWidth
            let fixed = View(frame: Rect(x: 10, y: 40, width: 50, height: 20))
            bar.addSubview(inner)
            bar.addSubview(fixed)
            a.view.addSubview(bar)
            trace.launch(a)
            trace.window.transition(to: Size(width: 844, height: 390), animated: false)
            trace.settle()
            #expect(a.view.frame.size == Size(width: 844, height: 390))
            #expect(bar.frame == Rect(x: 0, y: 0, width: 844, height: 100))
            #expect(inner.frame == Rect(x: 10, y: 10, width: 824, height: 20))
            #expect(fixed.frame == Rect(x: 10, y: 40, width: 50, height: 20))
            #expect(inner.layoutCount == 2)
        }
    }

    // ordering rule 4: "Size changes mark views that need layout"; a move that keeps the size
    // does not (the published observation "setFrame … calls layoutSubviews on the view having its
    // frame set only if the size parameter of the frame is different", StackOverflow "When is
    // layoutSubviews called?").
    @Test("a size change marks the view for layout; a move does not")
    func sizeChangeMarksLayout() {
        withTrace { trace in
            let a = TestViewController("A")
            let box = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            a.view.addSubview(box)
            trace.launch(a)
            #expect(box.layoutCount == 1)
            box.frame = Rect(x: 20, y: 20, width: 100, height: 100)
            trace.settle()
            #expect(box.layoutCount == 1)
            box.frame = Rect(x: 20, y: 20, width: 150, height: 100)
            #expect(box.layoutCount == 1)
            trace.settle()
            #expect(box.layoutCount == 2)
        }
    }

    // ordering rule 4: only size changes and setNeedsLayout mark a view; a view removed and added
    // again with the same size is not laid out again (same StackOverflow observation: layout of a
    // view follows a change of its own bounds).
    @Test("a re-added view with unchanged size is not laid out again")
    func reAddedViewNotLaidOut() {
        withTrace { trace in
            let a = TestViewController("A")
            let box = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            a.view.addSubview(box)
            trace.launch(a)
            #expect(box.layoutCount == 1)
            box.removeFromSuperview()
            a.view.addSubview(box)
            trace.settle()
            #expect(box.layoutCount == 1)
            #expect(box.window === trace.window)
        }
    }

    /// A view that records its layouts in a shared log and, once, lays out another detached branch
    /// from inside its own `layoutSubviews`.
    final class LoggingView: View {
        let name: String
        let log: Log
        var nested: View?

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
            super.init(frame: .zero)
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            log.lines.append(name)
            if let nested {
                self.nested = nil
                nested.setNeedsLayout()
                nested.layoutIfNeeded()
            }
        }
    }

    final class Log { var lines: [String] = [] }

    @Test("detached branches: laid out again and again, and one laid out from inside another's layout")
    func detachedLayoutsNest() {
        let log = Log()
        let outer = LoggingView("outer", log: log)
        let outerChild = LoggingView("outer.child", log: log)
        outer.addSubview(outerChild)
        let inner = LoggingView("inner", log: log)
        inner.addSubview(LoggingView("inner.child", log: log))
        outer.nested = inner
        for _ in 0..<3 {
            outer.setNeedsLayout()
            outerChild.setNeedsLayout()
            outer.layoutIfNeeded()
        }
        // The nested layout (on a scratch stack of its own) runs whole inside the outer one, which
        // then goes on with its own branch.
        #expect(log.lines.prefix(4) == ["outer", "inner", "inner.child", "outer.child"])
        #expect(log.lines.dropFirst(4) == ["outer", "outer.child", "outer", "outer.child"])
    }
}
