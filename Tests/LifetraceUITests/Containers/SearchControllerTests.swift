import Lifetrace
import LifetraceUI
import Testing

/// A search delegate and results updater that notes its calls with the results controller's state.
@MainActor
final class SearchRecorder: SearchControllerDelegate, SearchResultsUpdating {
    private(set) var calls: [String] = []

    func willPresentSearchController(_ searchController: SearchController) { calls.append("willPresent") }
    func didPresentSearchController(_ searchController: SearchController) { calls.append("didPresent") }
    func willDismissSearchController(_ searchController: SearchController) { calls.append("willDismiss") }
    func didDismissSearchController(_ searchController: SearchController) { calls.append("didDismiss") }
    func updateSearchResults(for searchController: SearchController) {
        calls.append("update \"\(searchController.searchBar.text ?? "")\" active=\(searchController.isActive)")
    }
}

/// Search controllers attached to a navigation item: activation presents the search interface
/// over the searched controller (which stays silent), the results controller shows while there
/// is text, deactivation dismisses it.
@Suite("Search controllers")
@MainActor
struct SearchControllerTests {
    static let hooks: [Hook] =
        Hooks.appearance + [
            .willPresentSearchController, .didPresentSearchController, .willDismissSearchController,
            .didDismissSearchController, .updateSearchResults,
        ]

    /// Nav over List, whose navigation item holds Search (results: Results).
    private func launchSearch(_ trace: Trace, recorder: SearchRecorder) -> (ViewController, SearchController) {
        let list = ViewController(name: "List")
        let search = SearchController(searchResultsController: ViewController(name: "Results"), name: "Search")
        search.delegate = recorder
        search.searchResultsUpdater = recorder
        search.searchBar.placeholder = "Search"
        list.navigationItem.searchController = search
        trace.launch(NavigationController(rootViewController: list, name: "Nav"))
        return (list, search)
    }

    @Test(
        "activating with text: willPresent, the updater, the search interface and its results appear, didPresent; the searched controller stays silent"
    )
    func activateWithText() {
        withTrace { trace in
            let recorder = SearchRecorder()
            let (list, search) = launchSearch(trace, recorder: recorder)
            search.searchBar.text = "swift"
            trace.reset()
            search.isActive = true
            #expect(search.isActive && search.isBeingPresented)
            trace.settle()
            #expect(
                trace.lines(Self.hooks) == [
                    "Search willPresentSearchController", "Search updateSearchResults",
                    "Search viewWillAppear", "Results viewWillAppear", "Search viewDidAppear", "Results viewDidAppear",
                    "Search didPresentSearchController",
                ])
            #expect(recorder.calls == ["willPresent", "update \"swift\" active=true", "didPresent"])
            #expect(list.appearanceState == .appeared && list.viewIfLoaded?.window != nil)
            #expect(search.presentingViewController?.name == "Nav")
            #expect(search.searchingController === list)
            #expect(search.modalPresentationStyle == .overCurrentContext)
        }
    }

    @Test("activating with an empty search bar shows no results controller (automatic); typing shows it, clearing hides it")
    func typing() {
        withTrace { trace in
            let recorder = SearchRecorder()
            let (_, search) = launchSearch(trace, recorder: recorder)
            search.isActive = true
            trace.settle()
            #expect(trace.count(.viewWillAppear, of: "Results") == 0)
            trace.reset()
            search.enterText("s")
            trace.settle()
            search.enterText("sw")
            trace.settle()
            search.enterText("")
            trace.settle()
            #expect(
                trace.lines(Self.hooks + Hooks.containment) == [
                    "Search updateSearchResults", "Results willMove Search", "Results viewWillAppear", "Results viewDidAppear",
                    "Results didMove Search",
                    "Search updateSearchResults",
                    "Search updateSearchResults", "Results willMove", "Results viewWillDisappear", "Results viewDidDisappear",
                    "Results didMove",
                ])
            search.showsSearchResultsController = true
            #expect(!search.automaticallyShowsSearchResultsController)
            #expect(search.searchResultsController?.appearanceState == .appeared)
        }
    }

    @Test(
        "deactivating: willDismiss, the search interface and its results disappear, didDismiss; the results controller leaves it")
    func deactivate() {
        withTrace { trace in
            let recorder = SearchRecorder()
            let (list, search) = launchSearch(trace, recorder: recorder)
            search.searchBar.text = "swift"
            search.isActive = true
            trace.settle()
            trace.reset()
            search.isActive = false
            #expect(!search.isActive)
            trace.settle()
            #expect(
                trace.lines(Self.hooks) == [
                    "Search willDismissSearchController",
                    "Search viewWillDisappear", "Results viewWillDisappear", "Search viewDidDisappear",
                    "Results viewDidDisappear",
                    "Search didDismissSearchController",
                ])
            #expect(search.searchResultsController?.parent == nil)
            #expect(list.presentedViewController == nil)
            #expect(trace.lines(Hooks.appearance, of: ["List", "Nav"]).isEmpty)
        }
    }

    @Test(
        "misuse is a diagnostic: not attached, searched controller off screen, typing while inactive, deactivating mid-presentation"
    )
    func misuse() {
        withTrace { trace in
            let recorder = SearchRecorder()
            let (list, search) = launchSearch(trace, recorder: recorder)
            search.enterText("x")
            search.isActive = true
            search.isActive = false
            trace.settle()
            #expect(trace.errors.count == 2, "\(trace.errors)")
            #expect(trace.errors[0].contains("is not active"))
            #expect(trace.errors[1].contains("is being presented or dismissed"))
            #expect(search.isActive)
            let loose = SearchController(searchResultsController: nil, name: "Loose")
            list.navigationItem.searchController = loose
            #expect(search.searchingController == nil && loose.searchingController === list)
            search.isActive = false
            trace.settle()
            list.navigationController?.pushViewController(ViewController(name: "Other"), animated: false)
            trace.settle()
            loose.isActive = true
            #expect(!loose.isActive)
            #expect(trace.errors.last?.contains("is not on screen") == true)
        }
    }
}
