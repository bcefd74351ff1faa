import Foundation
import LifetraceCassowary

/// A relation between two attributes of views or layout guides that Auto Layout keeps
/// (UIKit's `NSLayoutConstraint`): `first.attribute (relation) multiplier × second.attribute + constant`.
///
/// Make constraints from anchors (`a.leadingAnchor.constraint(equalTo: b.leadingAnchor, constant: 8)`)
/// or with ``init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)``, then activate
/// them. An active constraint is installed on the nearest common ancestor of its items and, while
/// that view is in a window, held by the window's layout engine: changing ``constant`` is cheap
/// (the engine updates it in place, incrementally), activating and deactivating costs more.
/// Changes take effect in the next layout pass, whose `layoutEngineSolve` interval measures them.
@MainActor
public final class LayoutConstraint: @MainActor CustomStringConvertible {
    let first: any LayoutNode
    let second: (any LayoutNode)?

    /// The first item: a ``View`` or a ``LayoutGuide``.
    public var firstItem: AnyObject { first }
    /// The first item's attribute.
    public let firstAttribute: LayoutAttribute
    /// How the two sides relate.
    public let relation: LayoutRelation
    /// The second item, or `nil` for a constraint on a constant (`width == 100`).
    public var secondItem: AnyObject? { second }
    /// The second item's attribute (`notAnAttribute` without a second item).
    public let secondAttribute: LayoutAttribute
    /// What the second attribute is multiplied by.
    public let multiplier: Double

    /// What is added to the second side. Changing it on an active constraint updates the engine
    /// in place at the next layout pass.
    public var constant: Double {
        didSet {
            guard constant != oldValue else { return }
            if !constant.isFinite {
                report(.error, "\(description): a constant must be a finite number (\(constant)); keeping \(oldValue)")
                constant = oldValue
                return
            }
            engine?.constantDidChange(self)
        }
    }

