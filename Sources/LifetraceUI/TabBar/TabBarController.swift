import Foundation
import Lifetrace

/// Tabs, one on screen at a time (the runtime's `UITabBarController`).
///
/// Only the selected tab's view loads; unvisited tabs stay unloaded. A switch starts with the
/// incoming controller's `viewWillAppear`, then the outgoing `viewWillDisappear`, then
/// `viewDidDisappear` and `viewDidAppear`, without animation; the new view is laid out in the next pass.
@MainActor
open class TabBarController: ViewController {
    /// Asked and told about selections made with ``select(index:)``.
    public weak var delegate: (any TabBarControllerDelegate)?

    /// The index of the selected tab (`NSNotFound`-like `-1` when there are no tabs). Setting it
    /// switches tabs without asking the delegate, as in UIKit.
    public var selectedIndex: Int {
        get { storedSelectedIndex }
        set { switchTab(to: newValue) }
    }

    private var storedSelectedIndex = -1

    /// The tab bar (kept, not drawn: bars are not views here).
    public private(set) lazy var tabBar = TabBar(owner: self)

    /// Creates an empty tab bar controller.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// Creates a tab bar controller unarchived from a storyboard; the storyboard installs its tabs
    /// (the relationship segues) before `awakeFromNib`.
    /// Like UIKit's containers, it makes its own view in code: the scene's nib is not used.
    public required init?(coder: NSCoder) {
        guard let coder = coder as? NibCoder else { return nil }
        super.init(coder: NibCoder(identifier: coder.identifier, storyboard: coder.storyboard))
    }

    /// The tabs' controllers, in order.
    public var viewControllers: [ViewController]? {
        get { children }
        set { setViewControllers(newValue ?? [], animated: false) }
    }

    /// The selected tab's controller.
    public var selectedViewController: ViewController? {
        children.indices.contains(storedSelectedIndex) ? children[storedSelectedIndex] : nil
    }

    /// Replaces the tabs; the first is selected unless the selected controller is still among them.
    /// Every tab is checked before anything changes; linear in the number of tabs.
    public func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
        var seen: Set<ObjectIdentifier> = []
        for controller in viewControllers {
            guard seen.insert(ObjectIdentifier(controller)).inserted else {
                runLoop.report(Diagnostic(.error, "A tab bar controller cannot show \(controller.description) in two tabs."))
                return
            }
            if controller.parent !== self, let conflict = hierarchyConflict(adopting: controller) {
                runLoop.report(Diagnostic(.error, conflict))
                return
            }
        }
        let previous = selectedViewController
        let current = Set(children.lazy.map(ObjectIdentifier.init))
        for old in children where !seen.contains(ObjectIdentifier(old)) {
            old.willMove(toParent: nil)
            if old === previous, appearanceState == .appeared {
                old.beginAppearance(false, animated: animated)
                old.viewIfLoaded?.removeFromSuperview()
                old.endAppearance()
            } else {
                old.viewIfLoaded?.removeFromSuperview()
            }
            old.removeFromParent()
        }
        let added = viewControllers.filter { !current.contains(ObjectIdentifier($0)) }
        for new in added { addChild(new) }
        children = viewControllers
        for new in added { new.didMove(toParent: self) }
        storedSelectedIndex = -1
        let index = previous.flatMap { old in viewControllers.firstIndex { $0 === old } } ?? (viewControllers.isEmpty ? -1 : 0)
        switchTab(to: index)
    }

    /// Selects a tab as a tap on the tab bar does: asks the delegate, switches, tells the delegate.
    public func select(index: Int) {
        guard children.indices.contains(index) else {
            runLoop.report(Diagnostic(.error, "Tab index \(index) is out of range (\(children.count) tabs) in \(description)."))
            return
        }
        let controller = children[index]
        let allowed = withInterval(.shouldSelectViewController, target: controller) {
            delegate?.tabBarController(self, shouldSelect: controller) ?? true
        }
        guard allowed else { return }
        switchTab(to: index)
        withInterval(.didSelectViewController, target: controller) {
            delegate?.tabBarController(self, didSelect: controller)
        }
    }

    // MARK: Appearance of the tab bar controller itself

    override var childrenReceivingAppearance: [ViewController] {
        guard let selected = selectedViewController, let root = viewIfLoaded,
            selected.viewIfLoaded?.isDescendant(of: root) == true
        else { return [] }
        return [selected]
    }

    override func prepareForAppearance() {
        if let selected = selectedViewController { installView(of: selected) }
    }

    // MARK: Switching

    private func switchTab(to index: Int) {
        guard index != storedSelectedIndex else { return }
        let old = selectedViewController
        storedSelectedIndex = children.indices.contains(index) ? index : -1
        guard let new = selectedViewController else {
            old?.viewIfLoaded?.removeFromSuperview()
            return
        }
        guard appearanceState == .appeared, window != nil else {
            // Off screen: the view changes with no callbacks; it loads when the tab bar appears.
            old?.viewIfLoaded?.removeFromSuperview()
            if isViewLoaded, appearanceState != .disappeared { installView(of: new) }
            return
        }
        let transition = beginTransition(.tab, to: new, animated: false)
        new.beginAppearance(true, animated: false)
        old?.beginAppearance(false, animated: false)
        installView(of: new)
        old?.viewIfLoaded?.removeFromSuperview()
        new.sendViewIsAppearingIfNeeded()
        old?.endAppearance()
        new.endAppearance()
        endInterval(transition)
    }

    private func installView(of controller: ViewController) {
        let container = view
        let child = controller.view
        child.frame = container.bounds
        child.autoresizingMask = .flexibleSize
        if child.superview !== container { container.addSubview(child) }
    }
}
