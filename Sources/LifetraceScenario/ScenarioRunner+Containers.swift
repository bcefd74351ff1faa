import LifetraceUI

/// The container steps (see ``ContainerStep``): each wires a runtime call, checked first so that
/// misuse is an error at the word at fault; what the runtime refuses fails the step there.
extension ScenarioRunner {
    func perform(_ step: ContainerStep) throws {
        switch step {
        case .declareAlert(let name, let actions, let style):
            let alert = try declare(name) { AlertController(title: name, message: nil, preferredStyle: style, name: name) }
            for action in actions {
                try refusable { alert.addAction(AlertAction(title: action.title, style: action.style)) }
            }
        case .selectAction(let alertName, let title):
            let alert = try alertController(alertName)
            guard alert.action(titled: title) != nil else {
                throw StepFailure("\(alertName) has no action titled \(title)", atArgument: 2)
            }
            guard alert.presentingViewController != nil else {
                throw StepFailure("\(alertName) is not presented; present it first (present \(alertName))", atArgument: 1)
            }
            try refusable { alert.select(title: title) }
        case .actionEnabled(let alertName, let title, let enabled):
            let alert = try alertController(alertName)
            guard let action = alert.action(titled: title) else {
                throw StepFailure("\(alertName) has no action titled \(title)", atArgument: 2)
            }
            action.isEnabled = enabled
        case .declarePages(let name, let pageNames, let style):
            try checkContainerDeclaration(name, members: pageNames, isNavigation: false)
            let pages = try declare(name) {
                ScenarioPageViewController(transitionStyle: style, navigationOrientation: .horizontal, name: name)
            }
            pages.pages = try pageNames.map(childForDeclaration)
            pages.dataSource = pages
        case .turnPage(let name, let direction, let animated):
            let pages = try pageController(name)
            guard let current = pages.viewControllers?.first else {
                throw StepFailure("\(name) shows no page yet; launch it (or load its view) first", atArgument: 1)
            }
            guard let next = pages.page(direction, from: current) else {
                throw StepFailure(
                    "\(name) shows \(current.name), which has no page \(direction == .forward ? "after" : "before") it",
                    atArgument: 1)
            }
            try refusable { pages.setViewControllers([next], direction: direction, animated: animated) }
        case .swipePage(let name, let direction, let finishes):
            let pages = try pageController(name)
            guard pages.appearanceState == .appeared, pages.window != nil else {
                throw StepFailure("\(name) is not on screen; its pages cannot be swiped", atArgument: 1)
            }
            var swipe: PageSwipe?
            try refusable(at: 1) { swipe = pages.beginSwipe(direction) }
            guard let swipe else {
                let current = pages.viewControllers?.first?.name ?? "nothing"
                throw StepFailure(
                    "\(name) shows \(current), which has no page \(direction == .forward ? "after" : "before") it: the swipe bounces",
                    atArgument: 1)
            }
            runLoop.run(for: PageViewController.transitionDuration / 2)
            if finishes { swipe.finish() } else { swipe.cancel() }
        case .declareSplit(let name, let columns, let style):
            let ordered = SplitViewController.Column.allCases.compactMap { column in columns[column].map { (column, $0) } }
            for (column, member) in ordered {
                try atWord("\(column)=\(member)") {
                    guard let existing = existingController(named: member) else { return }
                    if let parent = existing.parent { throw StepFailure("\(member) already belongs to \(parent.name)") }
                    try checkAdoptable(existing, by: name, argument: 0)
                }
            }
            let split = try declare(name) {
                style == .classic
                    ? SplitViewController(name: name)
                    : SplitViewController(style: style == .tripleColumn ? .tripleColumn : .doubleColumn, name: name)
            }
            split.delegate = splitDelegate
            let controllers = try ordered.map { ($0.0, try childForDeclaration($0.1)) }
            if style == .classic {
                try refusable { split.viewControllers = controllers.map(\.1) }
            } else {
                for (column, controller) in controllers {
                    try refusable { split.setViewController(controller, for: column) }
                }
            }
        case .showColumn(let name, let column):
            let split = try splitController(name)
            try refusable { split.show(column) }
        case .setColumn(let name, let column, let controllerName):
            let split = try splitController(name)
            let controller = controller(named: controllerName)
            if let other = SplitViewController.Column.allCases.first(where: {
                $0 != column && split.viewController(for: $0) === controller
            }) {
                throw StepFailure("\(controllerName) is already the \(other) column of \(name)", atArgument: 3)
            }
            let isColumn = split.viewController(for: column) === controller
            if !isColumn, controller.splitViewController !== split {
                if let parent = controller.parent {
                    throw StepFailure("\(controllerName) already belongs to \(parent.name)", atArgument: 3)
                }
                try checkAdoptable(controller, by: name, argument: 3)
            }
            try refusable(at: 3) { split.setViewController(controller, for: column) }
        case .collapseTop(let name, let column):
            _ = try splitController(name)
            splitDelegate.answers[name] = column
        case .declareSearch(let name, let controllerName, let resultsName):
            let searched = controller(named: controllerName)
            if searched is SearchController {
                throw StepFailure(
                    "\(controllerName) is a search controller; search in the controller that shows the content", atArgument: 3)
            }
            let results = try resultsName.map { resultsName in
                try atWord("results=\(resultsName)") {
                    let results = try childForDeclaration(resultsName)
                    try checkAdoptable(results, by: name, argument: 0)
                    return results
                }
            }
            let search = try declare(name) { SearchController(searchResultsController: results, name: name) }
            searched.navigationItem.searchController = search
        case .activateSearch(let name, let active):
            let search = try searchController(name)
            if active, !search.isActive {
                guard let searched = search.searchingController else {
                    throw StepFailure("\(name) is in no navigation item any more; it has nothing to search from", atArgument: 1)
                }
                guard searched.appearanceState == .appeared, searched.window != nil else {
                    throw StepFailure(
                        "\(name) cannot become active: \(searched.name), whose navigation item holds it, is not on screen",
                        atArgument: 1)
                }
            }
            try refusable { search.isActive = active }
        case .searchText(let name, let text):
            let search = try searchController(name)
            guard search.isActive else {
                throw StepFailure("\(name) is not active; activate it first (search-activate \(name))", atArgument: 1)
            }
            try refusable { search.enterText(text) }
        }
    }

