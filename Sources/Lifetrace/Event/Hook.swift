import CLifetrace

/// The name of an instrumented callback or runtime interval, such as `viewWillAppear` or `layoutPass`.
///
/// Hooks are open: the well-known UIKit callbacks are predefined, and any runtime registers its own
/// (`static let displayCell = Hook.register("collectionViewWillDisplayCell")`, ``register(_:)``).
/// The name is what appears in every sink, so keep it stable.
///
/// A hook is a small number: a well-known hook's ``code`` is its place in ``wellKnown`` (the LTTng
/// provider's table follows the same order); a hook of your own gets the next free number when its
/// name is first seen. So passing a hook costs nothing, and a sink maps it to a table entry without
/// comparing strings.
public struct Hook: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// A string literal is a `StaticString`: its text stays in the binary, so a literal hook is
    /// made without looking its name up, and resolved only when an event is emitted.
    public typealias StringLiteralType = StaticString

    /// Either a code (bit 63 clear), or a string literal not resolved yet (bit 63 set): its address
    /// in bits 16…62 and its length in bits 0…15.
    ///
    /// Invariant: a literal's address and length describe a `StaticString`'s UTF-8 text, which
    /// lives as long as the process (it is in the binary), so the storage may be copied freely and
    /// read on any thread. Literals that do not fit (a longer text, an address beyond 47 bits, a
    /// single-scalar `StaticString`) are resolved at once instead.
    @usableFromInline
    let storage: UInt64

    @usableFromInline
    static var literalTag: UInt64 { 1 << 63 }

    @usableFromInline
    init(code: UInt32) { self.storage = UInt64(code) }

    /// Creates the hook of a name (a well-known name gives the well-known hook).
    public init(_ name: String) { self.storage = UInt64(HookNames.code(of: name)) }

    /// Registers a hook of another runtime by name, once, where the runtime declares its hooks:
    /// `static let decode = Hook.register("decode")`. The name gets the next free ``code`` for the
    /// life of the process; registering it again gives the same hook, and a well-known name gives
    /// the well-known hook.
    public static func register(_ name: String) -> Hook { Hook(name) }

    /// Creates a hook from a string literal, so `"viewDidLoad"` can stand for `.viewDidLoad` and
    /// `probe.beginInterval("decode")` costs what a built hook costs: the name is looked up on
    /// emission, after the on/off check, never before.
    @inlinable
    public init(stringLiteral value: StaticString) {
        if value.hasPointerRepresentation, value.utf8CodeUnitCount < 1 << 16 {
            let address = UInt64(UInt(bitPattern: value.utf8Start))
            if address < 1 << 47 {
                storage = Self.literalTag | address << 16 | UInt64(value.utf8CodeUnitCount)
                return
            }
        }
        storage = UInt64(Self.resolve(value.description))
    }

    /// Whether this is a string literal not resolved to a code yet.
    @inlinable
    var isLiteral: Bool { storage & Self.literalTag != 0 }

    /// The hook's number: its place in ``wellKnown``, or the number its name was given.
    @inlinable
    public var code: UInt32 {
        isLiteral ? Self.resolve(storage) : UInt32(truncatingIfNeeded: storage)
    }

    /// The same hook as a code, for events (which carry resolved hooks only).
    @inlinable
    public var resolved: Hook { isLiteral ? Hook(code: code) : self }

    @usableFromInline
    static func resolve(_ name: String) -> UInt32 { HookNames.code(of: name) }

    /// The code of a literal: from a lock-free cache keyed by the literal's address after its
    /// first lookup, else by its name. An address names one text: the compiler lays out string
    /// literals NUL-terminated, so two literals starting at the same address are the same text.
    @usableFromInline
    static func resolve(_ storage: UInt64) -> UInt32 {
        let address = (storage & ~literalTag) >> 16
        let cached = lifetrace_literal_code(address)
        if cached >= 0 { return UInt32(cached) }
        let count = Int(truncatingIfNeeded: storage & 0xFFFF)
        let text = UnsafeBufferPointer(start: UnsafePointer<UInt8>(bitPattern: UInt(address)), count: count)
        let code = HookNames.code(of: String(decoding: text, as: UTF8.self))
        lifetrace_literal_remember(address, code)
        return code
    }

    public static func == (a: Hook, b: Hook) -> Bool {
        a.storage == b.storage || a.code == b.code
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The hook's name as it appears in traces (`event` in JSON lines).
    public var name: String { HookNames.name(of: code) }

    /// Whether the hook is one of ``wellKnown`` (not one of your own).
    @inlinable
    public var isWellKnown: Bool { code < HookNames.wellKnownCount }

    /// The hook's name.
    public var description: String { name }
}

extension Hook {
    /// Every well-known hook, in ``code`` order: the list of `tracepoints/hooks.def`, from which
    /// the LTTng provider and these members are made (`tools/hooks`); add a hook there, at the end.
    public static let wellKnown: [Hook] = (0..<HookNames.wellKnownCount).map { Hook(code: $0) }

    /// The hook's category (`appearance`, `loading`, `layout`, `transition`, `editing`,
    /// `containment`, `scenario` or `other`), as hooks.def gives it; viewers filter and colour by it.
    package var category: String { HookNames.category(of: code).description }
}
