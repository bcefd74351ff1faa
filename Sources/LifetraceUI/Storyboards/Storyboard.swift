import Lifetrace

/// Scenes, each a controller with the views of its nib, instantiated by identifier (the
/// runtime's `UIStoryboard`).
///
/// Instantiating a scene follows UIKit's creation from a storyboard: the controller is unarchived
/// with ``ViewController/init(coder:)`` (an `initWithCoder` event), the scenes its relationship
/// segues name (a navigation controller's root, a tab bar controller's tabs) are instantiated and
/// installed, then the controller gets `awakeFromNib`. Its view is not loaded: the default
/// `loadView` unarchives the scene's ``ViewNib`` when the view is first needed, before `viewDidLoad`.
@MainActor
public final class Storyboard {
    /// The storyboard's name (its file name in an app).
    public let name: String
    /// The identifier of the initial scene (Interface Builder's entry point), if any.
    public var initialIdentifier: String?
    /// The run loop that hears about refused instantiations.
    public let runLoop: MainRunLoop

    /// The scenes, by identifier.
    public private(set) var scenes: [String: StoryboardScene] = [:]

    /// Relationship chains deeper than this are refused (a container inside a container…).
    public static let relationshipDepthLimit = 64

    /// An instantiation that would make more controllers than this is refused. Each relationship
    /// segue instantiates its destination anew (a controller has one parent), so scenes that share
    /// relationship targets multiply: a diamond of 22 levels makes four million controllers.
    public static let instantiationLimit = 10_000

    /// Creates an empty storyboard.
    public init(name: String, runLoop: MainRunLoop = .main) {
        self.name = name
        self.runLoop = runLoop
    }

    /// Adds a scene (replacing one of the same identifier) and returns it.
    @discardableResult
    public func addScene(
        identifier: String, relationships: [String] = [],
        make: @escaping @MainActor (NibCoder) -> ViewController? = { ViewController(coder: $0) }
    ) -> StoryboardScene {
        let scene = StoryboardScene(identifier: identifier, relationships: relationships, make: make)
        scenes[identifier] = scene
        return scene
    }

    /// `<UIStoryboard: 0x…>`-like, as UIKit's messages name a storyboard.
    public nonisolated var description: String {
        "<Storyboard \(name): 0x\(String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16))>"
    }

    /// Instantiates the initial scene, or returns `nil` (and warns, as UIKit does for an app's main
    /// storyboard) when none is set.
    public func instantiateInitialViewController() -> ViewController? {
        guard let initialIdentifier else {
            runLoop.report(
                Diagnostic(
                    .warning,
                    "Failed to instantiate the default view controller for storyboard '\(name)' - perhaps the designated entry point is not set?"
                ))
            return nil
        }
        return instantiateViewController(withIdentifier: initialIdentifier)
    }

    /// Instantiates the scene `identifier`, or returns `nil` with UIKit's exception text as an error
    /// when there is no such scene, or its relationships form a cycle or nest too deep.
    public func instantiateViewController(withIdentifier identifier: String) -> ViewController? {
        var counted: [String: Int] = [:]
        var visiting: Set<String> = []
        let count = controllerCount(identifier, counted: &counted, visiting: &visiting)
        guard count <= Self.instantiationLimit else {
            runLoop.report(
                Diagnostic(
                    .error,
                    "Storyboard (\(description)): instantiating '\(identifier)' would make more than \(Self.instantiationLimit) view "
                        + "controllers (each relationship segue instantiates its destination anew, and its scenes share destinations)"
                ))
            return nil
        }
        var path: [String] = []
        return instantiate(identifier, path: &path)
    }

    /// How many controllers instantiating a scene makes (it, and what each relationship makes),
    /// counted once per scene, without making any; at most one more than the limit. A cycle or
    /// an unknown scene counts 1 (``instantiate(_:path:)`` reports it).
    private func controllerCount(_ identifier: String, counted: inout [String: Int], visiting: inout Set<String>) -> Int {
        if let known = counted[identifier] { return known }
        guard let scene = scenes[identifier], visiting.insert(identifier).inserted,
            visiting.count <= Self.relationshipDepthLimit
        else { return 1 }
        var total = 1
        for child in scene.relationships where total <= Self.instantiationLimit {
            total += controllerCount(child, counted: &counted, visiting: &visiting)
        }
        visiting.remove(identifier)
        counted[identifier] = min(total, Self.instantiationLimit + 1)
        return counted[identifier]!
    }

    private func instantiate(_ identifier: String, path: inout [String]) -> ViewController? {
        guard let scene = scenes[identifier] else {
            runLoop.report(
                Diagnostic(
                    .error,
                    "Storyboard (\(description)) doesn't contain a view controller with identifier '\(identifier)'"))
            return nil
        }
        if path.contains(identifier) || path.count >= Self.relationshipDepthLimit {
            let chain = (path + [identifier]).joined(separator: " -> ")
            runLoop.report(
                Diagnostic(
                    .error,
                    "Storyboard (\(description)): the relationship segues \(chain) "
                        + (path.contains(identifier) ? "form a cycle" : "nest deeper than \(Self.relationshipDepthLimit) scenes"))
            )
            return nil
        }
        path.append(identifier)
        defer { path.removeLast() }
        guard let controller = scene.make(NibCoder(identifier: identifier, storyboard: self, viewNib: scene.viewNib)) else {
            runLoop.report(
                Diagnostic(
                    .error,
                    "Storyboard (\(description)): the view controller of '\(identifier)' failed to initialise from its coder"))
            return nil
        }
        var related: [ViewController] = []
        for child in scene.relationships {
            guard let made = instantiate(child, path: &path) else { return nil }
            related.append(made)
        }
        if !related.isEmpty {
            if let navigation = controller as? NavigationController {
                navigation.setViewControllers(related, animated: false)
            } else if let tabs = controller as? TabBarController {
                tabs.setViewControllers(related, animated: false)
            }
        }
        controller.withInterval(.awakeFromNib) { controller.awakeFromNib() }
        return controller
    }
}
