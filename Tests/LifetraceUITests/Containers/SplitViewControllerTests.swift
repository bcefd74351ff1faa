import Foundation
import Lifetrace
import LifetraceUI
import Testing

/// A split view delegate that answers a fixed top column and notes its calls.
@MainActor
final class SplitRecorder: SplitViewControllerDelegate {
    var top: SplitViewController.Column?
    private(set) var calls: [String] = []

    func splitViewController(
        _ svc: SplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column {
        calls.append("topColumn proposed=\(proposedTopColumn)")
        return top ?? proposedTopColumn
    }

    func splitViewControllerDidCollapse(_ svc: SplitViewController) { calls.append("didCollapse collapsed=\(svc.isCollapsed)") }
    func splitViewControllerDidExpand(_ svc: SplitViewController) { calls.append("didExpand collapsed=\(svc.isCollapsed)") }
}

/// Split view controllers: expanded on a regular-width window (every column appears), collapsed
/// on a compact one (one stack, the secondary over the primary), and a size transition between.
@Suite("Split view controllers")
@MainActor
struct SplitViewControllerTests {
    /// An iPad-sized window in landscape: horizontally regular.
    static let iPad = Size(width: 1024, height: 768)
    static let splitHooks: [Hook] = [
        .splitViewControllerTopColumnForCollapsing, .splitViewControllerDidCollapse, .splitViewControllerDidExpand,
    ]

    /// A double-column split view over List (primary) and Detail (secondary).
    private func makeSplit(_ delegate: SplitRecorder? = nil, triple: Bool = false) -> SplitViewController {
        let split = SplitViewController(style: triple ? .tripleColumn : .doubleColumn, name: "Split")
        split.delegate = delegate
        split.setViewController(ViewController(name: "List"), for: .primary)
        if triple { split.setViewController(ViewController(name: "Items"), for: .supplementary) }
        split.setViewController(ViewController(name: "Detail"), for: .secondary)
        return split
    }

    @Test(
        "expanded launch (regular width): each column's navigation controller and controller appear, parent first, column by column"
    )
    func launchExpanded() {
        withTrace(size: Self.iPad) { trace in
            let split = makeSplit()
            trace.launch(split)
            #expect(!split.isCollapsed)
            #expect(
                trace.lines(Hooks.appearance) == [
                    "Split viewWillAppear", "ListNav viewWillAppear", "List viewWillAppear",
                    "DetailNav viewWillAppear", "Detail viewWillAppear",
                    "Split viewDidAppear", "ListNav viewDidAppear", "List viewDidAppear",
                    "DetailNav viewDidAppear", "Detail viewDidAppear",
                ])
            #expect(split.viewControllers.map(\.name) == ["ListNav", "DetailNav"])
            #expect(split.viewController(for: .secondary)?.name == "Detail")
            #expect(split.viewController(for: .primary)?.navigationController?.name == "ListNav")
            #expect(split.viewController(for: .secondary)?.splitViewController === split)
            #expect(split.viewControllers.map { $0.view.frame.width } == [320, 704])
            #expect(trace.lines(Self.splitHooks).isEmpty)
        }
    }

