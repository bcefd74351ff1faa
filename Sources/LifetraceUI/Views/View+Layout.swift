import Lifetrace

/// Deferred layout: marking, `layoutIfNeeded`, and the top-down walk a window's pass runs.
extension View {
    /// Runs ``layoutSubviews()`` as an instrumented `layoutSubviews` interval.
    ///
    /// The check is inlined into the pass's walk, the recording path is not: inlined, its frame
    /// and registers would cost every view of a pass with no sink, where the check alone costs a
    /// load and a branch (instrumentation off stays under 1 % of a pass's instructions:
    /// tools/bench-layout-instructions, run by tools/test).
    /// `layoutSubviews` runs with observation tracking (a change to an observable property it
    /// read lays the view out again).
    @inline(__always)
    func runLayoutSubviews() {
        guard LifetraceSystem.wantsInterval(.layoutSubviews) else { return trackedLayoutSubviews() }
        runRecordedLayoutSubviews()
    }

    /// The `layoutSubviews` interval; its end carries the view's frame after it (``tracedFrame``),
    /// computed only when a sink wants the end.
    @inline(never)
    private func runRecordedLayoutSubviews() {
        let state = beginInterval(.layoutSubviews)
        trackedLayoutSubviews()
        endInterval(state, frame: tracedFrame)
    }

    private func trackedLayoutSubviews() {
        observingChanges(
            layoutSubviews, onChange: { [weak self] in ObservedChanges.post(.init(view: self, method: .layoutSubviews)) })
    }

    /// Marks the view as needing layout in the next pass, at the end of the run loop's turn.
    public func setNeedsLayout() {
        guard !needsLayout else { return }
        needsLayout = true
        superview?.markDescendantNeedsLayout()
    }

    /// Lays out now whatever in this view's branch needs it, starting with the superviews that do
    /// (as `CALayer.layoutIfNeeded` climbs to the first ancestor that does not need layout).
    public func layoutIfNeeded() {
        if let window {
            window.updateConstraintsAndSolve()
        } else {
            topView.updateConstraintsAndSolveDetached()
        }
        var top = self
        while let parent = top.superview, parent.needsLayout { top = parent }
        if let window = top as? Window {
            window.runLayoutPass()
        } else {
            var count = 0
            Self.withLayoutStack { top.layoutBranch(count: &count, pending: &$0) }
        }
    }

    /// Runs `body` with the scratch stack layout walks share, so a walk allocates nothing once a
    /// walk of its depth has run. It is taken out while in use: a layout nested in another (a
    /// `layoutIfNeeded` from a callback) finds it empty and makes its own.
    /// While walks run, frame records share the chain of window origins (``FramePath``), which
    /// the outermost walk empties when it ends.
    static func withLayoutStack<R>(_ body: (inout [View]) -> R) -> R {
        var pending: [View] = []
        swap(&pending, &layoutStack)
        FramePath.walks += 1
        defer {
            pending.removeAll(keepingCapacity: true)
            swap(&pending, &layoutStack)
            FramePath.walks -= 1
            if FramePath.walks == 0, !FramePath.isEmpty { FramePath.clear() }
        }
        return body(&pending)
    }

    /// The scratch stack of ``withLayoutStack(_:)``.
    private static var layoutStack: [View] = []

    /// Whether this view or one inside it waits for a layout pass.
    var branchNeedsLayout: Bool { needsLayout || descendantNeedsLayout }

    func markDescendantNeedsLayout() {
        var current: View? = self
        while let view = current, !view.descendantNeedsLayout {
            view.descendantNeedsLayout = true
            current = view.superview
        }
    }

    /// Lays out this branch top down: this view first (its controller's will/did around
    /// `layoutSubviews`), then each subview branch that needs it, depth first, in subview order.
    /// `count` gains one per view laid out. `pending` is a scratch stack (its contents are
    /// ignored; see ``withLayoutStack(_:)``), so one buffer serves pass after pass; the walk is iterative, so a
    /// branch of any depth fits on the call stack.
    func layoutBranch(count: inout Int, pending: inout [View]) {
        pending.removeAll(keepingCapacity: true)
        pending.append(self)
        while let view = pending.popLast() {
            if view.needsLayout {
                view.needsLayout = false
                count += 1
                if let controller = view.owningController {
                    controller.performLayout(of: view)
                } else {
                    view.runLayoutSubviews()
                }
            }
            guard view.descendantNeedsLayout else { continue }
            view.descendantNeedsLayout = false
            for subview in view.subviews.reversed() where subview.branchNeedsLayout {
                pending.append(subview)
            }
        }
    }
}
