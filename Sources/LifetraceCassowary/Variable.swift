/// An unknown of a constraint system, such as a view's left edge: a name for messages and the
/// value the solver last wrote (``Solver/updateVariables()``).
///
/// Variables compare by identity. One variable may take part in several solvers, but a value is
/// written by whichever solver updated it last.
///
/// `@unchecked Sendable`: the only mutable state is ``value``, which only a solver writes, and a
/// solver is used from one isolation domain at a time (it is not `Sendable`); the conformance lets
/// ``SolverError`` carry the variable it is about.
public final class Variable: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The name, for descriptions and errors.
    public let name: String
    /// The value the last ``Solver/updateVariables()`` wrote (0 before).
    public internal(set) var value: Double = 0

    /// The symbol of the variable in the solver that saw it first (`owner`), so that solver finds
    /// it without hashing; other solvers look it up in their tables.
    var ownerSymbol: Int32 = -1
    weak var owner: Solver?

    /// Creates a variable.
    public init(_ name: String = "") {
        self.name = name
    }

    public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The name, or `v0x…` for an unnamed variable.
    public var description: String {
        name.isEmpty ? "v0x\(String(UInt(bitPattern: ObjectIdentifier(self)), radix: 16))" : name
    }
}
