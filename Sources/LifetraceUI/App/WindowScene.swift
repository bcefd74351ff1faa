/// A scene that shows the app's windows (the runtime's `UIWindowScene`).
@MainActor
open class WindowScene: Scene {
    private struct WeakWindow {
        weak var window: Window?
    }

    private var windowReferences: [WeakWindow] = []

    /// The scene's windows, in the order they joined it. The scene does not keep them: its
    /// delegate does (``WindowSceneDelegate/window``).
    public var windows: [Window] { windowReferences.compactMap(\.window) }

    /// The scene's key window (the last one made key and visible).
    public var keyWindow: Window? { windows.last { $0.isKeyWindow } }

    /// The traits of the scene's key window (its first window's, or a default window's).
    public var traitCollection: TraitCollection {
        (keyWindow ?? windows.first)?.traitCollection ?? TraitCollection(size: Window.defaultFrame.size, style: .light)
    }

    /// Adds a window whose ``Window/windowScene`` became this scene.
    func attach(_ window: Window) {
        windowReferences.removeAll { $0.window == nil || $0.window === window }
        windowReferences.append(WeakWindow(window: window))
    }

    /// Removes a window that left this scene.
    func detach(_ window: Window) {
        windowReferences.removeAll { $0.window == nil || $0.window === window }
    }

    /// The snapshot for the app switcher: each visible window's root view lays out again, in the
    /// next layout pass (a published device log shows `viewWillLayoutSubviews` and
    /// `viewDidLayoutSubviews` after `sceneDidEnterBackground`).
    override func takeSnapshot() {
        for window in windows where window.isKeyWindow {
            window.rootViewController?.viewIfLoaded?.setNeedsLayout()
        }
    }
}
