/// An object that can take part in the app's event handling (the runtime's `UIResponder`): the
/// base class of app and scene delegates, which the runtime makes with ``init()`` as UIKit makes
/// them from a class name.
///
/// Views and controllers do not derive from it in the runtime (they carry their own
/// first-responder handling); `next` is `nil` for a delegate, as UIKit's app delegate has no
/// next responder.
@MainActor
open class Responder {
    /// Creates a responder.
    public required init() {}

    /// The next responder in the chain: none for a delegate.
    open var next: Responder? { nil }

    /// Whether the object can become first responder: a delegate cannot.
    open var canBecomeFirstResponder: Bool { false }
}
