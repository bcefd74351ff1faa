import Lifetrace
import LifetraceCassowary

extension View: LayoutNode {
    /// The view's Auto Layout state, made on first use.
    var autoLayoutState: AutoLayoutState {
        if let autoLayout { return autoLayout }
        let state = AutoLayoutState()
        autoLayout = state
        return state
    }

    var layoutVariables: LayoutVariables {
        let state = autoLayoutState
        if let variables = state.variables { return variables }
        let made = LayoutVariables(name: instrumentationName)
        state.variables = made
        return made
    }

    var nodeView: View? { self }

    var layoutDescription: String {
        "\(instrumentationName):0x\(String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16))"
    }

    // MARK: Anchors

    public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .leading) }
    public var trailingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .trailing) }
    public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .left) }
    public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .right) }
    public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(self, .centerX) }
    public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .top) }
    public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .bottom) }
    public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(self, .centerY) }
    public var widthAnchor: LayoutDimension { LayoutDimension(self, .width) }
    public var heightAnchor: LayoutDimension { LayoutDimension(self, .height) }

    // MARK: Constraints

    /// The nearest view both this view and `other` are in (one of them, when one holds the
    /// other), or `nil` in different hierarchies: where a constraint between them is installed.
    /// The common cases in constant time: one view, a view and its superview, two siblings; the
    /// others in the depths of both, allocating nothing (the deeper one climbs to the other's
    /// depth, then both climb together until they meet).
    package func nearestCommonAncestor(with other: View) -> View? {
        if self === other || superview === other { return other }
        if other.superview === self { return self }
        if let parent = superview, parent === other.superview { return parent }
        func depth(_ view: View) -> Int {
            var count = 0
            var current = view.superview
            while let parent = current {
                count += 1
                current = parent.superview
            }
            return count
        }
        var a: View? = self
        var b: View? = other
        var depthA = depth(self)
        var depthB = depth(other)
        while depthA > depthB, let view = a {
            a = view.superview
            depthA -= 1
        }
        while depthB > depthA, let view = b {
            b = view.superview
            depthB -= 1
        }
        while let x = a, let y = b {
            if x === y { return x }
            a = x.superview
            b = y.superview
        }
        return nil
    }

    /// The constraints installed on this view: those whose items' nearest common ancestor it is.
    public var constraints: [LayoutConstraint] { autoLayout?.installed ?? [] }

    /// Activates constraints (UIKit's `addConstraints`; they are installed on their items'
    /// nearest common ancestor, whichever view this is).
    public func addConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.activate(constraints) }

    /// Deactivates constraints.
    public func removeConstraints(_ constraints: [LayoutConstraint]) { LayoutConstraint.deactivate(constraints) }

    func install(_ constraint: LayoutConstraint) {
        markBranchUsesAutoLayout()
        autoLayoutState.installed.append(constraint)
        constraint.installedView = self
        constraint.isBroken = false
        if let engine = enclosingEngine {
            constraint.engine = engine
            engine.constraintDidChange(constraint)
        }
    }

    func uninstall(_ constraint: LayoutConstraint) {
        autoLayout?.installed.removeAll { $0 === constraint }
        constraint.installedView = nil
        constraint.isBroken = false
        constraint.engine?.constraintDidChange(constraint)
    }

    // MARK: Intrinsic content size

    /// How much the view resists growing past its intrinsic size on `axis` (default 250).
    public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
        autoLayout?.hugging[axis] ?? .defaultLow
    }

    /// Sets how much the view resists growing past its intrinsic size on `axis`.
    public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        autoLayoutState.hugging[axis] = priority
        engine?.contentSizeDidChange(of: self)
    }

    /// How much the view resists shrinking below its intrinsic size on `axis` (default 750).
    public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
        autoLayout?.compressionResistance[axis] ?? .defaultHigh
    }

    /// Sets how much the view resists shrinking below its intrinsic size on `axis`.
    public func setContentCompressionResistancePriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
        autoLayoutState.compressionResistance[axis] = priority
        engine?.contentSizeDidChange(of: self)
    }

    /// Tells Auto Layout that ``intrinsicContentSize`` changed: the engine reads it again in the
    /// next constraint pass.
    public func invalidateIntrinsicContentSize() {
        setNeedsUpdateConstraints()
        engine?.contentSizeDidChange(of: self)
    }

    // MARK: Layout guides

    /// The part of the view the window's safe area leaves (bounds inset by ``safeAreaInsets``).
    public var safeAreaLayoutGuide: LayoutGuide {
        if let guide = autoLayout?.safeAreaGuide { return guide }
        let guide = LayoutGuide(kind: .safeArea, identifier: "\(instrumentationName).safeAreaLayoutGuide")
        guide.owningView = self
        autoLayoutState.safeAreaGuide = guide
        return guide
    }

    /// The part of the view inside its layout margins (and, when
    /// ``insetsLayoutMarginsFromSafeArea``, its safe area).
    public var layoutMarginsGuide: LayoutGuide {
        if let guide = autoLayout?.marginsGuide { return guide }
        let guide = LayoutGuide(kind: .layoutMargins, identifier: "\(instrumentationName).layoutMarginsGuide")
        guide.owningView = self
        autoLayoutState.marginsGuide = guide
        return guide
    }

    /// The part of the margins where text reads well (UIKit's `readableContentGuide`): the
    /// margins guide's height, centred in it, as wide as it up to 672 points (the readable width
    /// at the default text size, "Large"; wider screens get side insets). Made on first use, from
    /// constraints to ``layoutMarginsGuide`` (named `UIView-readableContentGuide-…`).
    public var readableContentGuide: LayoutGuide {
        if let guide = autoLayout?.readableGuide { return guide }
        let guide = LayoutGuide()
        guide.identifier = "\(instrumentationName).readableContentGuide"
        addLayoutGuide(guide)
        autoLayoutState.readableGuide = guide
        let margins = layoutMarginsGuide
        let fill = guide.widthAnchor.constraint(equalTo: margins.widthAnchor)
        fill.priority = LayoutPriority(999)
        let constraints = [
            guide.centerXAnchor.constraint(equalTo: margins.centerXAnchor),
            guide.topAnchor.constraint(equalTo: margins.topAnchor),
            guide.heightAnchor.constraint(equalTo: margins.heightAnchor),
            guide.widthAnchor.constraint(lessThanOrEqualTo: margins.widthAnchor),
            guide.widthAnchor.constraint(lessThanOrEqualToConstant: View.readableWidth),
            fill,
        ]
        for (index, constraint) in constraints.enumerated() {
            constraint.identifier = "UIView-readableContentGuide-\(index)"
        }
        LayoutConstraint.activate(constraints)
        return guide
    }

    /// The widest readable content at the default text size.
    static let readableWidth = 672.0

    /// The guides added with ``addLayoutGuide(_:)``.
    public var layoutGuides: [LayoutGuide] { autoLayout?.guides ?? [] }

    /// Adds a guide of your own to the view, to be placed by constraints.
    public func addLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        guide.owningView = self
        autoLayoutState.guides.append(guide)
    }

    /// Removes a guide (and deactivates the constraints that use it).
    public func removeLayoutGuide(_ guide: LayoutGuide) {
        guard guide.owningView === self else { return }
        var current: View? = self
        while let view = current {
            for constraint in view.constraints where constraint.first === guide || constraint.second === guide {
                constraint.isActive = false
            }
            current = view.superview
        }
        autoLayout?.guides.removeAll { $0 === guide }
        guide.owningView = nil
    }

    /// The insets of a guide of `kind` now.
    func insets(for kind: LayoutGuide.Kind) -> EdgeInsets {
        switch kind {
        case .safeArea: return safeAreaInsets
        case .layoutMargins:
            let margins = layoutMargins
            guard insetsLayoutMarginsFromSafeArea else { return margins }
            let safe = safeAreaInsets
            return EdgeInsets(
                top: margins.top + safe.top, left: margins.left + safe.left, bottom: margins.bottom + safe.bottom,
                right: margins.right + safe.right)
        case .custom: return .zero
        }
    }

    // MARK: Engine

    /// The engine the view has joined (its window's).
    var engine: LayoutEngine? { autoLayout?.engine }

    /// Whether the view's layout is not fully determined by its constraints: the engine could
    /// move one of its edges or sizes without changing how well the constraints are satisfied.
    /// `false` for a view the engine does not place.
    public var hasAmbiguousLayout: Bool {
        guard let engine, let variables = autoLayout?.variables else { return false }
        return engine.isAmbiguous(variables)
    }

    /// The smallest (``layoutFittingCompressedSize``) or largest (``layoutFittingExpandedSize``)
    /// size, or the size nearest `targetSize`, that the constraints inside the view allow: a
    /// separate engine solves the view's branch with its width and height pulled to the target at
    /// `horizontalFittingPriority` and `verticalFittingPriority` (default 50, `fittingSizeLevel`).
    public func systemLayoutSizeFitting(
        _ targetSize: Size, withHorizontalFittingPriority horizontal: LayoutPriority = .fittingSizeLevel,
        verticalFittingPriority vertical: LayoutPriority = .fittingSizeLevel
    ) -> Size {
        updateConstraintsIfNeeded()
        if let state = autoLayout, state.hostsEngine, let engine = state.hostedEngine {
            return engine.fittingSize(targetSize, horizontal, vertical)
        }
        let engine = LayoutEngine(host: self, sizing: .fitting(targetSize, horizontal, vertical))
        engine.adoptBranch(of: self)
        return engine.fittingSize()
    }

    /// The target size for the smallest size the constraints allow.
    public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
    /// The target size for the largest size the constraints allow.
    public static let layoutFittingExpandedSize = Size(width: 1e6, height: 1e6)

    // MARK: Constraint update pass

    /// Asks for ``updateConstraints()`` (a controller's `updateViewConstraints` for its root view)
    /// in the next constraint pass, and for the layout that follows it.
    public func setNeedsUpdateConstraints() {
        setNeedsLayout()
        guard !needsUpdateConstraints else { return }
        needsUpdateConstraints = true
        superview?.markDescendantNeedsUpdateConstraints()
    }

    /// Runs the constraint pass of this view's branch now: every view that asked, subviews before
    /// their superview.
    public func updateConstraintsIfNeeded() {
        updateConstraintsBranch()
    }

    /// Runs ``updateConstraints()`` as an instrumented `updateConstraints` interval.
    func runUpdateConstraints() {
        withInterval(.updateConstraints) {
            observingChanges(
                updateConstraints,
                onChange: { [weak self] in ObservedChanges.post(.init(view: self, method: .updateConstraints)) })
        }
    }

    /// The default part of `layoutSubviews`: the engine's frames for the subviews it places.
    func applyEngineFrames() {
        if let state = autoLayout, state.hostsEngine { solveHostedEngine(state) }
        for subview in subviews where !subview.translatesAutoresizingMaskIntoConstraints {
            if let frame = subview.autoLayout?.engineFrame, frame != subview.frame {
                subview.frame = frame
            }
        }
    }
}
