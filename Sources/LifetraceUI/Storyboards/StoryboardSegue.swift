import Lifetrace

/// A transition from one controller to another, prepared by the source before the destination's
/// view loads (UIKit's `UIStoryboardSegue`, without storyboards).
@MainActor
public final class StoryboardSegue {
    /// The segue's identifier.
    public let identifier: String?
    /// The controller the segue starts from.
    public let source: ViewController
    /// The controller the segue shows.
    public let destination: ViewController

    /// Creates a segue.
    public init(identifier: String?, source: ViewController, destination: ViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
    }

    /// Performs the segue as UIKit's *show* segue does: the source prepares
    /// (`prepare(for:sender:)`, recorded as `prepareForSegue` with the destination as target), then
    /// the destination is pushed on the source's navigation controller, or presented full screen
    /// when there is none.
    public func perform(sender: Any? = nil, animated: Bool = true) {
        source.withInterval(.prepareForSegue, target: destination) {
            source.prepare(for: self, sender: sender)
        }
        if let navigation = source.navigationController {
            navigation.pushViewController(destination, animated: animated)
        } else {
            source.present(destination, animated: animated)
        }
    }
}
