import SwiftSyntax

/// What a `#selector(…)` names: a method's base name, its argument labels when written, and the
/// type when written (`#selector(Type.name(_:))`).
struct SelectorReference: CustomStringConvertible {
    /// The type written before the name; `nil` for `name` and `self.name`.
    let typeName: String?
    /// The method's base name.
    let name: String
    /// The argument labels written (`["_"]` for `name(_:)`); `nil` when none were written.
    let labels: [String]?

    /// The selector's `#selector(…)` node when `expression` is one.
    static func selectorExpression(_ expression: ExprSyntax) -> MacroExpansionExprSyntax? {
        guard let macro = expression.as(MacroExpansionExprSyntax.self), macro.macroName.text == "selector" else { return nil }
        return macro
    }

    /// The reference of `#selector(name)`, `#selector(name(_:))`, `#selector(self.name)` or
    /// `#selector(Type.name(_:))`; `nil` for other forms (`getter:`, `setter:`, a coercion).
    init?(_ node: MacroExpansionExprSyntax) {
        guard node.arguments.count == 1, let argument = node.arguments.first, argument.label == nil,
            node.trailingClosure == nil
        else { return nil }
        let reference: DeclReferenceExprSyntax
        if let name = argument.expression.as(DeclReferenceExprSyntax.self) {
            reference = name
            typeName = nil
        } else if let member = argument.expression.as(MemberAccessExprSyntax.self), let base = member.base {
            reference = member.declName
            if let baseName = base.as(DeclReferenceExprSyntax.self), baseName.baseName.tokenKind == .keyword(.self) {
                typeName = nil
            } else if let baseName = base.as(DeclReferenceExprSyntax.self) {
                typeName = baseName.baseName.text
            } else if let baseMember = base.as(MemberAccessExprSyntax.self) {
                typeName = baseMember.declName.baseName.text
            } else {
                return nil
            }
        } else {
            return nil
        }
        guard case .identifier = reference.baseName.tokenKind else { return nil }
        name = reference.baseName.text
        labels = reference.argumentNames.map { $0.arguments.map(\.name.text) }
    }

    /// `name(_:)`, as the selector wrote it.
    var description: String {
        let qualified = typeName.map { "\($0).\(name)" } ?? name
        guard let labels else { return qualified }
        return "\(qualified)(\(labels.map { "\($0):" }.joined()))"
    }
}
