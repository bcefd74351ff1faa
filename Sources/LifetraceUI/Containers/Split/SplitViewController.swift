import Foundation
import Lifetrace

/// A hierarchical interface in columns (the runtime's `UISplitViewController`): expanded, the
/// columns stand side by side and each column's controller appears; collapsed (a horizontally
/// compact environment: the default iPhone-sized window), one navigation stack shows the
/// secondary over the primary (or the `compact` column's controller, or the column the delegate
/// chooses).
///
/// Column style (``init(style:)`` with `doubleColumn` or `tripleColumn`) wraps each column's
/// controller in a navigation controller (named `NAMENav` in traces) unless it is one, as UIKit
/// does; the classic style (``viewControllers``) uses the controllers as they are. A split view
/// controller is born expanded and collapses, if its environment is compact, when it begins to
/// appear (before its `viewWillAppear`, so only what the collapsed interface shows appears); a
/// size transition that changes the horizontal size class collapses or expands it with the
/// transition's animation. Collapsing moves the collapsed columns' controllers onto the primary
/// column's navigation stack, expanding moves them back: a controller that stays on screen moves
/// silently (containment events only), one that leaves or enters the screen gets its appearance
/// callbacks from the runtime's containers (docs/uikit-containers.md: the sources and the choices).
@MainActor
open class SplitViewController: ViewController {
    /// How many columns the interface has (UIKit's `UISplitViewController.Style`).
    public enum Style: Int, Sendable, Hashable, CaseIterable {
        /// The classic interface: ``viewControllers``, no column API.
        case unspecified
        /// Primary and secondary columns.
        case doubleColumn
        /// Primary, supplementary and secondary columns.
        case tripleColumn
    }

    /// A column of the interface (UIKit's `UISplitViewController.Column`).
    public enum Column: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case primary, supplementary, secondary, compact

