import Foundation

/// What an object unarchived from a storyboard is initialized with (the coder of
/// `init(coder:)`): the scene's identifier, its storyboard, and the nib its view is unarchived from.
///
/// Not isolated, as Foundation's `NSCoder` is not; the storyboard and nib it carries are only
/// touched on the main actor, by the initialisers it is passed to.
public final class NibCoder: NSCoder {
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
        super.init()
    }
}
