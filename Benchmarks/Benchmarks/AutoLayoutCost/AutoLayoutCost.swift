// Auto Layout in the runtime: a window's pass over views placed by constraints (anchors), on the
// three hierarchy shapes of WWDC 2018 session 220 (see SolverSystems for the systems the engine
// then holds), instrumentation off.
//
//   autolayout:<shape>:<n>:first-pass       constraints activated, the pass run (constraint pass,
//                                           solve, frames applied in layoutSubviews)
//   autolayout:<shape>:<n>:constant-change  one constraint's constant changed, the pass run
//   autolayout:<shape>:<n>:resize           the window resized, the pass run

import Benchmark
import BenchmarkSupport
import Lifetrace
import LifetraceUI

/// A view with a label's intrinsic height.
final class LabelView: View {
    override var intrinsicContentSize: Size { Size(width: noIntrinsicMetric, height: 20) }
}

/// Views in a window, and their constraints (made, not active).
@MainActor
final class ConstrainedHierarchy {
    let window: Window
    let root: View
    let views: [View]
    let constraints: [LayoutConstraint]
    let middle: LayoutConstraint
    private var round = 0

    init(_ shape: String, count: Int) {
        window = Window(frame: Rect(x: 0, y: 0, width: 375, height: 812), runLoop: MainRunLoop(clock: .virtual))
        root = View(frame: window.bounds)
        root.autoresizingMask = .flexibleSize
        window.addSubview(root)
        var views: [View] = []
        var constraints: [LayoutConstraint] = []
        var middle: LayoutConstraint?
        for i in 1...count {
            let view = LabelView()
            view.translatesAutoresizingMaskIntoConstraints = false
            let previous = views.last
            let top: LayoutConstraint
            switch shape {
            case "independent":
                root.addSubview(view)
                constraints.append(view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8))
                constraints.append(view.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8))
                top = view.topAnchor.constraint(equalTo: root.topAnchor, constant: Double(4 * (i % 200)))
            case "dependent":
                root.addSubview(view)
                constraints.append(
                    previous.map { view.leadingAnchor.constraint(equalTo: $0.leadingAnchor, constant: 0.01) }
                        ?? view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8))
                constraints.append(view.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -8))
                top =
                    previous.map { view.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 4) }
                    ?? view.topAnchor.constraint(equalTo: root.topAnchor, constant: 8)
            default:
                let parent = previous ?? root
                parent.addSubview(view)
                constraints.append(view.leadingAnchor.constraint(equalTo: parent.leadingAnchor))
                constraints.append(view.trailingAnchor.constraint(equalTo: parent.trailingAnchor))
                top = view.topAnchor.constraint(equalTo: parent.topAnchor, constant: 1)
            }
            constraints.append(top)
            if i == max(count / 2, 1) { middle = top }
            views.append(view)
        }
        self.views = views
        self.constraints = constraints
        self.middle = middle!
    }

    /// The first pass: every constraint activated, then the window's pass.
    func firstPass() {
        LayoutConstraint.activate(constraints)
        window.layoutIfNeeded()
    }

    func changeConstant() {
        round += 1
        middle.constant += round % 2 == 0 ? -1 : 1
        window.layoutIfNeeded()
    }

    func resize() {
        round += 1
        window.frame = Rect(x: 0, y: 0, width: round % 2 == 0 ? 375 : 812, height: round % 2 == 0 ? 812 : 375)
        window.layoutIfNeeded()
    }
}

/// Hierarchies laid out once, for the incremental benchmarks (kept for the process's life).
@MainActor
enum Laid {
    static var hierarchies: [String: ConstrainedHierarchy] = [:]

    static func hierarchy(_ shape: String, _ count: Int) -> ConstrainedHierarchy {
        if let built = hierarchies["\(shape)/\(count)"] { return built }
        let made = ConstrainedHierarchy(shape, count: count)
        made.firstPass()
        hierarchies["\(shape)/\(count)"] = made
        return made
    }
}

/// Hands a non-`Sendable` value to the main actor (the benchmark runner is single-threaded here).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

let benchmarks: @Sendable () -> Void = {
    for shape in ["independent", "dependent", "nested"] {
        for count in [100, 1_000, 10_000] {
            let configuration = BenchmarkSettings.configuration(.one, setup: { LifetraceSystem.bootstrap(NoOpSink()) })
            Benchmark("autolayout:\(shape):\(count):first-pass", configuration: configuration) { benchmark async in
                let box = Unchecked(value: benchmark)
                await MainActor.run {
                    for _ in box.value.scaledIterations {
                        let hierarchy = ConstrainedHierarchy(shape, count: count)
                        box.value.startMeasurement()
                        hierarchy.firstPass()
                        box.value.stopMeasurement()
                        blackHole(hierarchy)
                    }
                }
            }
            for (measure, step) in [
                ("constant-change", { @MainActor (hierarchy: ConstrainedHierarchy) in hierarchy.changeConstant() }),
                ("resize", { @MainActor (hierarchy: ConstrainedHierarchy) in hierarchy.resize() }),
            ] {
                Benchmark("autolayout:\(shape):\(count):\(measure)", configuration: configuration) { benchmark async in
                    let box = Unchecked(value: benchmark)
                    await MainActor.run {
                        let hierarchy = Laid.hierarchy(shape, count)
                        box.value.startMeasurement()
                        for _ in box.value.scaledIterations { step(hierarchy) }
                    }
                }
            }
        }
    }
}
