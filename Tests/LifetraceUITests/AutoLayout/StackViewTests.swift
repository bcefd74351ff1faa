import Lifetrace
import LifetraceUI
import Testing

/// `StackView`, as UIStackView arranges: a chain of its visible arranged views along the axis,
/// sizes by distribution, positions across by alignment; a hidden view collapses.
@Suite("Stack view")
@MainActor
struct StackViewTests {
    /// A 300-point-wide horizontal stack at (10, 100) in a controller's view, with three labels.
    private func row(
        _ trace: Trace, distribution: StackView.Distribution = .fill, alignment: StackView.Alignment = .fill,
        spacing: Double = 10
    ) -> (StackView, [Label]) {
        let labels = [
            Label("A", content: Size(width: 50, height: 20)), Label("B", content: Size(width: 70, height: 30)),
            Label("C", content: Size(width: 40, height: 10)),
        ]
        let stack = StackView(arrangedSubviews: labels, identifier: "Row")
        stack.translatesAutoresizingMaskIntoConstraints = false
        stack.spacing = spacing
        stack.distribution = distribution
        stack.alignment = alignment
        labels[0].setContentHuggingPriority(251, for: .horizontal)
        labels[1].setContentHuggingPriority(251, for: .horizontal)
        let controller = ConstrainedViewController("A") { root in
            root.addSubview(stack)
            LayoutConstraint.activate([
                stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
                stack.widthAnchor.constraint(equalToConstant: 300),
                stack.heightAnchor.constraint(equalToConstant: 40),
            ])
        }
        trace.launch(controller)
        return (stack, labels)
    }

    @Test("fill: intrinsic widths with spacing, the view that hugs least takes the rest; fill alignment")
    func fill() {
        withTrace { trace in
            let (stack, labels) = row(trace)
            #expect(stack.frame == Rect(x: 10, y: 100, width: 300, height: 40))
            #expect(
                labels.map(\.frame) == [
                    Rect(x: 0, y: 0, width: 50, height: 40), Rect(x: 60, y: 0, width: 70, height: 40),
                    Rect(x: 140, y: 0, width: 160, height: 40),
                ])
            #expect(labels.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints })
        }
    }

    @Test("a hidden arranged view collapses, with its spacing; shown again, it comes back")
    func hiddenCollapses() {
        withTrace { trace in
            let (_, labels) = row(trace)
            labels[1].isHidden = true
            trace.settle()
            #expect(labels[0].frame == Rect(x: 0, y: 0, width: 50, height: 40))
            #expect(labels[1].frame.width == 0)
            #expect(labels[2].frame == Rect(x: 60, y: 0, width: 240, height: 40))
            labels[1].isHidden = false
            trace.settle()
            #expect(labels[2].frame == Rect(x: 140, y: 0, width: 160, height: 40))
            #expect(
                trace.count(.updateConstraints, of: "Row") >= 2, "each change rebuilds the arrangement in the constraint pass")
        }
    }

    @Test("fillEqually: equal widths")
    func fillEqually() {
        withTrace { trace in
            let (_, labels) = row(trace, distribution: .fillEqually)
            // (300 − 2 × 10) / 3, frames to a millionth of a point.
            #expect(labels.map(\.frame.width) == [93.333333, 93.333333, 93.333333])
            #expect(labels.map(\.frame.minX) == [0, 103.333333, 206.666667])
        }
    }

    @Test("equalSpacing: intrinsic widths, equal gaps of at least the spacing")
    func equalSpacing() {
        withTrace { trace in
            let (_, labels) = row(trace, distribution: .equalSpacing)
            #expect(labels.map(\.frame.width) == [50, 70, 40])
            // 300 − 160 = 140 points of gap, 70 each.
            #expect(labels.map(\.frame.minX) == [0, 120, 260])
        }
    }

    @Test("alignment across the axis: center and trailing keep intrinsic heights")
    func alignment() {
        withTrace { trace in
            let (_, centered) = row(trace, alignment: .center)
            #expect(centered.map(\.frame.minY) == [10, 5, 15])
            #expect(centered.map(\.frame.height) == [20, 30, 10])
        }
        withTrace { trace in
            let (_, bottom) = row(trace, alignment: .trailing)
            #expect(bottom.map(\.frame.maxY) == [40, 40, 40])
        }
    }
}
