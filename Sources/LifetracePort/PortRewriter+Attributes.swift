import SwiftSyntax

/// Removing the attributes Linux Swift rejects (`@objc`, `@IBOutlet`, …): the declarations stay,
/// their comments and indentation too.
extension PortRewriter {
    /// The attributes removed, and what is said of each.
    static let removedAttributes: [String: String] = [
        "objc": "",
        "objcMembers": "",
        "IBAction": " (the method stays)",
        "IBOutlet": " (the property stays)",
        "IBInspectable": " (the property stays)",
        "IBDesignable": "",
        "IBSegueAction": " (the method stays; no storyboard calls it on Linux)",
    ]

    /// `visited` (`original` with its members rewritten) without the attributes Linux Swift
    /// rejects, and without `dynamic` where `@objc` went with it; each removal reported.
    func removingAttributes<Decl: DeclSyntaxProtocol & WithAttributesSyntax & WithModifiersSyntax>(
        of original: Decl, visited: DeclSyntax
    ) -> DeclSyntax {
        var removedAttributes: Set<Int> = []
        var objc = false
        for (index, element) in original.attributes.enumerated() {
            guard let attribute = element.as(AttributeSyntax.self), let name = DeclarationIndex.attributeName(attribute),
                let remark = Self.removedAttributes[name]
            else { continue }
            removedAttributes.insert(index)
            if name == "objc" { objc = true }
            var message = "removed \(attribute.trimmedDescription)\(remark)"
            if name == "IBOutlet", original.modifiers.contains(where: { $0.name.tokenKind == .keyword(.weak) }) {
                message = "removed \(attribute.trimmedDescription) (the property stays, weak kept)"
            }
            if name == "objc", let dynamic = original.modifiers.first(where: { $0.name.tokenKind == .keyword(.dynamic) }) {
                message =
                    "removed \(attribute.trimmedDescription) \(dynamic.trimmedDescription) "
                    + "(KVO does not exist on Linux: nothing observes this property now)"
            }
            report(.change, at: attribute, message)
        }
        var removedModifiers: Set<Int> = []
        if objc, let index = original.modifiers.firstIndex(where: { $0.name.tokenKind == .keyword(.dynamic) }) {
            removedModifiers.insert(original.modifiers.distance(from: original.modifiers.startIndex, to: index))
        }
        guard !removedAttributes.isEmpty, var decl = visited.as(Decl.self) else { return visited }
        changed = true

        // A removed element's leading trivia (its line break, indentation and comments) passes
        // to what follows it; its trailing trivia (the space before the next token) goes.
        var pending: Trivia?
        var attributes: [AttributeListSyntax.Element] = []
        for (index, element) in decl.attributes.enumerated() {
            if removedAttributes.contains(index) {
                pending = Self.merge(pending, element.leadingTrivia) + Self.comments(element.trailingTrivia)
            } else {
                attributes.append(pending.map { element.with(\.leadingTrivia, Self.merge($0, element.leadingTrivia)) } ?? element)
                pending = nil
            }
        }
        var modifiers: [DeclModifierSyntax] = []
        for (index, modifier) in decl.modifiers.enumerated() {
            if removedModifiers.contains(index) {
                pending = Self.merge(pending, modifier.leadingTrivia) + Self.comments(modifier.trailingTrivia)
            } else {
                modifiers.append(
                    pending.map { modifier.with(\.leadingTrivia, Self.merge($0, modifier.leadingTrivia)) } ?? modifier)
                pending = nil
            }
        }
        decl = decl.with(\.attributes, AttributeListSyntax(attributes)).with(\.modifiers, DeclModifierListSyntax(modifiers))
        // Trivia left after the last element goes to the declaration's keyword when it is now
        // first; after a kept element, the keyword keeps its own (the kept one's space before it).
        if let pending, attributes.isEmpty && modifiers.isEmpty {
            decl = decl.with(\.leadingTrivia, Self.merge(pending, decl.leadingTrivia))
        }
        return DeclSyntax(decl)
    }

    /// `first` followed by `second` without the whitespace that starts it: the removed
    /// element's line break and indentation stand for the next one's (after a line comment,
    /// the next one's line break stays).
    private static func merge(_ first: Trivia?, _ second: Trivia) -> Trivia {
        guard let first else { return second }
        if let last = first.pieces.last, !last.isWhitespace { return first + second }
        return first + Trivia(pieces: Array(second.pieces.drop { $0.isWhitespace }))
    }

    /// The comments in a removed element's trailing trivia (`@objc /* why */ func`), with the
    /// space after them; nothing when it has none.
    private static func comments(_ trailing: Trivia) -> Trivia {
        guard trailing.pieces.contains(where: { !$0.isWhitespace }) else { return [] }
        return Trivia(pieces: Array(trailing.pieces.drop { $0.isWhitespace }))
    }
}
