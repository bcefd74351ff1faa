import LifetraceCassowary

/// A view's autoresizing mask as engine constraints (UIKit's `NSAutoresizingMaskLayoutConstraint`):
/// the frame the view has now, kept relative to its superview as the mask says when the superview
/// resizes. Per axis, a fixed part (margin or length) keeps its value and the flexible parts share
/// what the superview's length leaves, in proportion to their size now, as
/// ``AutoresizingMask/resize(_:fromSuperviewSize:to:)`` does: so each is linear in the
/// superview's length, and two constraints per axis (position and length) say it.
struct AutoresizingConstraints: Equatable {
    /// `position == superview position + a × superview length + b` and `length == a × superview length + b`, per axis.
    struct Line: Equatable {
        var a: Double
        var b: Double
    }

    var x: Line
    var width: Line
    var y: Line
    var height: Line

    init(frame: Rect, mask: AutoresizingMask, superviewSize: Size) {
        (x, width) = Self.axis(
            leading: frame.minX, length: frame.width, trailing: superviewSize.width - frame.maxX,
            flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)))
        (y, height) = Self.axis(
            leading: frame.minY, length: frame.height, trailing: superviewSize.height - frame.maxY,
            flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)))
    }

    /// The position and length of one axis as linear functions of the superview's length.
    private static func axis(leading: Double, length: Double, trailing: Double, flexible: (Bool, Bool, Bool))
        -> (Line, Line)
    {
        let parts = [(leading, flexible.0), (length, flexible.1), (trailing, flexible.2)]
        let flexibleCount = parts.filter(\.1).count
        guard flexibleCount > 0 else { return (Line(a: 0, b: leading), Line(a: 0, b: length)) }
        let fixed = parts.filter { !$0.1 }.reduce(0) { $0 + $1.0 }
        let total = parts.filter(\.1).reduce(0) { $0 + max($1.0, 0) }
        // A flexible part is share × (superview length − fixed parts).
        func line(_ part: (Double, Bool)) -> Line {
            guard part.1 else { return Line(a: 0, b: part.0) }
            let share = total > 0 ? max(part.0, 0) / total : 1 / Double(flexibleCount)
            return Line(a: share, b: -share * fixed)
        }
        return (line(parts[0]), line(parts[1]))
    }

    /// The four engine constraints of `view` in `superview` (both have variables).
    @MainActor
    func constraints(of view: LayoutVariables, in superview: LayoutVariables) -> [Constraint] {
        [
            Constraint(view.minX, .equal, superview.minX + x.a * superview.width + x.b),
            Constraint(view.width, .equal, width.a * superview.width + width.b),
            Constraint(view.minY, .equal, superview.minY + y.a * superview.height + y.b),
            Constraint(view.height, .equal, height.a * superview.height + height.b),
        ]
    }

    /// Whether two sets say the same within rounding.
    func isClose(to other: AutoresizingConstraints) -> Bool {
        func close(_ p: Line, _ q: Line) -> Bool { abs(p.a - q.a) < 1e-9 && abs(p.b - q.b) < 1e-6 }
        return close(x, other.x) && close(width, other.width) && close(y, other.y) && close(height, other.height)
    }
}
