/// One scene of a ``Storyboard``: how its controller is made, the scenes its relationship segues
/// name, and the views of its nib.
@MainActor
public final class StoryboardScene {
    /// The scene's storyboard identifier.
    public let identifier: String
    /// The scenes installed in the controller when it is instantiated (a navigation controller's
    /// root, a tab bar controller's tabs).
    public let relationships: [String]
    /// The views the controller's default `loadView` unarchives.
    public let viewNib = ViewNib()
    /// The scene's triggered segues: identifier → destination scene identifier (shown with
    /// ``ViewController/performSegue(withIdentifier:sender:)``).
    public private(set) var segues: [String: String] = [:]

    /// Adds a *show* segue from this scene to the scene `destination`.
    public func addSegue(identifier: String, destination: String) {
        segues[identifier] = destination
    }
    let make: @MainActor (NibCoder) -> ViewController?

    init(identifier: String, relationships: [String], make: @escaping @MainActor (NibCoder) -> ViewController?) {
        self.identifier = identifier
        self.relationships = relationships
        self.make = make
    }
}
