import Foundation
import Lifetrace

/// A search interface (the runtime's `UISearchController`): a search bar, and a results
/// controller shown over the searched content while the search is active.
///
/// Attached with `navigationItem.searchController`, it is presented by the controller whose
/// navigation item holds it when it becomes active (``isActive`` set to `true`, what a tap in the
/// search field does), over that controller's context without removing its view
/// (`overCurrentContext`), so the searched controller gets no appearance callbacks. The order
/// (docs/uikit-containers.md): the delegate's `willPresentSearchController`, the updater's
/// `updateSearchResults(for:)` (the search bar becomes first responder), the search controller's
/// appearance (its results controller, a child, with it when shown), then
/// `didPresentSearchController` once it appeared; deactivating: `willDismissSearchController`,
/// the disappearance, then `didDismissSearchController`. With
/// ``automaticallyShowsSearchResultsController`` (the default, as in UIKit), the results
/// controller is shown while the search bar has text: typing the first character makes it appear,
/// clearing the text makes it disappear.
@MainActor
open class SearchController: ViewController {
    /// The controller that shows the results (a child while the search is active and it is shown);
    /// `nil`: the searched controller shows them itself.
    public let searchResultsController: ViewController?
    /// The search bar.
    public let searchBar = SearchBar(frame: Rect(x: 0, y: 0, width: 390, height: 56))
    /// Told to update the results.
    public weak var searchResultsUpdater: (any SearchResultsUpdating)?
    /// Told about automatic presentation and dismissal.
    public weak var delegate: (any SearchControllerDelegate)?
    /// Whether the searched content is dimmed while the search is active (kept: nothing is drawn).
    public var obscuresBackgroundDuringPresentation = true
    /// Whether the navigation bar hides while the search is active (kept: there are no bars).
    public var hidesNavigationBarDuringPresentation = true
    /// Whether the results controller shows as the search bar's text is empty or not (iOS 13's
    /// default, `true`); setting ``showsSearchResultsController`` turns it off.
    public var automaticallyShowsSearchResultsController = true {
        didSet { updateResultsVisibility() }
    }
    /// Whether the results controller is shown (while active). Setting it turns
    /// ``automaticallyShowsSearchResultsController`` off, as in UIKit.
    public var showsSearchResultsController: Bool {
        get { automaticallyShowsSearchResultsController ? !(searchBar.text ?? "").isEmpty : manuallyShowsResults }
        set {
            manuallyShowsResults = newValue
            automaticallyShowsSearchResultsController = false
        }
    }
    private var manuallyShowsResults = false

    /// The navigation item that holds this search controller (set by `navigationItem.searchController`).
    weak var holdingItem: NavigationItem?

    /// Whether the search interface is presented, or being presented. Setting it to `true`
    /// presents it (as a tap in the search field does), `false` dismisses it.
    public var isActive: Bool {
        get { activeState }
        set { newValue ? activate() : deactivate() }
    }
    private var activeState = false

    /// Creates a search controller whose results show in `searchResultsController` (UIKit's
    /// `init(searchResultsController:)`).
    public init(searchResultsController: ViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .overCurrentContext
    }

    /// Creates a search controller named `name` in traces.
    public convenience init(searchResultsController: ViewController?, name: String?) {
        ViewController.nameNext(Self.self, name)
        self.init(searchResultsController: searchResultsController)
    }

    /// A search controller whose results show in the searched controller (`UISearchController()`).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        searchResultsController = nil
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        modalPresentationStyle = .overCurrentContext
    }

    /// Search controllers are made in code; a storyboard coder makes one without results controller.
    public required init?(coder: NSCoder) {
        searchResultsController = nil
        super.init(coder: coder)
        modalPresentationStyle = .overCurrentContext
    }

    /// The run loop of the search interface's window, or of the searched controller's.
    private var reportingRunLoop: MainRunLoop { window?.runLoop ?? searchingController?.runLoop ?? runLoop }

    /// The controller whose navigation item holds this search controller, if any.
    public var searchingController: ViewController? { holdingItem?.owningController }

    // MARK: Activation

    private func activate() {
        guard !activeState else { return }
        guard let owner = searchingController else {
            reportingRunLoop.report(
                Diagnostic(
                    .error,
                    "\(description) is not attached to a navigation item (navigationItem.searchController); it has nothing to search from."
                ))
            return
        }
        guard owner.viewIfLoaded?.window != nil, owner.appearanceState == .appeared else {
            reportingRunLoop.report(
                Diagnostic(
                    .error,
                    "\(description) cannot become active: \(owner.description), whose navigation item holds it, is not on screen."
                ))
            return
        }
        activeState = true
        withInterval(untyped: .willPresentSearchController) { delegate?.willPresentSearchController(self) }
        notifyUpdater()
        owner.present(self, animated: true) { [weak self] in
            guard let self else { return }
            self.withInterval(untyped: .didPresentSearchController) { self.delegate?.didPresentSearchController(self) }
        }
        if presentingStorage == nil { activeState = false }
    }

    private func deactivate() {
        guard activeState else { return }
        guard presentingStorage != nil, !isBeingPresented, !isBeingDismissed else {
            reportingRunLoop.report(
                Diagnostic(
                    .error,
                    "\(description) is being presented or dismissed; it can be deactivated once it has settled."))
            return
        }
        activeState = false
        withInterval(untyped: .willDismissSearchController) { delegate?.willDismissSearchController(self) }
        dismiss(animated: true) { [weak self] in
            guard let self else { return }
            self.withInterval(untyped: .didDismissSearchController) { self.delegate?.didDismissSearchController(self) }
        }
    }

    /// What typing does: the search bar's text becomes `text`, the updater is told, and (with
    /// ``automaticallyShowsSearchResultsController``) the results controller appears or disappears
    /// as the text becomes non-empty or empty. An error diagnostic when the search is not active.
    public func enterText(_ text: String) {
        guard activeState, presentingStorage != nil else {
            reportingRunLoop.report(
                Diagnostic(.error, "\(description) is not active; its search bar has no keyboard focus to type into."))
            return
        }
        searchBar.text = text
        searchBar.delegate?.searchBar(searchBar, textDidChange: text)
        notifyUpdater()
        updateResultsVisibility()
    }

    private func notifyUpdater() {
        // An empty text is no text (a trace's sinks agree on an absent text, not on an empty one).
        let text = searchBar.text.flatMap { $0.isEmpty ? nil : $0 }
        withInterval(untyped: .updateSearchResults, text: text) { searchResultsUpdater?.updateSearchResults(for: self) }
    }

    // MARK: The results controller

    /// The search controller's view holds the results controller's while it is shown.
    override func prepareForAppearance() {
        updateResultsVisibility()
    }

    /// Adds or removes the results controller (a child whose view fills the search controller's)
    /// to match ``showsSearchResultsController``: on screen it appears or disappears at once.
    private func updateResultsVisibility() {
        guard let results = searchResultsController, let root = viewIfLoaded else { return }
        let shows = activeState && showsSearchResultsController
        if shows, results.parent !== self {
            addChild(results)
            guard results.parent === self else { return }
            results.view.frame = root.bounds
            results.view.autoresizingMask = .flexibleSize
            root.addSubview(results.view)
            results.didMove(toParent: self)
        } else if !shows, results.parent === self {
            results.willMove(toParent: nil)
            results.viewIfLoaded?.removeFromSuperview()
            results.removeFromParent()
        }
    }

    /// Removes the results controller once the search interface has disappeared.
    override func didEndAppearance(_ appeared: Bool, animated: Bool) {
        if !appeared { updateResultsVisibility() }
    }
}
