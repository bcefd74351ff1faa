/// What an event is about: a named object with an identity (a controller, a window, a cache).
///
/// The identity is what tells two controllers of the same name apart, like the address in an NSLog
/// line (`<B: 0x6c16980>`).
public struct Subject: Sendable, Hashable {
    /// The name shown in traces: the scenario name, or by default the type name.
    public var name: String
    /// The object's identity, printed in hexadecimal.
    public var id: UInt

    /// Creates a subject with a name and an identity.
    @inlinable
    public init(name: String, id: UInt) {
        self.name = name
        self.id = id
    }

    /// Creates a subject for an object, identified by its address.
    @inlinable
    public init(name: String, object: AnyObject) {
        self.init(name: name, id: UInt(bitPattern: ObjectIdentifier(object)))
    }
}
