/// The text field of a search (the runtime's `UISearchBar`, minimal): its text and placeholder.
/// Setting ``text`` in code tells nobody; ``SearchController/enterText(_:)`` is what typing does.
@MainActor
open class SearchBar: View {
    /// The text being searched for.
    public var text: String? = ""
    /// The text shown while the bar is empty.
    public var placeholder: String?
    /// Whether the bar shows a cancel button (kept).
    public var showsCancelButton = false
    /// The scope buttons' titles (kept).
    public var scopeButtonTitles: [String]?
    /// The selected scope button (kept).
    public var selectedScopeButtonIndex = 0
    /// Told about typing and the bar's buttons.
    public weak var delegate: (any SearchBarDelegate)?
}

/// Told about a search bar's text and buttons (the runtime's `UISearchBarDelegate`); every method
/// has a default that does nothing.
@MainActor
public protocol SearchBarDelegate: AnyObject {
    /// The text changed by typing.
    func searchBar(_ searchBar: SearchBar, textDidChange searchText: String)
    /// The search button was tapped.
    func searchBarSearchButtonClicked(_ searchBar: SearchBar)
    /// The cancel button was tapped.
    func searchBarCancelButtonClicked(_ searchBar: SearchBar)
}

extension SearchBarDelegate {
    public func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {}
    public func searchBarSearchButtonClicked(_ searchBar: SearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: SearchBar) {}
}

/// Told to update the search results (the runtime's `UISearchResultsUpdating`): when the search
/// becomes active (the search bar becomes first responder) and whenever the text changes.
@MainActor
public protocol SearchResultsUpdating: AnyObject {
    /// The search controller's state or text changed; update the results.
    func updateSearchResults(for searchController: SearchController)
}

/// Told when a search controller is presented and dismissed automatically (the runtime's
/// `UISearchControllerDelegate`); each method has a default that does nothing. The search
/// controller also records each as its own event, delegate or not.
@MainActor
public protocol SearchControllerDelegate: AnyObject {
    /// The search interface is about to be presented.
    func willPresentSearchController(_ searchController: SearchController)
    /// The search interface was presented (after its `viewDidAppear`).
    func didPresentSearchController(_ searchController: SearchController)
    /// The search interface is about to be dismissed.
    func willDismissSearchController(_ searchController: SearchController)
    /// The search interface was dismissed (after its `viewDidDisappear`).
    func didDismissSearchController(_ searchController: SearchController)
}

extension SearchControllerDelegate {
    public func willPresentSearchController(_ searchController: SearchController) {}
    public func didPresentSearchController(_ searchController: SearchController) {}
    public func willDismissSearchController(_ searchController: SearchController) {}
    public func didDismissSearchController(_ searchController: SearchController) {}
}
