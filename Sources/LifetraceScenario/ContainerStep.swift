import LifetraceUI

/// A step that reaches the runtime's containers: alerts, page view controllers, split view
/// controllers and search controllers (docs/uikit-containers.md).
///
/// | step | meaning |
/// |---|---|
/// | `alert NAME [ACTION[:cancel\|:destructive]...] [style=alert\|actionSheet]` | declare an alert (titled NAME) with actions titled ACTION; present it with `present NAME [from PRESENTER]` |
/// | `select-action ALERT ACTION` | tap the action titled ACTION: the alert dismisses itself, then the action's handler runs (`alertActionHandler`) |
/// | `action-enabled ALERT ACTION on\|off` | `isEnabled` of the action |
/// | `page NAME PAGE... [style=scroll\|pageCurl]` | declare a page view controller over the pages PAGE... (its data source); its `viewDidLoad` shows the first page without animation |
/// | `page-forward NAME [animated=…]`, `page-back NAME [animated=…]` | `setViewControllers` with the next or previous page (a "next" button: no data source, no delegate) |
/// | `page-swipe NAME forward\|reverse finish\|cancel` | the user swipes: data source, `willTransitionTo`, the pages' appearance; let go after a drag, finished or cancelled |
/// | `split NAME primary=P secondary=S [supplementary=X] [compact=C] [style=doubleColumn\|tripleColumn\|classic]` | declare a split view controller over those columns' controllers |
/// | `split-show NAME COLUMN`, `split-set NAME COLUMN CONTROLLER` | `show(_:)`, `setViewController(_:for:)` |
/// | `split-top NAME COLUMN\|proposed` | what NAME's delegate answers to `topColumnForCollapsingToProposedTopColumn` |
/// | `search NAME in CONTROLLER [results=RESULTS]` | a search controller (results shown in RESULTS, if given) in CONTROLLER's `navigationItem.searchController` |
/// | `search-activate NAME`, `search-deactivate NAME` | `isActive = true`, `false` |
/// | `search-text NAME [TEXT]` | typing: the search bar's text becomes TEXT (empty when not given) |
public enum ContainerStep: Sendable, Hashable {
    /// An action of a declared alert: its title and style.
    public struct AlertActionSpecification: Sendable, Hashable {
        public var title: String
        public var style: AlertAction.Style
        public init(title: String, style: AlertAction.Style) {
            self.title = title
            self.style = style
        }
    }

    /// The style of a declared split view controller.
    public enum SplitStyle: String, Sendable, Hashable, CaseIterable {
        case doubleColumn, tripleColumn, classic
    }

    /// `alert NAME [ACTION...] [style=…]`.
    case declareAlert(name: String, actions: [AlertActionSpecification], style: AlertController.Style)
    /// `select-action ALERT ACTION`.
    case selectAction(alert: String, action: String)
    /// `action-enabled ALERT ACTION on|off`.
    case actionEnabled(alert: String, action: String, enabled: Bool)
    /// `page NAME PAGE... [style=…]`.
    case declarePages(name: String, pages: [String], style: PageViewController.TransitionStyle)
    /// `page-forward NAME [animated=…]` and `page-back NAME [animated=…]`.
    case turnPage(name: String, direction: PageViewController.NavigationDirection, animated: Bool)
    /// `page-swipe NAME forward|reverse finish|cancel`.
    case swipePage(name: String, direction: PageViewController.NavigationDirection, finishes: Bool)
    /// `split NAME primary=P secondary=S [supplementary=X] [compact=C] [style=…]`.
    case declareSplit(name: String, columns: [SplitViewController.Column: String], style: SplitStyle)
    /// `split-show NAME COLUMN`.
    case showColumn(split: String, column: SplitViewController.Column)
    /// `split-set NAME COLUMN CONTROLLER`.
    case setColumn(split: String, column: SplitViewController.Column, controller: String)
    /// `split-top NAME COLUMN|proposed` (`nil`: the proposed column).
    case collapseTop(split: String, column: SplitViewController.Column?)
    /// `search NAME in CONTROLLER [results=RESULTS]`.
    case declareSearch(name: String, controller: String, results: String?)
    /// `search-activate NAME` and `search-deactivate NAME`.
    case activateSearch(name: String, active: Bool)
    /// `search-text NAME [TEXT]`.
    case searchText(name: String, text: String)

    /// The step keywords of container steps.
    static let keywords = [
        "alert", "select-action", "action-enabled", "page", "page-forward", "page-back", "page-swipe",
        "split", "split-show", "split-set", "split-top", "search", "search-activate", "search-deactivate", "search-text",
    ]
}
