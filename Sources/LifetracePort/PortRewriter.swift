import SwiftParser
import SwiftSyntax

/// The rewrite behind ``Port/rewrite(_:fileName:)``: target–action and selector observers to
/// closures (PortRewriter+TargetAction.swift, PortRewriter+Observers.swift), Objective-C
/// attributes removed (PortRewriter+Attributes.swift), warnings for the rest
/// (PortRewriter+Warnings.swift). Each change is reported at its place in the input.
final class PortRewriter: SyntaxRewriter {
    /// Lines and columns of the input.
    let converter: SourceLocationConverter
    /// The input's methods and types.
    let declarations: DeclarationIndex
    /// What was changed, noted and left alone.
    private(set) var diagnostics: [PortDiagnostic] = []
    /// Whether anything was rewritten.
    var changed = false
    /// Why a `#selector` was left as it is, by its node, when the rewrite that met it declined.
    var declinedSelectors: [SyntaxIdentifier: String] = [:]
    /// The stored properties made `lazy`, their initializers now referring to `self`.
    var lazyProperties: Set<SyntaxIdentifier> = []

    /// A rewriter of the file `converter` and `declarations` were made from.
    init(converter: SourceLocationConverter, declarations: DeclarationIndex) {
        self.converter = converter
        self.declarations = declarations
        super.init(viewMode: .sourceAccurate)
    }

    /// Reports `message` at the start of `node` (an input node, so its place is known).
    func report(_ severity: PortDiagnostic.Severity, at node: some SyntaxProtocol, _ message: String) {
        let location = node.startLocation(converter: converter)
        diagnostics.append(PortDiagnostic(severity: severity, line: location.line, column: location.column, message: message))
    }

    /// Leaves the `#selector` `node` as it is, for `reason` (reported when the node is visited).
    func decline(_ node: MacroExpansionExprSyntax, _ reason: String) {
        declinedSelectors[node.id] = reason
    }

    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        if let rewritten = rewriteTargetAction(node) ?? rewriteBarButtonItem(node) ?? rewriteSelectorObserver(node) {
            changed = true
            return rewritten
        }
        warnAboutRuntimeCall(node)
        return super.visit(node)
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> ExprSyntax {
        warnAboutMacro(node)
        return super.visit(node)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        if node.name.text == "Selector" {
            report(
                .warning, at: node,
                "left as it is: the type Selector needs the Objective-C runtime; keep a closure (or a method reference) instead")
        }
        return super.visit(node)
    }

    // Declarations: their Objective-C attributes removed (PortRewriter+Attributes.swift).

    override func visit(_ node: FunctionDeclSyntax) -> DeclSyntax {
        warnAboutRuntimeDeclaration(node)
        return removingAttributes(of: node, visited: super.visit(node))
    }

    override func visit(_ node: VariableDeclSyntax) -> DeclSyntax {
        warnAboutOptionalRequirement(node.modifiers)
        let visited = removingAttributes(of: node, visited: super.visit(node))
        return lazyProperties.contains(node.id) ? Self.lazyProperty(visited) : visited
    }

    override func visit(_ node: InitializerDeclSyntax) -> DeclSyntax { removingAttributes(of: node, visited: super.visit(node)) }
    override func visit(_ node: SubscriptDeclSyntax) -> DeclSyntax { removingAttributes(of: node, visited: super.visit(node)) }
    override func visit(_ node: DeinitializerDeclSyntax) -> DeclSyntax {
        removingAttributes(of: node, visited: super.visit(node))
    }
    override func visit(_ node: ClassDeclSyntax) -> DeclSyntax { removingAttributes(of: node, visited: super.visit(node)) }
    override func visit(_ node: StructDeclSyntax) -> DeclSyntax { removingAttributes(of: node, visited: super.visit(node)) }
    override func visit(_ node: EnumDeclSyntax) -> DeclSyntax { removingAttributes(of: node, visited: super.visit(node)) }
    override func visit(_ node: EnumCaseDeclSyntax) -> DeclSyntax { removingAttributes(of: node, visited: super.visit(node)) }
    override func visit(_ node: ProtocolDeclSyntax) -> DeclSyntax { removingAttributes(of: node, visited: super.visit(node)) }
    override func visit(_ node: ExtensionDeclSyntax) -> DeclSyntax { removingAttributes(of: node, visited: super.visit(node)) }
    override func visit(_ node: TypeAliasDeclSyntax) -> DeclSyntax { removingAttributes(of: node, visited: super.visit(node)) }

    // MARK: Building blocks

    /// The parts of a call's callee: `base.name` or `name`.
    struct Callee {
        /// The member access, when the callee is one.
        let member: MemberAccessExprSyntax?
        /// The plain name, when the callee is one.
        let reference: DeclReferenceExprSyntax?

        init?(_ expression: ExprSyntax) {
            if let member = expression.as(MemberAccessExprSyntax.self) {
                self.member = member
                reference = nil
            } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
                member = nil
                self.reference = reference
            } else {
                return nil
            }
        }

        /// The called name: `addTarget` for `button.addTarget`.
        var name: String { (member?.declName ?? reference!).baseName.text }

        /// The base of a member access (`button` in `button.addTarget`).
        var base: ExprSyntax? { member?.base }

        /// The callee with its base rewritten by `rewriter` and its name `newName` (trivia kept).
        func rewritten(by rewriter: PortRewriter, renamedTo newName: String? = nil) -> ExprSyntax {
            func rename(_ reference: DeclReferenceExprSyntax) -> DeclReferenceExprSyntax {
                guard let newName else { return reference }
                return reference.with(\.baseName, reference.baseName.with(\.tokenKind, .identifier(newName)))
            }
            if let member {
                var result = member.with(\.declName, rename(member.declName))
                if let base = member.base { result = result.with(\.base, rewriter.visit(base)) }
                return ExprSyntax(result)
            }
            return ExprSyntax(rename(reference!))
        }
    }

    /// The argument labels of `call`, `nil` for an unlabelled argument.
    static func labels(of call: FunctionCallExprSyntax) -> [String?] {
        call.arguments.map { $0.label?.text }
    }

    /// `text` parsed as an expression (text this rewriter built, so valid Swift).
    static func expression(_ text: String) -> ExprSyntax {
        var parser = Parser(text)
        return ExprSyntax.parse(from: &parser)
    }

    /// The whitespace that ends `trivia` (the indentation of what follows it), without its comments.
    static func indentation(_ trivia: Trivia) -> Trivia {
        Trivia(pieces: Array(trivia.pieces.reversed().prefix { $0.isWhitespace }.reversed()))
    }
}
