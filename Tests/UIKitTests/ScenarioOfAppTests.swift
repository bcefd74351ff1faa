import Foundation
import Lifetrace
import LifetraceScenario
import LifetraceUI
import Testing
import UIKit

/// A scenario that names an app's own controller types: a test of the app's package registers
/// them with the runner, and the scenario language drives the app's code.
@Suite("UIKit code: scenarios over an app's own controllers")
@MainActor
struct ScenarioOfAppTests {
    @Test("a scenario launches, pushes and pops the app's own controllers, named as the scenario names them")
    func appControllers() throws {
        let runner = ScenarioRunner()
        runner.register("Profile") { ProfileViewController() }
        runner.register("Followers") { FollowersViewController(count: 7) }
        let scenario = try ScenarioParser.parse("nav Nav Profile\nlaunch Nav\npush Followers\npop\n", source: "app.scenario")
        let recording = RecordingSink()
        try LifetraceSystem.withSink(recording) { try runner.run(scenario) }
        #expect(runner.existingController(named: "Profile") is ProfileViewController)
        #expect(runner.existingController(named: "Followers") is FollowersViewController)
        let appearances = recording.events
            .filter { $0.phase != .end && ($0.hook == .viewDidAppear || $0.hook == .viewDidDisappear) }
            .map { "\($0.controller) \($0.hook.name)" }
        #expect(
            appearances == [
                "Nav viewDidAppear", "Profile viewDidAppear", "Profile viewDidDisappear", "Followers viewDidAppear",
                "Followers viewDidDisappear", "Profile viewDidAppear",
            ])
    }
}
