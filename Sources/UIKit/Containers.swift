// `import UIKit` on Linux: the runtime's containers under UIKit's names (alerts, page view
// controllers, split view controllers, search controllers), in the style of UIKit.swift: each
// UIKit name is the runtime's own type, never a second implementation. docs/uikit-containers.md
// tells what each models and where its order comes from.

public import LifetraceUI

// MARK: Alerts

public typealias UIAlertController = AlertController
public typealias UIAlertAction = AlertAction

// MARK: Pages

public typealias UIPageViewController = PageViewController
public typealias UIPageViewControllerDataSource = PageViewControllerDataSource
public typealias UIPageViewControllerDelegate = PageViewControllerDelegate

// MARK: Split views

public typealias UISplitViewController = SplitViewController
public typealias UISplitViewControllerDelegate = SplitViewControllerDelegate

// MARK: Search

public typealias UISearchController = SearchController
public typealias UISearchBar = SearchBar
public typealias UISearchBarDelegate = SearchBarDelegate
public typealias UISearchResultsUpdating = SearchResultsUpdating
public typealias UISearchControllerDelegate = SearchControllerDelegate