    @Test(
        "collapsed launch (compact width): collapses before its viewWillAppear; one stack, the secondary over the primary; only the secondary appears, the primary stays unloaded"
    )
    func launchCollapsed() {
        withTrace { trace in
            let recorder = SplitRecorder()
            let split = makeSplit(recorder)
            trace.launch(split)
            #expect(split.isCollapsed)
            #expect(recorder.calls == ["topColumn proposed=secondary", "didCollapse collapsed=true"])
            #expect(
                trace.lines(Hooks.appearance + Self.splitHooks) == [
                    "Split splitViewControllerTopColumnForCollapsing", "Split splitViewControllerDidCollapse",
                    "Split viewWillAppear", "ListNav viewWillAppear", "Detail viewWillAppear",
                    "Split viewDidAppear", "ListNav viewDidAppear", "Detail viewDidAppear",
                ])
            let nav = split.viewControllers.first as? NavigationController
            #expect(split.viewControllers.count == 1)
            #expect(nav?.viewControllers.map(\.name) == ["List", "Detail"])
            #expect(split.viewController(for: .primary)?.isViewLoaded == false)
            #expect(trace.count(.loadView, of: "DetailNav") == 0, "the secondary's navigation controller is not shown")
        }
    }

    @Test("the delegate can put the primary on top: the secondary neither loads nor appears")
    func collapseToPrimary() {
        withTrace { trace in
            let recorder = SplitRecorder()
            recorder.top = .primary
            let split = makeSplit(recorder)
            trace.launch(split)
            #expect(
                trace.lines(Hooks.appearance) == [
                    "Split viewWillAppear", "ListNav viewWillAppear", "List viewWillAppear",
                    "Split viewDidAppear", "ListNav viewDidAppear", "List viewDidAppear",
                ])
            #expect(split.viewController(for: .secondary)?.isViewLoaded == false)
        }
    }

    @Test("a compact column's controller is what the collapsed interface shows")
    func compactColumn() {
        withTrace { trace in
            let split = makeSplit()
            split.setViewController(ViewController(name: "Phone"), for: .compact)
            trace.launch(split)
            #expect(
                trace.lines(Hooks.appearance).prefix(3) == [
                    "Split viewWillAppear", "PhoneNav viewWillAppear", "Phone viewWillAppear",
                ])
            #expect(split.viewControllers.map(\.name) == ["PhoneNav"])
        }
    }

    @Test(
        "collapsing on a size transition: the primary disappears under the secondary, the secondary moves silently, its old navigation controller leaves"
    )
    func collapseOnResize() {
        withTrace(size: Self.iPad) { trace in
            let recorder = SplitRecorder()
            let split = makeSplit(recorder)
            trace.launch(split)
            trace.reset()
            trace.window.transition(to: Window.defaultFrame.size)
            trace.settle()
            #expect(split.isCollapsed)
            #expect(
                trace.lines(Hooks.appearance + Self.splitHooks) == [
                    "Split splitViewControllerTopColumnForCollapsing",
                    "DetailNav viewWillDisappear", "DetailNav viewDidDisappear",
                    "List viewWillDisappear", "List viewDidDisappear",
                    "Split splitViewControllerDidCollapse",
                ])
            #expect(trace.count(.viewWillDisappear, of: "Detail") == 0 && trace.count(.viewWillAppear, of: "Detail") == 0)
            #expect((split.viewControllers.first as? NavigationController)?.viewControllers.map(\.name) == ["List", "Detail"])
            #expect(split.viewController(for: .secondary)?.navigationController?.name == "ListNav")
            #expect(split.viewControllers.first?.view.frame.size == Window.defaultFrame.size)
        }
    }

    @Test(
        "expanding on a size transition: the primary reappears, the secondary's navigation controller appears with the secondary, which moves silently back"
    )
    func expandOnResize() {
        withTrace { trace in
            let recorder = SplitRecorder()
            let split = makeSplit(recorder)
            trace.launch(split)
            trace.reset()
            trace.window.transition(to: Self.iPad)
            trace.settle()
            #expect(!split.isCollapsed)
            #expect(recorder.calls.last == "didExpand collapsed=false")
            #expect(
                trace.lines(Hooks.appearance + Self.splitHooks) == [
                    "List viewWillAppear", "List viewDidAppear",
                    "DetailNav viewWillAppear", "DetailNav viewDidAppear",
                    "Split splitViewControllerDidExpand",
                ])
            #expect(split.viewControllers.map(\.name) == ["ListNav", "DetailNav"])
            #expect((split.viewControllers.last as? NavigationController)?.viewControllers.map(\.name) == ["Detail"])
            #expect(split.viewController(for: .secondary)?.appearanceState == .appeared)
            #expect(split.viewControllers.map { $0.view.frame.width } == [320, 704])
        }
    }

    @Test(
        "triple column: collapsed, primary, supplementary and secondary on one stack; the supplementary leaves the screen when collapsing"
    )
    func tripleColumn() {
        withTrace(size: Self.iPad) { trace in
            let split = makeSplit(triple: true)
            trace.launch(split)
            #expect(split.viewControllers.map(\.name) == ["ListNav", "ItemsNav", "DetailNav"])
            trace.reset()
            trace.window.transition(to: Window.defaultFrame.size)
            trace.settle()
            #expect(
                (split.viewControllers.first as? NavigationController)?.viewControllers.map(\.name) == [
                    "List", "Items", "Detail",
                ])
            #expect(
                trace.lines(Hooks.appearance) == [
                    "ItemsNav viewWillDisappear", "Items viewWillDisappear", "ItemsNav viewDidDisappear",
                    "Items viewDidDisappear",
                    "DetailNav viewWillDisappear", "DetailNav viewDidDisappear",
                    "List viewWillDisappear", "List viewDidDisappear",
                ])
            trace.reset()
            trace.window.transition(to: Self.iPad)
            trace.settle()
            #expect(split.viewControllers.map(\.name) == ["ListNav", "ItemsNav", "DetailNav"])
            #expect(
                trace.lines(Hooks.appearance) == [
                    "List viewWillAppear", "List viewDidAppear",
                    "ItemsNav viewWillAppear", "Items viewWillAppear", "ItemsNav viewDidAppear", "Items viewDidAppear",
                    "DetailNav viewWillAppear", "DetailNav viewDidAppear",
                ])
        }
    }

    @Test("collapsed: show(.primary) pops to the primary; setViewController for the secondary pushes the new detail")
    func showAndSetWhileCollapsed() {
        withTrace { trace in
            let split = makeSplit()
            trace.launch(split)
            trace.reset()
            split.show(.primary)
            trace.settle()
            let nav = split.viewControllers.first as? NavigationController
            #expect(nav?.viewControllers.map(\.name) == ["List"])
            #expect(
                trace.lines(Hooks.appearance) == [
                    "Detail viewWillDisappear", "List viewWillAppear", "Detail viewDidDisappear", "List viewDidAppear",
                ])
            trace.reset()
            split.setViewController(ViewController(name: "Other"), for: .secondary)
            trace.settle()
            #expect(nav?.viewControllers.map(\.name) == ["List", "Other"])
            #expect(
                trace.lines(Hooks.appearance) == [
                    "List viewWillDisappear", "Other viewWillAppear", "List viewDidDisappear", "Other viewDidAppear",
                ])
            #expect(split.viewController(for: .secondary)?.name == "Other")
            trace.reset()
            trace.window.transition(to: Self.iPad)
            trace.settle()
            #expect((split.viewControllers.last as? NavigationController)?.viewControllers.map(\.name) == ["Other"])
        }
    }

    @Test(
        "classic style: viewControllers; collapsing pushes the secondary onto a navigation primary; misuse of the column API is a warning"
    )
    func classic() {
        withTrace { trace in
            let split = SplitViewController(name: "Split")
            let list = ViewController(name: "List")
            let primary = NavigationController(rootViewController: list, name: "ListNav")
            split.viewControllers = [primary, ViewController(name: "Detail")]
            trace.launch(split)
            split.setViewController(ViewController(name: "Ignored"), for: .secondary)
            #expect(trace.warnings.count == 1 && split.viewController(for: .secondary)?.name == "Detail")
            #expect(split.isCollapsed && primary.viewControllers.map(\.name) == ["List", "Detail"])
            #expect(
                trace.lines(Hooks.appearance).prefix(3) == [
                    "Split viewWillAppear", "ListNav viewWillAppear", "Detail viewWillAppear",
                ])
            #expect(
                trace.lines(Self.splitHooks) == ["Split splitViewControllerDidCollapse"], "the column-style delegate is not asked"
            )
            trace.reset()
            trace.window.transition(to: Self.iPad)
            trace.settle()
            #expect(split.viewControllers.map(\.name) == ["ListNav", "Detail"])
            #expect(trace.count(.viewWillDisappear, of: "Detail") == 0 && trace.count(.viewWillAppear, of: "Detail") == 0)
        }
    }

    @Test(
        "misuse: a supplementary column on a double-column split view is ignored with a warning; a delegate choosing an empty column falls back to the proposed one"
    )
    func misuse() throws {
        try withTrace { trace in
            let recorder = SplitRecorder()
            recorder.top = .compact
            let split = makeSplit(recorder)
            trace.launch(split)
            split.setViewController(ViewController(name: "Items"), for: .supplementary)
            try #require(trace.warnings.count == 2, "\(trace.warnings)")
            #expect(trace.warnings[0].contains("chose the compact column"))
            #expect(trace.warnings[1].contains("has two columns"))
            #expect((split.viewControllers.first as? NavigationController)?.topViewController?.name == "Detail")
            #expect(trace.errors.isEmpty)
        }
    }
}
