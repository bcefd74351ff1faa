import Lifetrace

/// The view hierarchy of a storyboard scene (or a nib file): the root view and the views archived
/// in it, which a controller's default `loadView` unarchives.
///
/// Unarchiving follows Apple's account of nib loading (`awakeFromNib()`): every object is
/// recreated first, with `init(coder:)` (an `initWithCoder` event), then the connections are made
/// (the owner's `view` outlet, the subviews), then each object gets `awakeFromNib` "only after all
/// the objects in the archive have been loaded and initialized". Apple does not guarantee the
/// order of the `awakeFromNib` messages; the runtime sends them in archive order, the root view first.
@MainActor
public final class ViewNib {
    /// One archived view: its identifier, the identifier of the archived view it is in (`nil`: the
    /// root view), and how to recreate it.
    public struct Entry {
        public let identifier: String
        public let parent: String?
        let make: @MainActor () -> View
    }

    /// The archived views, in archive order.
    public private(set) var entries: [Entry] = []

    /// Told about each archived view once the hierarchy is connected, before `awakeFromNib`
    /// messages are sent (a scenario names the views it declared this way).
    public var didConnect: (@MainActor (_ identifier: String, _ view: View) -> Void)?

    /// Creates an empty nib: unarchiving it makes the root view only.
    public init() {}

    /// Archives a view made by `make` inside `parent` (an earlier entry's identifier; `nil` for the
    /// root view). In a stack view the view is arranged.
    public func add(_ identifier: String, in parent: String? = nil, make: @escaping @MainActor () -> View) {
        entries.append(Entry(identifier: identifier, parent: parent, make: make))
    }

    /// Whether a view of that identifier is archived.
    public func contains(_ identifier: String) -> Bool {
        entries.contains { $0.identifier == identifier }
    }

    /// Unarchives the hierarchy for `owner`: recreates every view, sets the owner's `view`, adds
    /// the subviews, then sends `awakeFromNib` to each view.
    func instantiate(owner: ViewController) {
        let root = View(frame: Window.defaultFrame)
        Probe(name: owner.name + ".view", id: UInt(bitPattern: ObjectIdentifier(root))).emitEvent(.initWithCoder)
        var byIdentifier: [String: View] = [:]
        var made: [(identifier: String, view: View)] = []
        for entry in entries {
            let view = entry.make()
            view.emitEvent(.initWithCoder)
            let parent = entry.parent.flatMap { byIdentifier[$0] } ?? root
            if let stack = parent as? StackView { stack.addArrangedSubview(view) } else { parent.addSubview(view) }
            byIdentifier[entry.identifier] = view
            made.append((entry.identifier, view))
        }
        owner.view = root
        for (identifier, view) in made { didConnect?(identifier, view) }
        root.withInterval(.awakeFromNib) { root.awakeFromNib() }
        for (_, view) in made {
            view.withInterval(.awakeFromNib) { view.awakeFromNib() }
        }
    }
}
