import Lifetrace
import LifetraceUI

/// The Auto Layout steps: views, stack views and constraints declared in a controller's view
/// wait, as code in `viewDidLoad` would, until that view loads.
extension ScenarioRunner {
    func perform(_ step: LayoutStep) throws {
        switch step {
        case .declareView(let name, let parent, let intrinsic, let frame):
            try declareView(name, in: parent) {
                let view = ScenarioView(frame: frame ?? .zero, identifier: name)
                view.intrinsicSize = intrinsic
                view.translatesAutoresizingMaskIntoConstraints = frame != nil
                return view
            }
        case .declareStack(let name, let parent, let axis, let spacing, let alignment, let distribution):
            try declareView(name, in: parent) {
                let stack = StackView(identifier: name)
                stack.axis = axis
                stack.spacing = spacing
                stack.alignment = alignment
                stack.distribution = distribution
                stack.translatesAutoresizingMaskIntoConstraints = false
                return stack
            }
        case .constrain(let specification):
            guard declaredConstraintNames.insert(specification.id).inserted else {
                throw StepFailure("a constraint named \(specification.id) is already declared", at: specification.id)
            }
            for anchor in [specification.first, specification.second].compactMap({ $0 }) {
                guard
                    declaredViewNames.contains(anchor.item) || existingController(named: anchor.item) != nil
                        || sceneStoryboards[anchor.item] != nil
                else {
                    throw StepFailure(
                        "\(anchor.item) is neither a declared view nor a controller (declare it with \"view \(anchor.item) in PARENT\")",
                        at: "\(anchor)")
                }
            }
            declaredConstraintCount += 1
            activate([(declaredConstraintCount, specification)])
        case .setConstant(let id, let constant):
            try constraint(id).constant = constant
        case .setActive(let id, let active):
            try constraint(id).isActive = active
        case .setHidden(let name, let hidden):
            try view(name).isHidden = hidden
        case .setIntrinsicSize(let name, let size):
            guard let view = try view(name) as? ScenarioView else {
                throw StepFailure("\(name) is a stack view, whose size comes from its arranged views", at: name)
            }
            view.intrinsicSize = size
        case .checkAmbiguity(let on):
            window.checksAmbiguousLayout = on
        }
    }

    /// Declares a view and adds it to its parent: a declared view (arranged, in a stack view),
    /// or a controller's root view, now if it is loaded, or at the end of its `viewDidLoad`.
    private func declareView(_ name: String, in parentName: String, make: @escaping @MainActor () -> View) throws {
        guard declaredViewNames.insert(name).inserted, existingController(named: name) == nil, sceneStoryboards[name] == nil
        else {
            throw StepFailure("\(name) is already declared", at: name)
        }
        let view = make()
        let add: @MainActor (View) -> Void = { [weak self] parent in
            if let stack = parent as? StackView { stack.addArrangedSubview(view) } else { parent.addSubview(view) }
            guard let self else { return }
            self.layoutViews[name] = view
            // Views declared in this one while it waited follow it in (depth first, in order).
            for child in (self.waitingChildren.removeValue(forKey: name) ?? []).reversed() {
                self.attaching.append((child, view))
            }
            self.itemsDidArrive([name, parentName])
            self.attachWaitingViews()
        }
        // In a plain scene whose view is not loaded, or in a view archived in one, the view is
        // archived in the scene's nib: its `loadView` unarchives it. (Containers make their views in code.)
        let scene = nibViewScenes[parentName] ?? (sceneStoryboards[parentName] != nil ? parentName : nil)
        if let scene, layoutViews[parentName] == nil, existingController(named: scene)?.isViewLoaded != true,
            let sceneInfo = sceneStoryboards[scene].flatMap({ storyboards[$0]?.scenes[scene] }),
            sceneInfo.relationships.isEmpty, !(existingController(named: scene) is NavigationController),
            !(existingController(named: scene) is TabBarController)
        {
            let nib = sceneInfo.viewNib
            nib.add(name, in: parentName == scene ? nil : parentName, make: make)
            nibViewScenes[name] = scene
            return
        }
        if declaredViewNames.contains(parentName) {
            if let parent = layoutViews[parentName] { add(parent) } else { waitingChildren[parentName, default: []].append(add) }
            return
        }
        let controller = controller(named: parentName)
        if let scenarioController = controller as? ScenarioViewController, !scenarioController.isViewLoaded {
            scenarioController.whenViewLoads.append { add(scenarioController.view) }
        } else {
            add(controller.view)
        }
    }

    /// Attaches the views waiting in `attaching`, each one's waiting children after it.
    private func attachWaitingViews() {
        guard !isAttaching else { return }
        isAttaching = true
        while let (attach, parent) = attaching.popLast() { attach(parent) }
        isAttaching = false
    }