        public var description: String {
            switch self {
            case .primary: "primary"
            case .supplementary: "supplementary"
            case .secondary: "secondary"
            case .compact: "compact"
            }
        }
    }

    /// The width of the primary and supplementary columns when expanded, in points.
    public static let columnWidth = 320.0

    /// The style, fixed when the split view controller is made.
    public let style: Style
    /// Customises collapsing and expanding.
    public weak var delegate: (any SplitViewControllerDelegate)?
    /// Whether the interface is collapsed into one stack (a horizontally compact environment).
    public private(set) var isCollapsed = false

    /// A column's controller (what ``viewController(for:)`` returns) and the container installed
    /// for it (its navigation controller, or the controller itself).
    private struct Slot {
        let content: ViewController
        let container: ViewController
    }

    private var slots: [Column: Slot] = [:]
    /// While collapsed: the column on top, how many controllers of the primary stack are the
    /// primary column's own, and how many each merged column moved onto it.
    private var collapsedTop: Column?
    private var primaryKept = 1
    private var merged: [Column: Int] = [:]

    /// Creates a column-style split view controller (UIKit's `init(style:)`).
    public init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    /// Creates a split view controller named `name` in traces.
    public convenience init(style: Style, name: String?) {
        ViewController.nameNext(Self.self, name)
        self.init(style: style)
    }

    /// Creates a classic split view controller (style `unspecified`).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A classic split view controller unarchived from a storyboard; it makes its own view in code.
    public required init?(coder: NSCoder) {
        guard let coder = coder as? NibCoder else { return nil }
        style = .unspecified
        super.init(coder: NibCoder(identifier: coder.identifier, storyboard: coder.storyboard))
    }

    // MARK: Columns

    /// The controller of `column` (the one given, not the navigation controller wrapping it).
    public func viewController(for column: Column) -> ViewController? { slots[column]?.content }

    /// The children: the containers on screen (one when collapsed, as UIKit reports). Setting it
    /// (classic style) makes the first the primary and the second, if any, the secondary.
    public var viewControllers: [ViewController] {
        get { children }
        set { setClassicViewControllers(newValue) }
    }

    /// Puts `viewController` in `column` (column style), wrapped in a navigation controller unless
    /// it is one; `nil` removes the column's controller. Expanded, a new column's controller
    /// appears at once (on screen), a replaced one in its navigation controller without
    /// animation. Collapsed, a secondary or supplementary controller is pushed (animated) on the
    /// collapsed stack, in place of that column's earlier one; other changes show when the
    /// interface expands. The classic style and a supplementary column in a double-column split
    /// view ignore the call, with a warning.
    public func setViewController(_ viewController: ViewController?, for column: Column) {
        guard style != .unspecified else {
            warn(
                "setViewController(_:for:) is for column-style split view controllers; \(description) is classic (set viewControllers instead)."
            )
            return
        }
        if column == .supplementary, style != .tripleColumn {
            warn("\(description) has two columns; the supplementary column's view controller is ignored.")
            return
        }
        let old = slots[column]
        guard let viewController else {
            if let old { detach(old.container) }
            slots[column] = nil
            return
        }
        guard old?.content !== viewController else { return }
        if let other = slots.first(where: { $0.key != column && $0.value.content === viewController })?.key {
            reportingRunLoop.report(
                Diagnostic(
                    .error,
                    "\(viewController.description) is already the \(other) column's view controller of \(description); a view controller shows in one column."
                ))
            return
        }
        if old?.container !== viewController, viewController.parent !== self,
            let conflict = hierarchyConflict(adopting: viewController)
        {
            reportingRunLoop.report(Diagnostic(.error, conflict))
            return
        }
        if isCollapsed, column == .secondary || column == .supplementary, collapsedTop != .compact,
            let primaryNav = slots[.primary]?.container as? NavigationController, !(viewController is NavigationController)
        {
            showOnCollapsedStack(viewController, for: column, replacing: old?.content, in: primaryNav)
            return
        }
        let container = makeContainer(for: viewController, reusing: old)
        slots[column] = Slot(content: viewController, container: container)
        if let old, old.container !== container { detach(old.container) }
        if let wrapper = container as? NavigationController, wrapper === old?.container {
            wrapper.setViewControllers([viewController], animated: false)
        } else if isDisplayed(column) {
            attach(container)
        }
        layoutColumns()
    }

    /// Shows `column`: collapsed, pops the collapsed stack back to that column's controller, or
    /// pushes it (animated) when it is not on the stack; expanded, every column is on screen
    /// already (display modes are not modelled), so nothing changes.
    public func show(_ column: Column) {
        guard isCollapsed, collapsedTop != .compact, let slot = slots[column],
            let primaryNav = slots[.primary]?.container as? NavigationController
        else { return }
        let stack = primaryNav.viewControllers
        if column == .primary {
            primaryNav.popToViewController(stack[max(0, min(primaryKept, stack.count) - 1)], animated: true)
        } else if let last = Self.stack(of: slot.container).last, stack.contains(where: { $0 === last }) {
            primaryNav.popToViewController(last, animated: true)
        } else if !(slot.container is NavigationController) || slot.container !== slot.content {
            let moving = slot.container === slot.content ? [slot.content] : Self.stack(of: slot.container)
            merged[column] = moving.count
            collapsedTop = column
            primaryNav.setViewControllers(stack + moving, animated: true)
        }
    }

    // MARK: Appearance and traits

    override func prepareForAppearance() {
        adapt(to: environmentTraits)
        for child in children { installView(of: child) }
        layoutColumns()
    }

    /// The size classes are about to change: the interface collapses or expands with the
    /// transition's animation (after the controllers on screen heard `willTransition(to:with:)`
    /// and `viewWillTransition(to:with:)`). Overrides call `super`.
    open override func willTransition(to newCollection: TraitCollection, with coordinator: any TransitionCoordinator) {
        super.willTransition(to: newCollection, with: coordinator)
        coordinator.animate(alongsideTransition: { [weak self] _ in self?.adapt(to: newCollection) }, completion: nil)
    }

    /// The traits of the window the split view controller is in, or is being put in (an
    /// ancestor's or presenter's, or the window installing the root), else its predicted traits.
    var environmentTraits: TraitCollection {
        var current: ViewController? = self
        while let controller = current {
            if let window = controller.viewIfLoaded?.window ?? controller.installingWindow { return window.traitCollection }
            current = controller.parent ?? controller.presentingStorage
        }
        return traitCollection
    }

    /// Collapses in a horizontally compact environment, expands in a regular one.
    func adapt(to traits: TraitCollection) {
        let compact = traits.horizontalSizeClass == .compact
        if compact, !isCollapsed, slots[.primary] != nil || slots[.compact] != nil {
            collapse()
        } else if !compact, isCollapsed {
            expand()
        }
    }

    // MARK: Collapsing and expanding

    private func collapse() {
        let transition = beginInterval(.transition, animated: false, text: "split collapse")
        let top = chooseTopColumn()
        collapsedTop = top
        merged = [:]
        if top == .compact, let compact = slots[.compact] {
            for column in [Column.primary, .supplementary, .secondary] {
                if let slot = slots[column] { detach(slot.container) }
            }
            attach(compact.container)
        } else if let primary = slots[.primary] {
            let primaryNav = primary.container as? NavigationController
            var columns: [Column] = []
            if primaryNav != nil {
                if style == .tripleColumn, top == .supplementary || top == .secondary, slots[.supplementary] != nil {
                    columns.append(.supplementary)
                }
                if top == .secondary, slots[.secondary] != nil { columns.append(.secondary) }
            }
            let moving = columns.map { (column: $0, stack: Self.stack(of: slots[$0]!.container)) }
            // The controller that ends on top stays on screen: it leaves its column first, silently.
            if let finalTop = moving.last?.stack.last { leaveSilently(finalTop) }
            for column in [Column.supplementary, .secondary] {
                if let slot = slots[column], slot.container !== moving.last?.stack.last { detach(slot.container) }
            }
            primaryKept = primaryNav?.viewControllers.count ?? 1
            for entry in moving { merged[entry.column] = entry.stack.count }
            if let primaryNav, !moving.isEmpty {
                primaryNav.setViewControllers(primaryNav.viewControllers + moving.flatMap(\.stack), animated: false)
            }
        }
        isCollapsed = true
        layoutColumns()
        endInterval(transition)
        withInterval(untyped: .splitViewControllerDidCollapse) {
            if style != .unspecified { delegate?.splitViewControllerDidCollapse(self) }
        }
    }

    private func expand() {
        let transition = beginInterval(.transition, animated: false, text: "split expand")
        if collapsedTop == .compact, let compact = slots[.compact] {
            detach(compact.container)
        }
        var stacks: [Column: [ViewController]] = [:]
        if collapsedTop != .compact, let primaryNav = slots[.primary]?.container as? NavigationController {
            let stack = primaryNav.viewControllers
            let keep = max(1, min(primaryKept, stack.count))
            var extra = Array(stack.dropFirst(keep))
            if style == .tripleColumn, slots[.supplementary] != nil, let count = merged[.supplementary] {
                let taken = min(count, extra.count)
                stacks[.supplementary] = Array(extra.prefix(taken))
                extra.removeFirst(taken)
            }
            if slots[.secondary] != nil, merged[.secondary] != nil || !extra.isEmpty {
                stacks[.secondary] = extra
            }
            // The controller on top stays on screen: it leaves the stack first, silently.
            if let top = primaryNav.topViewController, stack.dropFirst(keep).contains(where: { $0 === top }) {
                leaveSilently(top)
            }
            primaryNav.setViewControllers(Array(stack.prefix(keep)), animated: false)
        }
        isCollapsed = false
        collapsedTop = nil
        merged = [:]
        for column in [Column.primary, .supplementary, .secondary] {
            guard let slot = slots[column] else { continue }
            if let moved = stacks[column], let wrapper = slot.container as? NavigationController {
                wrapper.setViewControllers(moved.isEmpty ? [slot.content] : moved, animated: false)
            }
            attach(slot.container)
        }
        layoutColumns()
        endInterval(transition)
        withInterval(untyped: .splitViewControllerDidExpand) {
            if style != .unspecified { delegate?.splitViewControllerDidExpand(self) }
        }
    }

    /// The column on top once collapsed: `compact` when it has a controller, else `secondary`
    /// (column style: what the delegate answers; a column without a controller falls back to the
    /// proposed one, with a warning).
    private func chooseTopColumn() -> Column {
        let proposed: Column = slots[.compact] != nil ? .compact : slots[.secondary] != nil ? .secondary : .primary
        guard style != .unspecified else { return proposed }
        var chosen = proposed
        withInterval(untyped: .splitViewControllerTopColumnForCollapsing, text: "proposed=\(proposed)") {
            chosen = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: proposed) ?? proposed
        }
        if slots[chosen] == nil {
            warn(
                "The delegate of \(description) chose the \(chosen) column to show collapsed, which has no view controller; showing the \(proposed) column."
            )
            chosen = proposed
        }
        return chosen
    }

    /// Collapsed: `controller` takes `column`'s place on the primary stack (above the columns
    /// before it), pushed with animation.
    private func showOnCollapsedStack(
        _ controller: ViewController, for column: Column, replacing old: ViewController?, in primaryNav: NavigationController
    ) {
        var stack = primaryNav.viewControllers
        if let old, let index = stack.firstIndex(where: { $0 === old }) {
            stack.removeSubrange(index...)
        }
        if column == .supplementary, let secondary = slots[.secondary]?.content,
            let index = stack.firstIndex(where: { $0 === secondary })
        {
            stack.removeSubrange(index...)
        }
        let wrapper = slots[column].map { $0.container } ?? NavigationController(name: "\(controller.name)Nav")
        slots[column] = Slot(content: controller, container: wrapper)
        merged[column] = 1
        if column == .supplementary { merged[.secondary] = nil }
        collapsedTop = column
        primaryNav.setViewControllers(stack + [controller], animated: true)
    }

    // MARK: Classic style

    private func setClassicViewControllers(_ controllers: [ViewController]) {
        guard style == .unspecified else {
            warn("\(description) is a column-style split view controller; set its columns with setViewController(_:for:).")
            return
        }
        guard (1...2).contains(controllers.count) else {
            reportingRunLoop.report(
                Diagnostic(
                    .error,
                    "A split view controller shows a primary and a secondary view controller (\(controllers.count) given to \(description))."
                ))
            return
        }
        for controller in controllers where controller.parent !== self {
            if let conflict = hierarchyConflict(adopting: controller) {
                reportingRunLoop.report(Diagnostic(.error, conflict))
                return
            }
        }
        for column in [Column.primary, .secondary] {
            if let slot = slots[column], !controllers.contains(where: { $0 === slot.container }) { detach(slot.container) }
        }
        slots = [:]
        slots[.primary] = Slot(content: controllers[0], container: controllers[0])
        if controllers.count == 2 { slots[.secondary] = Slot(content: controllers[1], container: controllers[1]) }
        for column in [Column.primary, .secondary] where isDisplayed(column) {
            if let slot = slots[column] { attach(slot.container) }
        }
        layoutColumns()
    }

    // MARK: Containers

    /// The container for `controller`: itself when it is a navigation controller (or in the
    /// classic style), the column's earlier wrapper, or a new navigation controller.
    private func makeContainer(for controller: ViewController, reusing old: Slot?) -> ViewController {
        if controller is NavigationController { return controller }
        if let old, let wrapper = old.container as? NavigationController, wrapper !== old.content { return wrapper }
        return NavigationController(rootViewController: controller, name: "\(controller.name)Nav")
    }

    /// Whether `column`'s container is shown in the current state.
    private func isDisplayed(_ column: Column) -> Bool {
        if isCollapsed { return collapsedTop == .compact ? column == .compact : column == .primary }
        return column != .compact
    }

    /// Adds `container` as a child with its view in place (on screen it appears at once).
    private func attach(_ container: ViewController) {
        guard container.parent !== self else {
            installView(of: container)
            return
        }
        // A view still elsewhere in the window leaves it before the controller has a parent (so
        // a controller that stays on screen only moves).
        if let root = viewIfLoaded, let view = container.viewIfLoaded, view.superview !== root { view.removeFromSuperview() }
        addChild(container)
        guard container.parent === self else { return }
        installView(of: container)
        container.didMove(toParent: self)
    }

    /// Takes `controller`, which stays on screen, out of its parent and its view out of the
    /// window while it has no parent, so no appearance callback reaches it: it only moves.
    private func leaveSilently(_ controller: ViewController) {
        controller.willMove(toParent: nil)
        controller.removeFromParent()
        controller.viewIfLoaded?.removeFromSuperview()
    }

    /// Removes `container` from the children and its view (on screen it disappears at once).
    /// On screen its disappearance is begun before its view leaves, so it is forwarded parent
    /// first as any container's (rule 8), and ended after.
    private func detach(_ container: ViewController) {
        guard container.parent === self else { return }
        container.willMove(toParent: nil)
        let disappears = container.appearanceState != .disappeared && container.beginAppearance(false, animated: false)
        container.viewIfLoaded?.removeFromSuperview()
        if disappears { container.endAppearance() }
        container.removeFromParent()
    }

    /// Puts a child's view in the split view controller's view (when it is loaded).
    private func installView(of child: ViewController) {
        guard let root = viewIfLoaded else { return }
        let view = child.view
        if view.superview !== root { root.addSubview(view) }
    }

    /// Gives each child's view its column's frame: side by side when expanded (primary, then
    /// supplementary, each ``columnWidth`` wide, then the secondary), the whole view when collapsed.
    private func layoutColumns() {
        guard let root = viewIfLoaded else { return }
        let bounds = root.bounds
        var x = 0.0
        for column in [Column.primary, .supplementary, .secondary, .compact] {
            guard let container = slots[column]?.container, container.parent === self, let view = container.viewIfLoaded else {
                continue
            }
            if isCollapsed {
                view.frame = bounds
                view.autoresizingMask = .flexibleSize
            } else if column == .secondary {
                view.frame = Rect(x: x, y: 0, width: max(0, bounds.width - x), height: bounds.height)
                view.autoresizingMask = .flexibleSize
            } else {
                view.frame = Rect(x: x, y: 0, width: Self.columnWidth, height: bounds.height)
                view.autoresizingMask = [.flexibleHeight, .flexibleRightMargin]
                x += Self.columnWidth
            }
        }
    }

    /// A navigation controller's stack, or the controller alone.
    private static func stack(of container: ViewController) -> [ViewController] {
        (container as? NavigationController)?.viewControllers ?? [container]
    }

    private func warn(_ message: String) {
        reportingRunLoop.report(Diagnostic(.warning, message, about: instrumentationSubject))
    }

    /// The run loop of the window the split view controller is in or is being put in.
    private var reportingRunLoop: MainRunLoop {
        window?.runLoop ?? rootAncestor.installingWindow?.runLoop ?? runLoop
    }
}

extension ViewController {
    /// The split view controller this controller is in, if any (the nearest one up the parent chain).
    public var splitViewController: SplitViewController? {
        var current = parent
        while let candidate = current {
            if let split = candidate as? SplitViewController { return split }
            current = candidate.parent
        }
        return nil
    }
}
