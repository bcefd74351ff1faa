import Foundation
import Lifetrace
import LifetraceUI
import Observation
import Testing

/// iOS 26's update cycle: `updateProperties()` after the traits, before the constraint pass and
/// layout; automatic observation tracking re-running exactly the method that read a changed
/// observable property, in the next pass.
@Suite("Properties updates and observation tracking")
@MainActor
struct UpdatePropertiesTests {
    @Observable
    final class Model {
        var title = "Inbox"
        var badge = 0
        var spacing = 8.0
        var unread = 0
    }

    /// Reads `title` in `updateProperties`, `unread` in `viewWillLayoutSubviews`.
    final class InboxController: ViewController {
        let model: Model
        let badge: BadgeView
        var titles: [String] = []
        var unreadSeen: [Int] = []

        init(model: Model) {
            self.model = model
            badge = BadgeView(model: model)
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(badge)
        }

        override func updateProperties() {
            super.updateProperties()
            titles.append(model.title)
        }

        override func viewWillLayoutSubviews() {
            super.viewWillLayoutSubviews()
            unreadSeen.append(model.unread)
        }
    }

    /// Reads `badge` in `updateProperties` and `spacing` in `layoutSubviews`.
    final class BadgeView: View {
        let model: Model
        var badges: [Int] = []
        var layouts = 0

        init(model: Model) {
            self.model = model
            super.init(frame: Rect(x: 0, y: 0, width: 40, height: 20))
        }

        required init?(coder: NSCoder) { nil }

        override func updateProperties() {
            super.updateProperties()
            badges.append(model.badge)
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
            _ = model.spacing
        }
    }

    static let order: [Hook] = [.traitCollectionDidChange, .updateProperties, .viewWillLayoutSubviews, .observedChange]

    @Test("a controller's first updateProperties comes before its first viewWillLayoutSubviews")
    func firstUpdate() {
        withTrace { trace in
            let controller = InboxController(model: Model())
            trace.launch(controller)
            #expect(
                trace.lines([.updateProperties, .viewWillLayoutSubviews], of: ["InboxController"]) == [
                    "InboxController updateProperties", "InboxController viewWillLayoutSubviews",
                ])
            #expect(controller.titles == ["Inbox"])
        }
    }

    @Test("a change re-runs exactly the method that read it, in the next turn's pass, after the traits")
    func trackedChanges() {
        withTrace { trace in
            let model = Model()
            let controller = InboxController(model: model)
            trace.launch(controller)
            controller.badge.setNeedsUpdateProperties()
            trace.settle()
            trace.reset()
            let layouts = controller.badge.layouts

            model.title = "Archive"
            #expect(controller.titles == ["Inbox"], "nothing runs until the run loop turns")
            trace.settle()
            #expect(
                trace.lines([.observedChange, .updateProperties], of: ["InboxController"]) == [
                    "InboxController observedChange", "InboxController updateProperties",
                ])
            #expect(trace.events.first { $0.hook == .observedChange }?.details.text == "updateProperties")
            #expect(controller.titles == ["Inbox", "Archive"])
            #expect(controller.unreadSeen.count == 1, "no layout: only the properties update was invalidated")

            trace.reset()
            model.badge = 3
            trace.settle()
            #expect(controller.badge.badges.last == 3)
            #expect(controller.titles.count == 2, "the controller read no badge")

            model.spacing = 12
            trace.settle()
            #expect(controller.badge.layouts == layouts + 1, "layoutSubviews ran again")

            trace.reset()
            model.unread = 5
            trace.window.userInterfaceStyle = .dark
            trace.settle()
            #expect(controller.unreadSeen.last == 5)
            #expect(
                trace.lines(Self.order, of: ["InboxController"]) == [
                    "InboxController observedChange", "InboxController traitCollectionDidChange",
                    "InboxController viewWillLayoutSubviews",
                ])
            #expect(trace.events.first { $0.hook == .observedChange }?.details.text == "viewWillLayoutSubviews")
        }
    }

    @Test("an animation with .flushUpdates runs the pending updates before its block and its own after it")
    func flushUpdates() {
        withTrace { trace in
            let model = Model()
            let controller = InboxController(model: model)
            trace.launch(controller)
            model.title = "Before"
            View.animate(withDuration: 0.3, delay: 0, options: .flushUpdates) {
                #expect(controller.titles.last == "Before", "the change made before the block is flushed first")
                model.title = "During"
            }
            #expect(controller.titles.last == "During", "and the block's own change after it")
            trace.settle()
        }
    }

    @Test("updatePropertiesIfNeeded runs a waiting update now; an untracked change asks for nothing")
    func immediateAndUntracked() {
        withTrace { trace in
            let model = Model()
            let controller = InboxController(model: model)
            trace.launch(controller)
            controller.setNeedsUpdateProperties()
            controller.updatePropertiesIfNeeded()
            #expect(controller.titles.count == 2)
            trace.reset()
            controller.badge.removeFromSuperview()
            model.badge = 9
            model.title = "Sent"
            trace.settle()
            #expect(controller.titles.last == "Sent")
            #expect(trace.lines([.observedChange]).count == 2, "the badge was still tracked from its last run")
        }
    }
}
