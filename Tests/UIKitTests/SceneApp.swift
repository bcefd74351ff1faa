import Foundation
import UIKit

// An app that starts the way Xcode's iOS template does (an app delegate, a scene delegate that
// makes its window in code), written as for iOS: `import UIKit` only.

final class SceneAppDelegate: UIResponder, UIApplicationDelegate {
    var launched = false

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        launched = true
        return true
    }

    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneAppSceneDelegate.self
        return configuration
    }
}

final class SceneAppSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    var states: [String] = []

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = (scene as? UIWindowScene) else { return }
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = UINavigationController(rootViewController: TimelineViewController())
        window?.makeKeyAndVisible()
    }

    func sceneDidBecomeActive(_ scene: UIScene) { states.append("active") }
    func sceneWillResignActive(_ scene: UIScene) { states.append("inactive") }
    func sceneWillEnterForeground(_ scene: UIScene) { states.append("foreground") }
    func sceneDidEnterBackground(_ scene: UIScene) { states.append("background") }
}

/// Refreshes when the app becomes active, as apps do, by observing UIApplication's notification.
final class TimelineViewController: UIViewController {
    var refreshes = 0
    private var observer: NSObjectProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Timeline"
        observer = NotificationCenter.default.addObserver(
            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: nil
        ) { [weak self] _ in
            MainActor.assumeIsolated { self?.refreshes += 1 }
        }
    }
}