    /// Runs `body`; a step failure it throws points at `word` (an option word such as `primary=P`).
    private func atWord<R>(_ word: String, _ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let failure as StepFailure {
            throw StepFailure(failure.message, at: word)
        }
    }

    /// The controller the split view controller shows in front: collapsed, its one child; expanded,
    /// its secondary column's container.
    static func frontColumn(of split: SplitViewController) -> ViewController? {
        split.isCollapsed ? split.children.first : split.children.last
    }

    private func alertController(_ name: String) throws -> AlertController {
        try declared(name, "an alert", declaration: "alert \(name) ACTION...")
    }

    private func pageController(_ name: String) throws -> ScenarioPageViewController {
        try declared(name, "a page view controller", declaration: "page \(name) PAGE...")
    }

    private func splitController(_ name: String) throws -> SplitViewController {
        try declared(name, "a split view controller", declaration: "split \(name) primary=… secondary=…")
    }

    private func searchController(_ name: String) throws -> SearchController {
        try declared(name, "a search controller", declaration: "search \(name) in CONTROLLER")
    }

    /// The container a step names, of the kind the step needs, or an error at the name saying how
    /// to declare one.
    private func declared<Container: ViewController>(_ name: String, _ kind: String, declaration: String) throws -> Container {
        guard let container = existingController(named: name) as? Container else {
            throw StepFailure("\(name) is not \(kind) (declare it with \"\(declaration)\")", atArgument: 1)
        }
        return container
    }
}

/// The page view controller a `page` step declares: its own data source over the declared pages,
/// and, as apps do, it shows the first page in its `viewDidLoad`, without animation.
@MainActor
final class ScenarioPageViewController: PageViewController, PageViewControllerDataSource {
    /// The pages, in order.
    var pages: [ViewController] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        if let first = pages.first, viewControllers == nil {
            setViewControllers([first], direction: .forward, animated: false)
        }
    }

    /// The page next to `page` in `direction`, if any.
    func page(_ direction: NavigationDirection, from page: ViewController) -> ViewController? {
        guard let index = pages.firstIndex(where: { $0 === page }) else { return nil }
        let next = direction == .forward ? index + 1 : index - 1
        return pages.indices.contains(next) ? pages[next] : nil
    }

    func pageViewController(_ pageViewController: PageViewController, viewControllerBefore viewController: ViewController)
        -> ViewController?
    {
        page(.reverse, from: viewController)
    }

    func pageViewController(_ pageViewController: PageViewController, viewControllerAfter viewController: ViewController)
        -> ViewController?
    {
        page(.forward, from: viewController)
    }

    func presentationCount(for pageViewController: PageViewController) -> Int { pages.count }

    func presentationIndex(for pageViewController: PageViewController) -> Int {
        viewControllers?.first.flatMap { page in pages.firstIndex { $0 === page } } ?? 0
    }
}

/// The delegate of the split view controllers a scenario declares: it answers
/// `topColumnForCollapsingToProposedTopColumn` with the column a `split-top` step named (the
/// proposed one otherwise).
@MainActor
final class ScenarioSplitDelegate: SplitViewControllerDelegate {
    /// The column each split view controller collapses to, by name (`nil`: the proposed one).
    var answers: [String: SplitViewController.Column?] = [:]

    func splitViewController(
        _ svc: SplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column
    ) -> SplitViewController.Column {
        (answers[svc.name] ?? nil) ?? proposedTopColumn
    }
}
