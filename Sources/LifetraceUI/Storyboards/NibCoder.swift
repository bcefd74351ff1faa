/// What an object unarchived from a storyboard is initialized with (the runtime's `NSCoder` for
/// `init(coder:)`): the scene's identifier, its storyboard, and the nib its view is unarchived from.
@MainActor
public final class NibCoder {
    /// The storyboard identifier of the scene: the controller's name in traces.
    public let identifier: String
    /// The storyboard the scene belongs to.
    public let storyboard: Storyboard?
    /// The views of the scene's nib, unarchived by the controller's `loadView`.
    public let viewNib: ViewNib?

    /// Creates a coder for one scene.
    public init(identifier: String, storyboard: Storyboard? = nil, viewNib: ViewNib? = nil) {
        self.identifier = identifier
        self.storyboard = storyboard
        self.viewNib = viewNib
    }
}
