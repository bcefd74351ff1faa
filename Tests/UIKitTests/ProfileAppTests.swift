import Foundation
import Lifetrace
import LifetraceTestSupport
import LifetraceUI
import Testing
import UIKit

/// The controllers of ProfileApp.swift (written as for iOS, `import UIKit` only) run in the
/// runtime: their callbacks come in the order real iOS produced for the same steps (the goldens
/// recorded from a device, Tests/LifetraceScenarioTests/Fixtures/golden), every one traced.
@Suite("UIKit code: a profile app")
@MainActor
struct ProfileAppTests {
    @MainActor
    final class Profile {
        let profile = ProfileViewController()
        let navigation: UINavigationController
        init() { navigation = UINavigationController(rootViewController: profile) }
    }

    func withApp(_ body: (TestApp, Profile) throws -> Void) rethrows {
        try TestApp.with { app in
            let profile = Profile()
            app.launch(profile.navigation)
            try body(app, profile)
        }
    }

    /// The expected lines of an in-repository golden file, its controllers renamed.
    func golden(_ name: String, renaming names: [String: String]) throws -> (hooks: [String], lines: [String]) {
        let text = try String(
            contentsOfFile: Repository.path("Tests/LifetraceScenarioTests/Fixtures/golden/\(name).golden"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let hooks =
            lines.first { $0.hasPrefix("# compare:") }.map {
                $0.dropFirst("# compare:".count).split(separator: " ").map(String.init)
            } ?? []
        let separator = try #require(lines.firstIndex(of: "---"))
        let expected = lines[(separator + 1)...].filter { !$0.isEmpty }.map { line in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return "\(names[parts[0]] ?? parts[0]) \(parts[1])"
        }
        return (hooks, expected)
    }

    @Test("launch and push in UIKit code come in the device's order")
    func launchAndPush() throws {
        try withApp { app, p in
            let launch = try golden("seed004-launch", renaming: ["First": "ProfileViewController"])
            #expect(app.lines(launch.hooks, of: ["ProfileViewController"]) == launch.lines)
            #expect(p.profile.navigationItem.title == "Profile", "title sets the navigation item's")

            app.recording.removeAll()
            let push = try golden(
                "seed004-push-animated", renaming: ["First": "ProfileViewController", "Second": "FollowersViewController"])
            p.profile.follow.tap()
            app.settle()
            #expect(app.lines(push.hooks, of: ["ProfileViewController", "FollowersViewController"]) == push.lines)
            #expect(p.navigation.topViewController is FollowersViewController)
            #expect(p.navigation.topViewController?.title == "Followers")
        }
    }

    @Test("labels and buttons size from their measured text; the stack lays them out")
    func measuredLayout() {
        withApp { app, p in
            let stack = p.profile.stack
            let margins = p.profile.view.layoutMargins
            #expect(stack.frame.width == p.profile.view.bounds.width - margins.left - margins.right)
            let bio = p.profile.bio
            let oneLine = bio.font.lineHeight
            #expect(bio.frame.width <= stack.frame.width)
            #expect(bio.frame.height > 2 * oneLine, "the biography wraps at the stack's width: \(bio.frame)")
            let fitting = bio.sizeThatFits(CGSize(width: stack.frame.width, height: .greatestFiniteMagnitude))
            #expect(
                abs(bio.frame.width - fitting.width) < 1e-6 && abs(bio.frame.height - fitting.height) < 1e-6,
                "\(bio.frame) against \(fitting)")
            let button = p.profile.follow
            #expect(abs(button.frame.height - button.intrinsicContentSize.height) < 1e-6)
            #expect(button.frame.width > 60, "the title and image are measured: \(button.frame)")
            #expect(stack.arrangedSubviews.first?.frame.size == CGSize(width: 64, height: 64))
        }
    }

    @Test("a bar button presents a sheet; its cancel dismisses it; the presenter stays silent")
    func sheetFromBarButton() throws {
        try withApp { app, p in
            app.recording.removeAll()
            p.profile.navigationItem.rightBarButtonItem?.tap()
            app.settle()
            let sheet = try #require(p.profile.presentedViewController as? UINavigationController)
            #expect(sheet.topViewController is EditProfileViewController)
            #expect(app.lines(["viewWillDisappear", "viewDidDisappear"], of: ["ProfileViewController"]).isEmpty)
            #expect(
                app.lines(["viewDidLoad", "viewWillAppear", "viewDidAppear"], of: ["EditProfileViewController"])
                    == [
                        "EditProfileViewController viewDidLoad", "EditProfileViewController viewWillAppear",
                        "EditProfileViewController viewDidAppear",
                    ])
            sheet.topViewController?.navigationItem.leftBarButtonItem?.tap()
            app.settle()
            #expect(p.profile.presentedViewController == nil)
            #expect(
                app.lines(["viewWillDisappear", "viewDidDisappear"], of: ["EditProfileViewController"])
                    == ["EditProfileViewController viewWillDisappear", "EditProfileViewController viewDidDisappear"])
        }
    }

    @Test("a rotation reaches viewWillTransition(to:with:) and traitCollectionDidChange in UIKit's signatures")
    func rotation() {
        withApp { app, p in
            app.recording.removeAll()
            app.window.transition(to: CGSize(width: 844, height: 390))
            app.settle()
            #expect(p.profile.transitions == [CGSize(width: 844, height: 390)])
            let hooks = app.lines(
                ["willTransitionToTraitCollection", "viewWillTransition", "traitCollectionDidChange"],
                of: ["ProfileViewController"])
            #expect(hooks.contains("ProfileViewController viewWillTransition"))
            #expect(hooks.last == "ProfileViewController traitCollectionDidChange")
        }
    }
}
