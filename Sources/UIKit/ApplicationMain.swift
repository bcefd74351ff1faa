import Foundation
public import LifetraceUI

extension ApplicationDelegate where Self: Responder {
    /// The entry point of an app whose delegate is marked `@main`, as in an iOS app: launches
    /// `UIApplication.shared` with a new delegate, then turns the main run loop until nothing is
    /// pending (a headless app has no events to wait for).
    ///
    /// The scene delegate is the configuration's `delegateClass`, else a class named
    /// `SceneDelegate` in the app delegate's module (the name Xcode's template writes into
    /// Info.plist, which Linux has not).
    @MainActor
    public static func main() {
        let delegate: Self = Self.init()
        let module = String(reflecting: Self.self).split(separator: ".").first.map(String.init) ?? ""
        if let type = NSClassFromString("\(module).SceneDelegate") as? Responder.Type {
            Application.shared.launch(delegate: delegate, sceneDelegate: { type.init() as? SceneDelegate })
        } else {
            Application.shared.launch(delegate: delegate)
        }
        MainRunLoop.main.runUntilIdle()
    }
}
