import Lifetrace
import LifetraceUI
import Testing

/// A data source over a list of pages, and a delegate that notes its calls.
@MainActor
final class PageList: PageViewControllerDataSource, PageViewControllerDelegate {
    let pages: [ViewController]
    private(set) var calls: [String] = []

    init(_ names: [String]) { pages = names.map { ViewController(name: $0) } }

    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController)
        -> ViewController?
    {
        guard let index = pages.firstIndex(where: { $0 === viewController }), index > 0 else { return nil }
        return pages[index - 1]
    }

    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController)
        -> ViewController?
    {
        guard let index = pages.firstIndex(where: { $0 === viewController }), index + 1 < pages.count else { return nil }
        return pages[index + 1]
    }

    func presentationCount(for pageViewController: PageViewController) -> Int { pages.count }

    func pageViewController(_ pageViewController: PageViewController, willTransitionTo pendingViewControllers: [ViewController]) {
        calls.append("willTransitionTo \(pendingViewControllers.map(\.name)) state=\(pendingViewControllers[0].appearanceState)")
    }

    func pageViewController(
        _ pageViewController: PageViewController, didFinishAnimating finished: Bool,
        previousViewControllers: [ViewController], transitionCompleted completed: Bool
    ) {
        calls.append("didFinishAnimating previous=\(previousViewControllers.map(\.name)) completed=\(completed)")
    }
}

/// A page view controller that shows its first page in its viewDidLoad, as apps do.
@MainActor
final class FirstPageInViewDidLoad: PageViewController {
    var first: ViewController?
    override func viewDidLoad() {
        super.viewDidLoad()
        if let first { setViewControllers([first], direction: .forward, animated: false) }
    }
}

/// Page view controllers: pages set without animation appear at once (before their first layout),
/// swipes in the published scroll and page-curl orders, cancelled swipes, and misuse.
@Suite("Page view controllers")
@MainActor
struct PageViewControllerTests {
    static let pageHooks: [Hook] = [
        .pageViewControllerBefore, .pageViewControllerAfter, .pageViewControllerWillTransition,
        .pageViewControllerDidFinishAnimating,
    ]

    /// A launched page view controller (style `style`) over pages One, Two, Three, showing One.
    private func launchPages(_ trace: Trace, style: PageViewController.TransitionStyle = .scroll) -> (
        FirstPageInViewDidLoad, PageList
    ) {
        let list = PageList(["One", "Two", "Three"])
        let pages = FirstPageInViewDidLoad(transitionStyle: style, navigationOrientation: .horizontal, name: "Pages")
        pages.dataSource = list
        pages.delegate = list
        pages.first = list.pages[0]
        trace.launch(pages)
        return (pages, list)
    }

