import Lifetrace
import LifetraceUI
import Testing

/// Trait changes on a rotation that changes a size class and on an appearance
/// change, in their place relative to `viewWillTransition(to:with:)` and layout.
@Suite("Trait changes")
@MainActor
struct TraitChangeTests {
    /// A controller that records the previous and current traits of each change it is told about.
    final class TraitController: ViewController {
        var changes: [(previous: TraitCollection?, current: TraitCollection)] = []
        var announced: [TraitCollection] = []
        override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
            changes.append((previousTraitCollection, traitCollection))
        }
        override func willTransition(to newCollection: TraitCollection, with coordinator: any TransitionCoordinator) {
            #expect(traitCollection != newCollection, "the traits change after")
            announced.append(newCollection)
            super.willTransition(to: newCollection, with: coordinator)
        }
    }

    static let order: [Hook] = [
        .willTransitionToTraitCollection, .viewWillTransition, .traitCollectionDidChange, .traitChangeHandler,
        .viewWillLayoutSubviews, .viewIsAppearing,
    ]

    // Apple's size classes: an iPhone is compact wide in both orientations and compact tall in
    // landscape; the largest iPhones are regular wide in landscape; an iPad is regular both ways.
    @Test(
        "size classes follow the window's size",
        arguments: [
            (Size(width: 390, height: 844), TraitCollection.SizeClass.compact, TraitCollection.SizeClass.regular),
            (Size(width: 844, height: 390), .compact, .compact),
            (Size(width: 932, height: 430), .regular, .compact),
            (Size(width: 1024, height: 768), .regular, .regular),
            (Size(width: 320, height: 1024), .compact, .regular),
        ])
    func sizeClasses(size: Size, horizontal: TraitCollection.SizeClass, vertical: TraitCollection.SizeClass) {
        let traits = TraitCollection(size: size, style: .dark)
        #expect(traits.horizontalSizeClass == horizontal)
        #expect(traits.verticalSizeClass == vertical)
        #expect(traits.userInterfaceStyle == .dark)
    }

    @Test("a rotation that changes a size class: viewWillTransition, then traitCollectionDidChange and the handler, then layout")
    func rotation() {
        withTrace { trace in
            let controller = TraitController(name: "A")
            var handled: [TraitCollection] = []
            controller.registerForTraitChanges([.verticalSizeClass]) { changed, previous in
                handled.append(previous)
                #expect(changed.traitCollection.verticalSizeClass == .compact, "the new traits are in place")
            }
            let style = controller.registerForTraitChanges([.userInterfaceStyle]) { _, _ in Issue.record("style did not change") }
            trace.launch(controller)
            #expect(controller.changes.isEmpty, "the first traits are predicted: no callback")
            trace.reset()
            trace.window.transition(to: Size(width: 844, height: 390))
            trace.settle()
            #expect(
                trace.lines(Self.order) == [
                    "A willTransitionToTraitCollection", "A viewWillTransition", "A traitCollectionDidChange",
                    "A traitChangeHandler",
                    "A viewWillLayoutSubviews",
                ])
            #expect(controller.announced.map(\.verticalSizeClass) == [.compact])
            #expect(controller.changes.count == 1)
            #expect(controller.changes.first?.previous?.verticalSizeClass == .regular)
            #expect(handled.map(\.verticalSizeClass) == [.regular])
            controller.unregisterForTraitChanges(style)
            trace.reset()
            trace.window.transition(to: Size(width: 844, height: 380))
            trace.settle()
            #expect(trace.lines(Self.order) == ["A viewWillTransition", "A viewWillLayoutSubviews"], "no size class changed")
        }
    }

    @Test(
        "an appearance change reaches the controllers on screen in the next pass, parents first, then lays every view out again")
    func appearance() {
        withTrace { trace in
            let parent = TraitController(name: "P")
            let child = TraitController(name: "C")
            parent.addChild(child)
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            trace.launch(parent)
            trace.reset()
            trace.window.userInterfaceStyle = .dark
            #expect(trace.lines(Self.order).isEmpty, "nothing until the run loop turns")
            trace.settle()
            #expect(
                trace.lines(Self.order) == [
                    "P traitCollectionDidChange", "C traitCollectionDidChange", "P viewWillLayoutSubviews",
                    "C viewWillLayoutSubviews",
                ])
            #expect(trace.events.contains { $0.hook == .updateViewConstraints }, "constraints updated with the new traits")
            #expect(trace.events.first { $0.hook == .traitCollectionDidChange }?.details.text == "userInterfaceStyle=light->dark")
            #expect(child.traitCollection.userInterfaceStyle == .dark)
        }
    }

    @Test(
        "under a full-screen presentation: the presented controller changes with the rotation, the covered one when it reappears")
    func underPresentation() {
        withTrace { trace in
            let home = TraitController(name: "Home")
            let modal = TraitController(name: "Modal")
            trace.launch(home)
            home.present(modal, animated: false)
            trace.settle()
            trace.reset()
            trace.window.transition(to: Size(width: 844, height: 390))
            trace.settle()
            #expect(trace.lines([.traitCollectionDidChange]) == ["Modal traitCollectionDidChange"])
            #expect(
                trace.lines([.willTransitionToTraitCollection]) == [
                    "Home willTransitionToTraitCollection", "Modal willTransitionToTraitCollection",
                ], "the walk of viewWillTransition(to:with:): the root, then what it presents")
            trace.reset()
            home.dismiss(animated: false)
            trace.settle()
            #expect(
                trace.lines([.traitCollectionDidChange, .viewIsAppearing], of: ["Home"]) == [
                    "Home traitCollectionDidChange", "Home viewIsAppearing",
                ])
            #expect(home.traitCollection.verticalSizeClass == .compact)
        }
    }

    @Test("a controller off screen during a change catches up before its viewIsAppearing")
    func offScreenCatchesUp() {
        withTrace { trace in
            let first = TraitController(name: "First")
            let navigation = NavigationController(rootViewController: first, name: "Nav")
            trace.launch(navigation)
            navigation.pushViewController(TraitController(name: "Second"), animated: false)
            trace.settle()
            trace.window.userInterfaceStyle = .dark
            trace.settle()
            #expect(first.changes.isEmpty, "First is off screen")
            trace.reset()
            navigation.popViewController(animated: false)
            trace.settle()
            // (A view back at the size it had is not laid out again.)
            #expect(trace.lines(Self.order, of: ["First"]) == ["First traitCollectionDidChange", "First viewIsAppearing"])
            #expect(first.changes.count == 1)
        }
    }
}