    /// Items named `names` are in place (views added, a controller's view loaded): the
    /// constraints waiting for them are looked at again.
    func itemsDidArrive(_ names: [String]) {
        var candidates: [(order: Int, specification: ConstraintSpecification)] = []
        for name in names { candidates += waitingConstraints.removeValue(forKey: name) ?? [] }
        guard !candidates.isEmpty else { return }
        candidates.sort { $0.order < $1.order }
        activate(candidates)
    }

    /// Activates, in order, the constraints whose items are all in place; each other one waits
    /// for an item that is not, and for its controller's view to load when the item is one.
    private func activate(_ candidates: [(order: Int, specification: ConstraintSpecification)]) {
        for (order, specification) in candidates {
            guard let first = node(specification.first) else {
                wait(order, specification, for: specification.first.item)
                continue
            }
            var second: AnyObject?
            if let anchor = specification.second {
                guard let node = node(anchor) else {
                    wait(order, specification, for: anchor.item)
                    continue
                }
                guard Self.shareHierarchy(first, node) else {
                    unrelatedConstraints.append((order, specification))
                    continue
                }
                second = node
            }
            let constraint = LayoutConstraint(
                item: first, attribute: specification.first.attribute, relatedBy: specification.relation,
                toItem: second, attribute: specification.second?.attribute ?? .notAnAttribute,
                multiplier: specification.second == nil ? 0 : specification.multiplier,
                constant: specification.constant)
            guard constraint.isValid else { continue }
            constraint.identifier = specification.id
            constraint.priority = LayoutPriority(specification.priority)
            layoutConstraints[specification.id] = constraint
            constraint.isActive = true
        }
    }

    /// Activates the constraints whose items are now in one hierarchy.
    func activateRelatedConstraints() {
        guard !unrelatedConstraints.isEmpty else { return }
        let candidates = unrelatedConstraints
        unrelatedConstraints.removeAll()
        activate(candidates)
    }

    /// UIKit's refusal, naming the constraint by its name in the scenario.
    static func unrelatedMessage(_ specification: ConstraintSpecification) -> String {
        let items = [specification.first.item, specification.second?.item].compactMap { $0 }.joined(separator: " and ")
        return "Unable to activate constraint \(specification.id) because \(items) have no common ancestor. "
            + "Does the constraint or its anchors reference items in different view hierarchies? That's illegal."
    }

    /// Whether two items (views, or guides in their views) have a common ancestor, as activating
    /// a constraint between them requires.
    static func shareHierarchy(_ first: AnyObject, _ second: AnyObject) -> Bool {
        func view(_ item: AnyObject) -> View? { (item as? View) ?? (item as? LayoutGuide)?.owningView }
        guard let a = view(first), let b = view(second) else { return false }
        return a.nearestCommonAncestor(with: b) != nil
    }

    private func wait(_ order: Int, _ specification: ConstraintSpecification, for item: String) {
        waitingConstraints[item, default: []].append((order, specification))
        if let controller = existingController(named: item) { watchViewLoading(of: controller) }
    }

    /// Wakes the constraints waiting for `controller` when its view loads (a controller made
    /// after they were declared, a storyboard scene instantiated by a segue, is watched when the
    /// runner remembers it).
    func watchViewLoading(of controller: ViewController) {
        let name = controller.name
        guard waitingConstraints[name] != nil, let scenarioController = controller as? ScenarioViewController,
            !scenarioController.isViewLoaded, watchedControllers.insert(name).inserted
        else { return }
        scenarioController.whenViewLoads.append { [weak self] in
            self?.watchedControllers.remove(name)
            self?.itemsDidArrive([name])
        }
    }

    /// The view or guide an anchor names, once its view is in place.
    private func node(_ anchor: ConstraintSpecification.Anchor) -> AnyObject? {
        let base: View? = layoutViews[anchor.item] ?? existingController(named: anchor.item).flatMap(\.viewIfLoaded)
        guard let base else { return nil }
        switch anchor.guide {
        case nil: return base
        case .safeArea: return base.safeAreaLayoutGuide
        case .margins: return base.layoutMarginsGuide
        }
    }

    private func constraint(_ id: String) throws -> LayoutConstraint {
        guard let constraint = layoutConstraints[id] else {
            let reason =
                declaredConstraintNames.contains(id) ? "waits for its views to load" : "is not declared (constrain \(id) …)"
            throw StepFailure("the constraint \(id) \(reason)", at: id)
        }
        return constraint
    }

    private func view(_ name: String) throws -> View {
        guard let view = layoutViews[name] else {
            let reason = declaredViewNames.contains(name) ? "waits for its controller's view to load" : "is not a declared view"
            throw StepFailure("\(name) \(reason)", at: name)
        }
        return view
    }
}
