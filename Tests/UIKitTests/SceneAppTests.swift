import Foundation
import Lifetrace
import LifetraceUI
import Testing
import UIKit

/// SceneApp.swift's app launches through its scene and goes to the background and back: the
/// delegates' callbacks come in UIKit's order among the controllers' (docs/uikit-model.md, "the
/// app and its scenes"), every one traced.
@Suite("UIKit code: the app and scene lifecycle")
@MainActor
struct SceneAppTests {
    static let hooks = [
        "willFinishLaunching", "didFinishLaunching", "configurationForConnecting", "willConnectTo",
        "sceneWillEnterForeground", "sceneDidBecomeActive", "sceneWillResignActive", "sceneDidEnterBackground",
        "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
        "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
    ]
    static let names: Set<String> = ["SceneAppDelegate", "SceneAppSceneDelegate", "TimelineViewController"]

    func withLaunchedApp(_ body: (TestApp, UIApplication, SceneAppDelegate) throws -> Void) rethrows {
        try TestApp.with { test in
            let application = UIApplication(runLoop: test.runLoop)
            let delegate = SceneAppDelegate()
            application.launch(delegate: delegate)
            test.settle()
            try body(test, application, delegate)
        }
    }

    @Test(
        "a launch: the app delegate, the scene connecting with its window, foreground, active, then the first layout and viewDidAppear"
    )
    func launch() throws {
        try withLaunchedApp { test, application, delegate in
            #expect(delegate.launched)
            #expect(
                test.lines(Self.hooks, of: Self.names) == [
                    "SceneAppDelegate willFinishLaunching", "SceneAppDelegate didFinishLaunching",
                    "SceneAppDelegate configurationForConnecting", "SceneAppSceneDelegate willConnectTo",
                    "TimelineViewController viewDidLoad", "TimelineViewController viewWillAppear",
                    "TimelineViewController viewIsAppearing", "SceneAppSceneDelegate sceneWillEnterForeground",
                    "SceneAppSceneDelegate sceneDidBecomeActive", "TimelineViewController viewWillLayoutSubviews",
                    "TimelineViewController viewDidLayoutSubviews", "TimelineViewController viewDidAppear",
                ])
            let scene = try #require(application.connectedScenes.first as? UIWindowScene)
            #expect(scene.activationState == .foregroundActive)
            #expect(application.applicationState == .active)
            let sceneDelegate = try #require(scene.delegate as? SceneAppSceneDelegate)
            #expect(scene.windows.count == 1 && scene.keyWindow === sceneDelegate.window)
            #expect(application.windows.first === sceneDelegate.window)
            #expect(sceneDelegate.window?.windowScene === scene)
            #expect(test.events(.configurationForConnecting).first?.details.text == "UIWindowSceneSessionRoleApplication")
            #expect(scene.session.configuration.name == "Default Configuration")
            let connect = try #require(test.events(.willConnectTo).first)
            let load = try #require(test.events(.viewDidLoad).first)
            let connectEnd = try #require(test.ends(.willConnectTo).first)
            #expect(connect.seq < load.seq && load.seq < connectEnd.seq, "the root loads inside willConnectTo")
        }
    }

    @Test(
        "background and foreground: the scene's callbacks, no appearance callbacks, the snapshot's layout; notifications observed"
    )
    func backgroundAndForeground() throws {
        try withLaunchedApp { test, application, _ in
            let scene = try #require(application.connectedScenes.first)
            let sceneDelegate = try #require(scene.delegate as? SceneAppSceneDelegate)
            let timeline = try #require(
                (sceneDelegate.window?.rootViewController as? UINavigationController)?.topViewController
                    as? TimelineViewController)
            let refreshes = timeline.refreshes
            test.recording.removeAll()
            scene.enterBackground()
            test.settle()
            #expect(
                test.lines(Self.hooks, of: Self.names) == [
                    "SceneAppSceneDelegate sceneWillResignActive", "SceneAppSceneDelegate sceneDidEnterBackground",
                ])
            let background = try #require(test.events(.sceneDidEnterBackground).first)
            #expect(
                test.events(.viewWillLayoutSubviews).map(\.controller) == ["NavigationController"]
                    && test.events(.viewWillLayoutSubviews)[0].seq > background.seq,
                "the snapshot lays the root view out after sceneDidEnterBackground")
            #expect(scene.activationState == .background && application.applicationState == .background)

            test.recording.removeAll()
            scene.enterForeground()
            test.settle()
            #expect(
                test.lines(Self.hooks, of: Self.names) == [
                    "SceneAppSceneDelegate sceneWillEnterForeground", "SceneAppSceneDelegate sceneDidBecomeActive",
                ])
            #expect(sceneDelegate.states == ["foreground", "active", "inactive", "background", "foreground", "active"])
            #expect(timeline.refreshes >= refreshes + 1, "didBecomeActiveNotification reached the observer")
        }
    }

    @Test("an interruption: resign active and become active again, nothing else; misuse is a warning")
    func interruption() throws {
        try withLaunchedApp { test, application, _ in
            let scene = try #require(application.connectedScenes.first)
            test.recording.removeAll()
            #expect(scene.resignActive())
            #expect(application.applicationState == .inactive)
            #expect(!scene.resignActive(), "an inactive scene cannot resign again")
            #expect(!scene.enterForeground(), "it is in the foreground already")
            #expect(scene.becomeActive())
            test.settle()
            #expect(
                test.lines(Self.hooks, of: Self.names) == [
                    "SceneAppSceneDelegate sceneWillResignActive", "SceneAppSceneDelegate sceneDidBecomeActive",
                ])
            #expect(test.runLoop.diagnostics.filter { $0.severity == .warning }.count == 2)
            #expect(test.events(.warning).count == 2)
        }
    }

    @Test("a disconnected scene goes to the background first, then lets go of its delegate and its window")
    func disconnect() throws {
        try withLaunchedApp { test, application, _ in
            let scene = try #require(application.connectedScenes.first as? UIWindowScene)
            weak let window = (scene.delegate as? SceneAppSceneDelegate)?.window
            test.recording.removeAll()
            application.disconnect(scene)
            test.settle()
            #expect(
                test.lines(["sceneWillResignActive", "sceneDidEnterBackground", "sceneDidDisconnect"], of: Self.names) == [
                    "SceneAppSceneDelegate sceneWillResignActive", "SceneAppSceneDelegate sceneDidEnterBackground",
                    "SceneAppSceneDelegate sceneDidDisconnect",
                ])
            #expect(scene.activationState == .unattached && application.connectedScenes.isEmpty)
            #expect(scene.delegate == nil && window == nil, "the window went with the delegate that kept it")
            #expect(application.openSessions.count == 1, "the session stays open")
        }
    }
}