    @Test(
        "launch: the first page, set in viewDidLoad, appears inside the call, before the page view controller's own viewWillAppear and before its first layout"
    )
    func launchQuirk() {
        withTrace { trace in
            _ = launchPages(trace)
            #expect(
                trace.lines(Hooks.lifecycle + Hooks.containment) == [
                    "Pages loadView", "Pages viewDidLoad",
                    "One willMove Pages", "One loadView", "One viewDidLoad", "One viewWillAppear",
                    "One viewIsAppearing", "One viewDidAppear", "One didMove Pages",
                    "Pages viewWillAppear", "Pages viewIsAppearing",
                    "Pages viewWillLayoutSubviews", "Pages viewDidLayoutSubviews",
                    "One viewWillLayoutSubviews", "One viewDidLayoutSubviews",
                    "Pages viewDidAppear",
                ])
            #expect(trace.warnings.isEmpty)
        }
    }

    @Test("setViewControllers on screen without animation: the appearance callbacks at once, layout in the next pass")
    func setWithoutAnimation() {
        withTrace { trace in
            let (pages, list) = launchPages(trace)
            trace.reset()
            pages.setViewControllers([list.pages[2]], direction: .forward, animated: false)
            #expect(
                trace.lines(Hooks.lifecycle + Hooks.containment) == [
                    "Three willMove Pages", "Three loadView", "Three viewDidLoad", "Three viewWillAppear",
                    "One viewWillDisappear", "Three viewIsAppearing", "One willMove",
                    "Three viewDidAppear", "One viewDidDisappear", "One didMove", "Three didMove Pages",
                ])
            #expect(pages.viewControllers?.map(\.name) == ["Three"])
            trace.settle()
            #expect(trace.lines(Hooks.layout).suffix(2) == ["Three viewWillLayoutSubviews", "Three viewDidLayoutSubviews"])
            #expect(list.calls.isEmpty, "the delegate hears of swipes only")
        }
    }

    @Test("setViewControllers animated: a turn without data source or delegate; viewControllers changes when it ends")
    func setAnimated() {
        withTrace { trace in
            let (pages, list) = launchPages(trace)
            trace.reset()
            var finished: Bool?
            pages.setViewControllers([list.pages[1]], direction: .forward, animated: true) { finished = $0 }
            #expect(pages.viewControllers?.map(\.name) == ["One"])
            #expect(pages.isTransitioning)
            trace.settle()
            #expect(finished == true)
            #expect(
                trace.lines(Hooks.appearance + Self.pageHooks) == [
                    "Two viewWillAppear", "One viewWillDisappear", "Two viewDidAppear", "One viewDidDisappear",
                ])
            #expect(pages.viewControllers?.map(\.name) == ["Two"])
            #expect(list.calls.isEmpty)
        }
    }

    @Test(
        "a scroll swipe: data source, willTransitionTo, incoming viewWillAppear before outgoing viewWillDisappear, incoming viewDidAppear first, didFinishAnimating last"
    )
    func scrollSwipe() throws {
        try withTrace { trace in
            let (pages, list) = launchPages(trace)
            trace.reset()
            let swipe = try #require(pages.beginSwipe(.forward))
            #expect(pages.viewControllers?.map(\.name) == ["One"])
            swipe.finish()
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance + Self.pageHooks + Hooks.containment) == [
                    "Pages pageViewControllerAfter One", "Pages pageViewControllerWillTransition Two",
                    "Two willMove Pages", "Two viewWillAppear", "One viewWillDisappear",
                    "One willMove", "Two viewDidAppear", "One viewDidDisappear", "One didMove", "Two didMove Pages",
                    "Pages pageViewControllerDidFinishAnimating One",
                ])
            #expect(
                list.calls == [
                    "willTransitionTo [\"Two\"] state=disappeared", "didFinishAnimating previous=[\"One\"] completed=true",
                ])
            #expect(pages.viewControllers?.map(\.name) == ["Two"])
            #expect(pages.children.map(\.name) == ["Two"])
        }
    }

    @Test("a page-curl swipe ends the outgoing page's appearance first")
    func curlSwipe() {
        withTrace { trace in
            let (pages, list) = launchPages(trace, style: .pageCurl)
            trace.reset()
            #expect(pages.swipe(.forward))
            withExtendedLifetime(list) {}
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance) == [
                    "Two viewWillAppear", "One viewWillDisappear", "One viewDidDisappear", "Two viewDidAppear",
                ])
        }
    }

    @Test("cancelled swipes reverse in each style's order; the pages stay; the delegate hears completed=false")
    func cancelledSwipes() throws {
        try withTrace { trace in
            let (pages, list) = launchPages(trace)
            trace.reset()
            try #require(pages.beginSwipe(.forward)).cancel()
            trace.settle()
            #expect(
                trace.lines(Hooks.appearance) == [
                    "Two viewWillAppear", "One viewWillDisappear", "One viewWillAppear", "One viewDidAppear",
                    "Two viewWillDisappear", "Two viewDidDisappear",
                ])
            #expect(list.calls.last == "didFinishAnimating previous=[\"One\"] completed=false")
            #expect(pages.viewControllers?.map(\.name) == ["One"] && pages.children.map(\.name) == ["One"])
        }
        try withTrace { trace in
            let (pages, list) = launchPages(trace, style: .pageCurl)
            trace.reset()
            try #require(pages.beginSwipe(.forward)).cancel()
            trace.settle()
            withExtendedLifetime(list) {}
            #expect(
                trace.lines(Hooks.appearance) == [
                    "Two viewWillAppear", "One viewWillDisappear", "Two viewWillDisappear", "One viewWillAppear",
                    "Two viewDidDisappear", "One viewDidAppear",
                ])
        }
    }

    @Test("no page that way: the data source is asked, nothing moves; back from the second page asks viewControllerBefore")
    func edges() {
        withTrace { trace in
            let (pages, list) = launchPages(trace)
            trace.reset()
            #expect(pages.beginSwipe(.reverse) == nil)
            #expect(trace.lines(Self.pageHooks + Hooks.appearance) == ["Pages pageViewControllerBefore One"])
            #expect(pages.swipe(.forward))
            trace.settle()
            trace.reset()
            #expect(pages.swipe(.reverse))
            trace.settle()
            #expect(
                trace.lines(Self.pageHooks).prefix(2) == [
                    "Pages pageViewControllerBefore Two", "Pages pageViewControllerWillTransition One",
                ])
            #expect(pages.viewControllers?.first === list.pages[0])
            #expect(trace.errors.isEmpty)
        }
    }

    @Test("misuse is a diagnostic: two pages, none, a swipe off screen or during a turn")
    func misuse() throws {
        try withTrace { trace in
            let (pages, list) = launchPages(trace)
            pages.setViewControllers([list.pages[1], list.pages[2]], direction: .forward, animated: false)
            pages.setViewControllers([], direction: .forward, animated: false)
            _ = try #require(pages.beginSwipe(.forward))
            #expect(pages.beginSwipe(.forward) == nil)
            trace.settle()
            #expect(trace.errors.count == 3, "\(trace.errors)")
            #expect(
                trace.errors[0].hasPrefix("The number of view controllers provided (2) doesn't match the number required (1)"))
            #expect(trace.errors[2].contains("is turning a page"))
            let other = PageViewController(transitionStyle: .scroll, navigationOrientation: .vertical, name: "Other")
            other.dataSource = list
            pages.present(other, animated: false)
            trace.settle()
            other.dismiss(animated: false)
            trace.settle()
            #expect(other.beginSwipe(.forward) == nil)
            #expect(trace.errors.last?.contains("is not on screen") == true)
        }
    }

    @Test(
        "pages set before the page view controller's view loads: the view loads and the page appears at once; when the page view controller appears, its forwarding finds the page appeared"
    )
    func setBeforeLoad() {
        withTrace { trace in
            let pages = PageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal, name: "Pages")
            let first = ViewController(name: "First")
            pages.setViewControllers([first], direction: .forward, animated: true)
            #expect(pages.isViewLoaded && first.appearanceState == .appeared)
            trace.launch(pages)
            #expect(
                trace.lines(Hooks.appearance) == [
                    "First viewWillAppear", "First viewDidAppear", "Pages viewWillAppear", "Pages viewDidAppear",
                ])
            #expect(trace.warnings.isEmpty)
        }
    }
}
