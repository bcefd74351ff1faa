import LifetraceUI

/// The app delegate of a scenario's app (`App` in traces): UIKit's defaults.
@MainActor
final class ScenarioAppDelegate: ApplicationDelegate {}

/// The scene delegate of a scenario's app (`Scene` in traces): shows the root in the runner's window.
@MainActor
final class ScenarioSceneDelegate: WindowSceneDelegate {
    var window: Window?
    private let root: ViewController

    init(window: Window, root: ViewController) {
        self.window = window
        self.root = root
    }

    func scene(_ scene: Scene, willConnectTo session: SceneSession, options connectionOptions: Scene.ConnectionOptions) {
        guard let windowScene = scene as? WindowScene, let window else { return }
        window.windowScene = windowScene
        window.rootViewController = root
        window.makeKeyAndVisible()
    }
}

extension ScenarioRunner {
    /// Performs a scene step (``SceneStep``), checking first that the scene can make the move.
    func perform(_ step: SceneStep) throws {
        if case .launch(let name) = step {
            guard application == nil, !window.isKeyWindow else {
                throw StepFailure("the app is already launched; app-launch comes once, instead of launch")
            }
            let root = controller(named: name)
            try checkLaunch(root)
            let app = Application(runLoop: runLoop)
            app.traceName = "App"
            app.sceneTraceName = "Scene"
            application = app
            let window = self.window
            app.launch(delegate: ScenarioAppDelegate()) {
                ScenarioSceneDelegate(window: window, root: root)
            }
            return
        }
        guard let scene = application?.scenes.first else {
            throw StepFailure("the app has no scene; launch it with \"app-launch ROOT\" first")
        }
        let state = scene.activationState
        switch step {
        case .launch: break
        case .background:
            guard scene.isInForeground else { throw StepFailure("the scene is already in the background") }
            scene.enterBackground()
        case .foreground:
            guard state == .background else { throw StepFailure("the scene is already in the foreground") }
            scene.enterForeground()
        case .resignActive:
            guard state == .foregroundActive else { throw StepFailure("the scene is not active (it is \(state))") }
            scene.resignActive()
        case .becomeActive:
            guard state == .foregroundInactive else {
                throw StepFailure(
                    state == .foregroundActive
                        ? "the scene is already active" : "the scene is in the background; \"foreground\" brings it back")
            }
            scene.becomeActive()
        }
    }
}
