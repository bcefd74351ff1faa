import Foundation
import Lifetrace
import LifetraceUI
import Testing
import UIKit

/// The containers of OnboardingApp.swift (written as for iOS): a page view controller's pages,
/// an alert over it, a split view collapsed on an iPhone and expanded on an iPad, in the orders
/// docs/uikit-containers.md cites.
@Suite("UIKit code: page, alert and split view controllers")
@MainActor
struct OnboardingAppTests {
    @Test("the first page, set without animation in viewDidLoad, appears before its first layout; a swipe turns the page")
    func pages() {
        TestApp.with { app in
            let onboarding = OnboardingViewController()
            app.launch(onboarding)
            let first = app.lines(["viewDidAppear", "viewWillLayoutSubviews"], of: ["OnboardingPageViewController"])
            #expect(first.first == "OnboardingPageViewController viewDidAppear", "\(first)")
            #expect(onboarding.swipe(.forward))
            app.settle()
            #expect(onboarding.finished == ["page 1"])
            #expect((onboarding.viewControllers?.first as? OnboardingPageViewController)?.index == 1)
        }
    }

    @Test("an alert leaves its presenter silent; its action's handler runs after the alert has gone")
    func alert() throws {
        try TestApp.with { app in
            let onboarding = OnboardingViewController()
            app.launch(onboarding)
            app.recording.removeAll()
            onboarding.confirmSkip()
            app.settle()
            let alert = try #require(onboarding.presentedViewController as? UIAlertController)
            #expect(alert.actions.map(\.title) == ["Cancel", "Skip"])
            #expect(app.lines(["viewWillDisappear", "viewDidDisappear"], of: ["OnboardingViewController"]).isEmpty)
            alert.select(title: "Skip")
            app.settle()
            #expect(onboarding.finished == ["skipped"])
            #expect(onboarding.presentedViewController == nil)
            let disappeared = try #require(
                app.recording.events.firstIndex { $0.hook == .viewDidDisappear && $0.controller == "AlertController" })
            let handled = try #require(app.recording.events.firstIndex { $0.hook.name == "alertActionHandler" })
            #expect(disappeared < handled)
        }
    }

    @Test("a split view collapses on an iPhone (the message shows) and expands on an iPad (both columns appear)")
    func split() {
        TestApp.with { app in
            let split = makeMailSplit()
            app.launch(split)
            #expect(split.isCollapsed)
            #expect(app.lines(["viewDidAppear"], of: ["MessageViewController"]) == ["MessageViewController viewDidAppear"])
            #expect(app.lines(["viewDidAppear"], of: ["MailboxViewController"]).isEmpty)
        }
        TestApp.with { app in
            app.window.frame = CGRect(x: 0, y: 0, width: 1024, height: 768)
            let split = makeMailSplit()
            app.launch(split)
            #expect(!split.isCollapsed)
            #expect(app.lines(["viewDidAppear"], of: ["MessageViewController", "MailboxViewController"]).count == 2)
        }
    }
}
