import LifetraceCassowary

/// The engine's linear expressions (Foundation, which the geometry comes from, has a type of that name).
typealias Expression = LifetraceCassowary.Expression

/// The four engine variables of a view or a layout guide: its left edge, top edge, width and
/// height, in the coordinates of the engine's host (the window, or the top of a detached
/// hierarchy), so constraints between any two items of a hierarchy relate them directly.
@MainActor
final class LayoutVariables {
    let minX: Variable
    let minY: Variable
    let width: Variable
    let height: Variable

    init(name: String) {
        minX = Variable("\(name).minX")
        minY = Variable("\(name).minY")
        width = Variable("\(name).width")
        height = Variable("\(name).height")
    }

    /// The expression of an attribute: an edge, a size or a centre.
    func expression(_ attribute: LayoutAttribute) -> Expression {
        switch attribute {
        case .left, .leading: minX.expression
        case .right, .trailing: minX + width
        case .top: minY.expression
        case .bottom: minY + height
        case .width: width.expression
        case .height: height.expression
        case .centerX: minX + 0.5 * width
        case .centerY: minY + 0.5 * height
        case .notAnAttribute: Expression()
        }
    }

    /// The frame the engine solved, in the host's coordinates.
    var solvedFrame: Rect {
        Rect(x: minX.value, y: minY.value, width: width.value, height: height.value)
    }
}

/// What a constraint can relate: a view or a layout guide. Each has engine variables and lives in
/// a view (itself, or the guide's owning view), whose hierarchy decides where the constraint is
/// installed.
@MainActor
protocol LayoutNode: AnyObject {
    /// The node's engine variables (made on first use).
    var layoutVariables: LayoutVariables { get }
    /// The view the node belongs to: the view itself, or a guide's owning view.
    var nodeView: View? { get }
    /// How UIKit prints the node in a constraint's description: `View:0x7f…`.
    var layoutDescription: String { get }
}