    /// How much the constraint matters. An installed constraint may change between optional
    /// priorities, not between required and optional (UIKit raises; the runtime reports an error
    /// and keeps the old priority).
    public var priority: LayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            if isActive, priority.isRequired != oldValue.isRequired {
                report(
                    .error,
                    "Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. "
                        + "You passed priority \(priority) and the existing priority was \(oldValue). \(description)")
                priority = oldValue
                return
            }
            engine?.priorityDidChange(self)
        }
    }

    /// A name shown in descriptions and in the unsatisfiable-constraints report.
    public var identifier: String?

    /// Whether the constraint takes part in layout. Setting it activates or deactivates it.
    public var isActive: Bool {
        get { installedView != nil }
        set {
            if newValue { activate() } else { deactivate() }
        }
    }

    // MARK: Engine state

    /// The view the constraint is installed on: its items' nearest common ancestor.
    weak var installedView: View?
    /// The engine that holds the constraint (or will at its next solve).
    weak var engine: LayoutEngine?
    /// Broken to recover from a conflict: active, but not in the engine (UIKit's behaviour).
    var isBroken = false
    /// Why the explicit initialiser's arguments make no constraint (it then never activates).
    private var invalidity: String?

    init(
        first: any LayoutNode, firstAttribute: LayoutAttribute, relation: LayoutRelation, second: (any LayoutNode)?,
        secondAttribute: LayoutAttribute, multiplier: Double, constant: Double
    ) {
        self.first = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.second = second
        self.secondAttribute = second == nil ? .notAnAttribute : secondAttribute
        self.multiplier = second == nil ? 0 : multiplier
        self.constant = constant.isFinite ? constant : 0
    }

    /// UIKit's explicit form: `item.attribute (relation) multiplier × toItem.attribute + constant`.
    /// Items are views or layout guides. Where UIKit raises (an item of another kind, attributes
    /// of different axes, a position related to a dimension, a constant-only constraint on a
    /// position, a number that is not finite), the constraint is made inert: activating it
    /// reports why, as an error, and changes nothing (``isValid`` is `false`).
    public convenience init(
        item: Any, attribute: LayoutAttribute, relatedBy relation: LayoutRelation, toItem: Any?,
        attribute secondAttribute: LayoutAttribute, multiplier: CGFloat, constant: CGFloat
    ) {
        if let checked = LayoutConstraint.checked(
            item: item, attribute: attribute, relatedBy: relation, toItem: toItem, attribute: secondAttribute,
            multiplier: Double(multiplier), constant: Double(constant))
        {
            self.init(
                first: checked.first, firstAttribute: attribute, relation: relation, second: checked.second,
                secondAttribute: secondAttribute, multiplier: checked.multiplier, constant: Double(constant))
        } else {
            self.init(
                first: LayoutGuide(), firstAttribute: attribute, relation: relation, second: nil,
                secondAttribute: .notAnAttribute, multiplier: 0, constant: 0)
            invalidity =
                "Invalid constraint: \(type(of: item)).\(attribute) \(relation) "
                + "\(multiplier) × \(toItem.map { "\(type(of: $0))" } ?? "nil").\(secondAttribute) + \(constant)"
        }
    }

    /// Whether the items and attributes make a constraint UIKit accepts.
    public var isValid: Bool { invalidity == nil }

    /// The items of a valid explicit constraint, or `nil` where UIKit raises.
    static func checked(
        item: Any, attribute: LayoutAttribute, relatedBy relation: LayoutRelation, toItem: Any?,
        attribute secondAttribute: LayoutAttribute, multiplier: Double, constant: Double
    ) -> (first: any LayoutNode, second: (any LayoutNode)?, multiplier: Double)? {
        guard let first = item as? any LayoutNode, attribute != .notAnAttribute, multiplier.isFinite,
            constant.isFinite
        else { return nil }
        guard let toItem else {
            guard attribute.isDimension, secondAttribute == .notAnAttribute else { return nil }
            return (first, nil, 0)
        }
        guard let second = toItem as? any LayoutNode, secondAttribute != .notAnAttribute,
            attribute.isDimension == secondAttribute.isDimension,
            attribute.isDimension || attribute.isHorizontal == secondAttribute.isHorizontal
        else { return nil }
        return (first, second, multiplier)
    }

    // MARK: Activation

    /// Activates every constraint (UIKit's `NSLayoutConstraint.activate`).
    public static func activate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.activate() }
    }

    /// Deactivates every constraint.
    public static func deactivate(_ constraints: [LayoutConstraint]) {
        for constraint in constraints { constraint.deactivate() }
    }

    private func activate() {
        guard installedView == nil else { return }
        if let invalidity {
            report(.error, invalidity)
            return
        }
        guard let ancestor = commonAncestor else {
            report(
                .error,
                "Unable to activate constraint with anchors \(anchorsDescription) because they have no common ancestor. "
                    + "Does the constraint or its anchors reference items in different view hierarchies? That's illegal.")
            return
        }
        ancestor.install(self)
    }

    private func deactivate() {
        installedView?.uninstall(self)
    }

    /// The nearest view both items are in (a guide is in its owning view).
    var commonAncestor: View? {
        guard let firstView = first.nodeView else { return nil }
        guard let second else { return firstView }
        guard let secondView = second.nodeView else { return nil }
        return firstView.nearestCommonAncestor(with: secondView)
    }

    /// The views whose variables the constraint relates (a guide's owning view for a guide).
    var views: [View] {
        [first.nodeView, second?.nodeView].compactMap { $0 }
    }

    /// The engine's constraint for the current constant and priority.
    ///
    /// The engine's variables are in the host's coordinates; UIKit evaluates a constraint in the
    /// coordinate space of the view that holds it, the items' nearest common ancestor
    /// (`addConstraint(_:)`: "the coordinate system of the view that holds the constraint"). The
    /// two agree whenever the container's origin cancels out (a position related to a position
    /// with multiplier 1, or sizes); otherwise each position is taken relative to the container's
    /// origin, so `dot.centerX == card.centerX × 0.5` puts the dot at a quarter of the card's
    /// width wherever the card is.
    func makeSolverConstraint() -> Constraint {
        var left = first.layoutVariables.expression(firstAttribute)
        var right: Expression =
            if let second { multiplier * second.layoutVariables.expression(secondAttribute) + constant } else {
                Expression(constant: constant)
            }
        let firstPosition = !firstAttribute.isDimension
        let secondPosition = second != nil && !secondAttribute.isDimension && secondAttribute != .notAnAttribute
        let cancels =
            firstPosition == secondPosition
            && (!firstPosition || (multiplier == 1 && firstAttribute.isHorizontal == secondAttribute.isHorizontal))
        if !cancels, let container = commonAncestor, container.superview != nil {
            let origin = container.layoutVariables
            if firstPosition { left = left - (firstAttribute.isHorizontal ? origin.minX : origin.minY) }
            if secondPosition {
                right = right - multiplier * (secondAttribute.isHorizontal ? origin.minX : origin.minY).expression
            }
        }
        return Constraint(left, relation.solverRelation, right, strength: priority.strength)
    }

    private func report(_ severity: Diagnostic.Severity, _ message: String) {
        let runLoop = ([installedView, first.nodeView, second?.nodeView].lazy.compactMap { $0?.window }.first)?.runLoop ?? .main
        runLoop.report(Diagnostic(severity, message))
    }

    // MARK: Description

    private var anchorsDescription: String {
        let firstText = "<\(first.layoutDescription).\(firstAttribute)>"
        guard let second else { return firstText }
        return "\(firstText) and <\(second.layoutDescription).\(secondAttribute)>"
    }

    /// The relation as UIKit prints it: `<LayoutConstraint:0x… Label:0x….leading == Root:0x….leading + 20   (active)>`.
    public var description: String {
        var text = "<LayoutConstraint:0x\(String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16))"
        if let identifier { text += " '\(identifier)'" }
        text += " \(first.layoutDescription).\(firstAttribute) \(relation) "
        if let second {
            if multiplier != 1 { text += "\(multiplier.compact)*" }
            text += "\(second.layoutDescription).\(secondAttribute)"
            if constant != 0 { text += constant < 0 ? " - \((-constant).compact)" : " + \(constant.compact)" }
        } else {
            text += constant.compact
        }
        if !priority.isRequired { text += " @\(priority)" }
        text += isActive ? "   (active)>" : ">"
        return text
    }
}

extension LayoutRelation {
    var solverRelation: Relation {
        switch self {
        case .lessThanOrEqual: .lessThanOrEqual
        case .equal: .equal
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }
}
