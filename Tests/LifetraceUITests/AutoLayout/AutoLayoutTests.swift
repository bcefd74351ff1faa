import Lifetrace
import LifetraceUI
import Testing

/// Auto Layout in the runtime: constraints from anchors place views; the window's pass runs the
/// constraint pass, the engine's solve and layout in UIKit's order; changes are incremental.
/// Window: 390 × 844, safe area top 47, bottom 34 (portrait).
@Suite("Auto Layout")
@MainActor
struct AutoLayoutTests {
    @Test("anchors place a view: edges, sizes and centres solved into its frame")
    func anchorsPlaceAView() {
        withTrace { trace in
            let box = View(identifier: "Box")
            box.translatesAutoresizingMaskIntoConstraints = false
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(box)
                LayoutConstraint.activate([
                    box.centerXAnchor.constraint(equalTo: root.centerXAnchor),
                    box.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
                    box.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
                    box.heightAnchor.constraint(equalToConstant: 40),
                ])
            }
            trace.launch(controller)
            #expect(box.frame == Rect(x: 97.5, y: 100, width: 195, height: 40))
            #expect(!box.hasAmbiguousLayout)
            #expect(controller.view.constraints.count == 3)  // the height is installed on the box itself
            #expect(box.constraints.count == 1)
        }
    }

    // WWDC 2015 "Mysteries of Auto Layout, part 2" and the pass order: constraints are
    // updated bottom up (subviews before superviews, a controller's updateViewConstraints for its
    // root view), then the engine solves, then layout runs top down.
    @Test("one pass: updateConstraints bottom up, then the solve, then layoutSubviews top down")
    func passOrder() {
        withTrace { trace in
            let log = LoggingView.Log()
            let outer = LoggingView("Outer", log: log)
            let inner = LoggingView("Inner", log: log)
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(outer)
                outer.addSubview(inner)
                LayoutConstraint.activate(outer.pinEdges(to: root, inset: 10) + inner.pinEdges(to: outer, inset: 5))
                outer.setNeedsUpdateConstraints()
                inner.setNeedsUpdateConstraints()
            }
            trace.launch(controller)
            #expect(
                log.lines == [
                    "Inner updateConstraints", "Outer updateConstraints", "Outer layoutSubviews", "Inner layoutSubviews",
                ])
            let order = trace.lines([
                .updateConstraints, .updateViewConstraints, .layoutEngineSolve, .viewWillLayoutSubviews, .layoutSubviews,
                .viewDidLayoutSubviews,
            ])
            #expect(
                order == [
                    "Inner updateConstraints", "Outer updateConstraints", "A updateViewConstraints", "A.view updateConstraints",
                    "Window layoutEngineSolve", "Window layoutSubviews", "A viewWillLayoutSubviews", "A.view layoutSubviews",
                    "A viewDidLayoutSubviews",
                    "Outer layoutSubviews", "Inner layoutSubviews",
                ])
            #expect(inner.frame == Rect(x: 5, y: 5, width: 390 - 30, height: 844 - 30))
            // The solve is inside the pass; its end counts rows changed, its begin says the engine's size.
            let solveEnd = trace.recording.events.first { $0.hook == .layoutEngineSolve && $0.phase == .end }
            #expect((solveEnd?.details.count ?? 0) > 0)
            #expect(solveEnd?.details.text?.contains("constraints") == true)
        }
    }

    @Test("a constant change re-solves in the next pass, incrementally, and moves only what it must")
    func constantChange() {
        withTrace { trace in
            let top = Label("Top", content: Size(width: 100, height: 20))
            let below = Label("Below", content: Size(width: 100, height: 20))
            var gap: LayoutConstraint!
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(top)
                root.addSubview(below)
                gap = below.topAnchor.constraint(equalTo: top.bottomAnchor, constant: 8)
                LayoutConstraint.activate([
                    top.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                    top.topAnchor.constraint(equalTo: root.topAnchor, constant: 60),
                    below.leadingAnchor.constraint(equalTo: top.leadingAnchor), gap,
                ])
            }
            trace.launch(controller)
            #expect(below.frame == Rect(x: 20, y: 88, width: 100, height: 20))
            trace.reset()
            gap.constant = 30
            #expect(below.frame.minY == 88, "changes wait for the next pass")
            trace.settle()
            #expect(below.frame == Rect(x: 20, y: 110, width: 100, height: 20))
            #expect(top.frame == Rect(x: 20, y: 60, width: 100, height: 20))
            #expect(trace.lines([.layoutEngineSolve]) == ["Window layoutEngineSolve"])
            #expect(trace.layoutPassCounts == [1], "only the superview of the moved view is laid out")
        }
    }

    // UIKit's console: "Unable to simultaneously satisfy constraints. … Will attempt to recover by
    // breaking constraint <…>"; the broken constraint stays active.
    @Test("conflicting required constraints: reported as UIKit does, one broken, layout goes on")
    func unsatisfiable() {
        withTrace { trace in
            let box = Label("Box")
            var second: LayoutConstraint!
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(box)
                second = box.widthAnchor.constraint(equalToConstant: 200)
                second.identifier = "wide"
                LayoutConstraint.activate([
                    box.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                    box.topAnchor.constraint(equalTo: root.topAnchor),
                    box.heightAnchor.constraint(equalToConstant: 10),
                    box.widthAnchor.constraint(equalToConstant: 100), second,
                ])
            }
            trace.launch(controller)
            #expect(box.frame.width == 100)
            #expect(second.isActive)
            let warning = trace.warnings.first { $0.hasPrefix("Unable to simultaneously satisfy constraints.") }
            #expect(warning?.contains("Box:0x") == true)
            #expect(warning?.contains("'wide'") == true)
            #expect(warning?.contains("Will attempt to recover by breaking constraint") == true)
            #expect(warning?.contains("width == 100") == true, "the conflicting constraint is listed")
            let event = trace.events.first { $0.hook == .unsatisfiableConstraints }
            #expect(event?.details.text?.contains("'wide'") == true)
            #expect(trace.errors.isEmpty)
        }
    }

    // UIView.translatesAutoresizingMaskIntoConstraints docs: "the view's autoresizing mask is
    // translated into a set of constraints that specify the view's position".
    /// The window's size is required, and the app swaps its constraints for the new size in
    /// `viewWillTransition(to:with:)`: the solve takes the swap before it holds the new size, so
    /// nothing conflicts and nothing is broken (as in UIKit).
    @Test("constraints swapped in viewWillTransition meet the new window size without a conflict")
    func constraintsSwappedForRotation() {
        withTrace(size: Size(width: 844, height: 390)) { trace in
            let controller = RotatingController()
            trace.launch(controller)
            #expect(controller.bar.frame.width == 600)
            trace.window.transition(to: Size(width: 390, height: 844), animated: false)
            trace.settle()
            #expect(controller.bar.frame.width == 300)
            #expect(!trace.events.contains { $0.hook == .unsatisfiableConstraints }, "\(trace.allLines())")
        }
    }

    @Test("the nearest common ancestor: itself, parent and child, siblings, cousins at different depths, none")
    func nearestCommonAncestor() {
        let root = View(identifier: "Root")
        let a = View(identifier: "A")
        let b = View(identifier: "B")
        let a1 = View(identifier: "A1")
        let a2 = View(identifier: "A2")
        let b1 = View(identifier: "B1")
        root.addSubview(a)
        root.addSubview(b)
        a.addSubview(a1)
        a1.addSubview(a2)
        b.addSubview(b1)
        #expect(a.nearestCommonAncestor(with: a) === a)
        #expect(a1.nearestCommonAncestor(with: a) === a && a.nearestCommonAncestor(with: a2) === a)
        #expect(a.nearestCommonAncestor(with: b) === root)
        #expect(a2.nearestCommonAncestor(with: b1) === root && b1.nearestCommonAncestor(with: a2) === root)
        #expect(a2.nearestCommonAncestor(with: root) === root)
        #expect(a2.nearestCommonAncestor(with: View(identifier: "Elsewhere")) == nil)
    }

    @Test("an autoresizing mask becomes constraints: a constrained view follows a resized frame")
    func autoresizingMaskConstraints() {
        withTrace { trace in
            let panel = View(frame: Rect(x: 10, y: 100, width: 370, height: 200), identifier: "Panel")
            panel.autoresizingMask = [.flexibleWidth]
            let badge = Label("Badge", content: Size(width: 30, height: 30))
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(panel)
                panel.addSubview(badge)
                LayoutConstraint.activate([
                    badge.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -10),
                    badge.centerYAnchor.constraint(equalTo: panel.centerYAnchor),
                ])
            }
            trace.launch(controller)
            #expect(badge.frame == Rect(x: 330, y: 85, width: 30, height: 30))
            trace.window.transition(to: Size(width: 844, height: 390), animated: false)
            trace.settle()
            #expect(panel.frame == Rect(x: 10, y: 100, width: 824, height: 200))
            #expect(badge.frame == Rect(x: 784, y: 85, width: 30, height: 30))
        }
    }

    // UIView.intrinsicContentSize, content hugging (default 250) and compression resistance
    // (default 750): the view that hugs less stretches.
    @Test("intrinsic sizes with hugging and compression resistance; invalidation resizes")
    func intrinsicContentSize() {
        withTrace { trace in
            let name = Label("Name", content: Size(width: 80, height: 20))
            let value = Label("Value", content: Size(width: 60, height: 20))
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(name)
                root.addSubview(value)
                name.setContentHuggingPriority(251, for: .horizontal)
                LayoutConstraint.activate([
                    name.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                    value.leadingAnchor.constraint(equalTo: name.trailingAnchor, constant: 8),
                    value.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -10),
                    name.topAnchor.constraint(equalTo: root.topAnchor), value.topAnchor.constraint(equalTo: root.topAnchor),
                ])
            }
            trace.launch(controller)
            #expect(name.frame == Rect(x: 10, y: 0, width: 80, height: 20))
            #expect(value.frame == Rect(x: 98, y: 0, width: 282, height: 20))
            name.content = Size(width: 120, height: 30)
            trace.settle()
            #expect(name.frame == Rect(x: 10, y: 0, width: 120, height: 30))
            #expect(value.frame == Rect(x: 138, y: 0, width: 242, height: 20))
            // Compression resistance loses to a required width.
            let narrow = name.widthAnchor.constraint(lessThanOrEqualToConstant: 50)
            narrow.isActive = true
            trace.settle()
            #expect(name.frame.width == 50)
        }
    }

    @Test("safe-area and margins guides follow the window's safe area and the root view's margins")
    func guides() {
        withTrace { trace in
            let header = Label("Header", content: Size(width: noIntrinsicMetric, height: 44))
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(header)
                LayoutConstraint.activate([
                    header.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
                    header.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                    header.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
                ])
            }
            trace.launch(controller)
            #expect(header.frame == Rect(x: 16, y: 47, width: 358, height: 44))
            #expect(controller.view.safeAreaLayoutGuide.layoutFrame == Rect(x: 0, y: 47, width: 390, height: 844 - 47 - 34))
            trace.window.transition(to: Size(width: 844, height: 390), animated: false)
            trace.settle()
            // Landscape: the notch's 47 points on each side; the margins add 16 to them.
            #expect(header.frame == Rect(x: 63, y: 0, width: 844 - 126, height: 44))
        }
    }

    @Test("systemLayoutSizeFitting: the compressed size the constraints inside a view allow")
    func fittingSize() {
        withTrace { _ in
            let card = View(identifier: "Card")
            let title = Label("Title", content: Size(width: 120, height: 20))
            let detail = Label("Detail", content: Size(width: 200, height: 16))
            card.addSubview(title)
            card.addSubview(detail)
            LayoutConstraint.activate([
                title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 12),
                title.topAnchor.constraint(equalTo: card.topAnchor, constant: 12),
                detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
                detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
                detail.bottomAnchor.constraint(equalTo: card.bottomAnchor, constant: -12),
                card.trailingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: 12),
                card.trailingAnchor.constraint(greaterThanOrEqualTo: detail.trailingAnchor, constant: 12),
            ])
            #expect(card.systemLayoutSizeFitting(View.layoutFittingCompressedSize) == Size(width: 224, height: 64))
        }
    }

    @Test("ambiguity: hasAmbiguousLayout, and the opt-in check reports once")
    func ambiguity() {
        withTrace { trace in
            let loose = Label("Loose")
            var width: LayoutConstraint!
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(loose)
                width = loose.widthAnchor.constraint(equalToConstant: 50)
                LayoutConstraint.activate([
                    loose.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                    loose.topAnchor.constraint(equalTo: root.topAnchor),
                    loose.heightAnchor.constraint(equalToConstant: 20),
                ])
            }
            trace.window.checksAmbiguousLayout = true
            trace.launch(controller)
            #expect(loose.hasAmbiguousLayout)
            #expect(trace.lines([.ambiguousLayout]) == ["Loose ambiguousLayout"])
            #expect(trace.warnings.contains { $0.contains("Loose:0x") && $0.contains("ambiguous") })
            width.isActive = true
            trace.settle()
            #expect(!loose.hasAmbiguousLayout)
            #expect(loose.frame == Rect(x: 0, y: 0, width: 50, height: 20))
            #expect(trace.lines([.ambiguousLayout]).count == 1)
        }
    }

    @Test("misuse is reported, never a trap: no common ancestor; required to optional on an active constraint")
    func misuse() {
        withTrace { trace in
            let controller = ConstrainedViewController("A") { _ in }
            trace.launch(controller)
            let stray = View(identifier: "Stray")
            let constraint = stray.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor)
            constraint.isActive = true
            #expect(!constraint.isActive)
            #expect(trace.errors.contains { $0.contains("no common ancestor") })
            let inside = Label("Inside")
            controller.view.addSubview(inside)
            let width = inside.widthAnchor.constraint(equalToConstant: 10)
            width.isActive = true
            width.priority = 500
            #expect(width.priority == .required)
            #expect(trace.errors.contains { $0.contains("Mutating a priority from required to not") })
            let mixed = LayoutConstraint(
                item: inside, attribute: .top, relatedBy: .equal, toItem: inside, attribute: .width, multiplier: 1, constant: 0)
            #expect(!mixed.isValid)
            mixed.isActive = true
            #expect(!mixed.isActive, "an invalid constraint never activates")
            #expect(
                !LayoutConstraint(
                    item: inside, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1,
                    constant: 0
                ).isValid)
        }
    }

    @Test("a view leaving its superview takes the constraints that tied it to views outside")
    func removalDeactivates() {
        withTrace { trace in
            let a = Label("A1", content: Size(width: 10, height: 10))
            let b = Label("B1", content: Size(width: 10, height: 10))
            var tie: LayoutConstraint!
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(a)
                root.addSubview(b)
                tie = b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 5)
                LayoutConstraint.activate([
                    a.leadingAnchor.constraint(equalTo: root.leadingAnchor), a.topAnchor.constraint(equalTo: root.topAnchor),
                    b.topAnchor.constraint(equalTo: root.topAnchor), tie,
                ])
            }
            trace.launch(controller)
            #expect(b.frame.minX == 15)
            a.removeFromSuperview()
            #expect(!tie.isActive)
            trace.settle()
            #expect(trace.errors.isEmpty)
        }
    }

    @Test("updateConstraints after setNeedsUpdateConstraints, in the next pass; updateConstraintsIfNeeded runs it now")
    func setNeedsUpdateConstraints() {
        withTrace { trace in
            let log = LoggingView.Log()
            let leaf = LoggingView("Leaf", log: log)
            let controller = ConstrainedViewController("A") { root in
                root.addSubview(leaf)
                LayoutConstraint.activate(leaf.pinEdges(to: root))
            }
            trace.launch(controller)
            log.lines.removeAll()
            leaf.setNeedsUpdateConstraints()
            #expect(log.lines.isEmpty)
            trace.settle()
            #expect(log.lines.first == "Leaf updateConstraints")
            log.lines.removeAll()
            leaf.setNeedsUpdateConstraints()
            leaf.updateConstraintsIfNeeded()
            #expect(log.lines == ["Leaf updateConstraints"])
        }
    }
}

/// A bar 600 wide in landscape and 300 in portrait, its width swapped in `viewWillTransition`.
@MainActor
private final class RotatingController: ViewController {
    let bar = Label("Bar")
    lazy var wide = bar.widthAnchor.constraint(equalToConstant: 600)
    lazy var narrow = bar.widthAnchor.constraint(equalToConstant: 300)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(bar)
        LayoutConstraint.activate([
            bar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            bar.trailingAnchor.constraint(lessThanOrEqualTo: view.trailingAnchor),
            bar.topAnchor.constraint(equalTo: view.topAnchor, constant: 40),
            bar.heightAnchor.constraint(equalToConstant: 20),
            wide,  // launched in landscape
        ])
    }

    override func viewWillTransition(to size: Size, with coordinator: any TransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        let wanted = size.width >= 600
        LayoutConstraint.deactivate([wanted ? narrow : wide])
        LayoutConstraint.activate([wanted ? wide : narrow])
    }
}
