/// The name of an instrumented callback or runtime interval, such as `viewWillAppear` or `layoutPass`.
///
/// Hooks are open: the well-known UIKit callbacks are predefined, and any runtime may name its own
/// (`Hook("collectionViewWillDisplayCell")`). The name is what appears in every sink, so keep it stable.
///
/// A hook is a small number: a well-known hook's ``code`` is its place in ``wellKnown`` (the LTTng
/// provider's table follows the same order); a hook of your own gets the next free number when its
/// name is first seen. So passing a hook costs nothing, and a sink maps it to a table entry without
/// comparing strings.
public struct Hook: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The hook's number: its place in ``wellKnown``, or the number its name was given.
    public let code: UInt32

    @usableFromInline
    init(code: UInt32) { self.code = code }

    /// Creates the hook of a name (a well-known name gives the well-known hook).
    public init(_ name: String) { self.code = HookNames.code(of: name) }

    /// Creates a hook from a string literal, so `"viewDidLoad"` can stand for `.viewDidLoad`.
    public init(stringLiteral value: String) { self.init(value) }

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
