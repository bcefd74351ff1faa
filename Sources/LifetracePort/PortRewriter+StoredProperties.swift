import SwiftSyntax

/// A rewritten closure that refers to `self` inside a stored property's initializer, where there
/// is no `self`: the property made `lazy`, or (a static property, a global) the rewrite declined.
extension PortRewriter {
    /// Whether the code at a place can refer to `self`.
    enum SelfAvailability {
        /// It can: a method's, an initialiser's or an accessor's body, a `lazy` property's initialiser.
        case available
        /// Only once this stored property (a type's, single, not `lazy`) is made `lazy`.
        case onceLazy(VariableDeclSyntax)
        /// It cannot, for this reason (a static property's or a global's initialiser).
        case unavailable(String)
    }

    /// Whether `node` (an input node) can refer to `self`: it cannot in the initialiser of a
    /// stored property, not even within a closure there, until the property is `lazy`.
    static func selfAvailability(at node: Syntax) -> SelfAvailability {
        var child = node
        var current = node.parent
        while let parent = current {
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
                || parent.is(DeinitializerDeclSyntax.self) || parent.is(AccessorBlockSyntax.self)
                || parent.is(SubscriptDeclSyntax.self) || parent.is(MemberBlockSyntax.self)
            {
                return .available
            }
            if let binding = parent.as(PatternBindingSyntax.self), binding.initializer?.id == child.id,
                let decl = binding.parent?.parent?.as(VariableDeclSyntax.self)
            {
                let name = binding.pattern.trimmedDescription
                let isMember = decl.parent?.is(MemberBlockItemSyntax.self) == true
                let isGlobal =
                    decl.parent?.is(CodeBlockItemSyntax.self) == true
                    && decl.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
                if decl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) { return .available }
                if isMember,
                    let modifier = decl.modifiers.first(where: {
                        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
                    })
                {
                    return .unavailable(
                        "the closure would refer to self, but the initializer of \(modifier.name.text) property \(name) "
                            + "has no instance to refer to; add the action where the instance is known (viewDidLoad, an initializer)"
                    )
                }
                if isMember {
                    guard decl.bindings.count == 1, binding.pattern.is(IdentifierPatternSyntax.self) else {
                        return .unavailable(
                            "the closure would refer to self, which the initializer of \(name) has only if the property is "
                                + "lazy, and a lazy declaration declares one property; declare \(name) on its own, lazy")
                    }
                    return .onceLazy(decl)
                }
                if isGlobal {
                    return .unavailable(
                        "the closure would refer to self, but the initializer of global variable \(name) has no self; "
                            + "add the action where the instance is known (viewDidLoad, an initializer)")
                }
                // A local variable: what encloses it decides.
            }
            child = parent
            current = parent.parent
        }
        return .available
    }

    /// Makes `decl`'s property `lazy` (reported once) when the rewrite that needs it is made.
    func makeLazy(_ decl: VariableDeclSyntax) {
        guard lazyProperties.insert(decl.id).inserted else { return }
        let name = decl.bindings.first?.pattern.trimmedDescription ?? ""
        report(.change, at: decl.bindingSpecifier, "made \(name) lazy: its initializer now refers to self")
    }

    /// `visited` (a property `makeLazy` named, its members rewritten) as a `lazy var`: `lazy`
    /// after its attributes and modifiers, `let` becoming `var`, its trivia kept.
    static func lazyProperty(_ visited: DeclSyntax) -> DeclSyntax {
        guard var decl = visited.as(VariableDeclSyntax.self) else { return visited }
        let specifier = decl.bindingSpecifier
        let lazy = DeclModifierSyntax(name: .keyword(.lazy, leadingTrivia: specifier.leadingTrivia, trailingTrivia: .space))
        decl.modifiers = DeclModifierListSyntax(Array(decl.modifiers) + [lazy])
        decl.bindingSpecifier = specifier.with(\.tokenKind, .keyword(.var)).with(\.leadingTrivia, [])
        return DeclSyntax(decl)
    }
}
