import SwiftSyntax

/// The methods and types a file declares: where a `#selector`'s method is looked up (its
/// parameters decide what the closure that replaces it passes), and whether a type runs on the
/// main actor.
final class DeclarationIndex: SyntaxVisitor {
    /// A method the file declares.
    struct Method {
        /// Its base name: `tapped` for `tapped(_:)`.
        let name: String
        /// Its argument labels, `_` for none: `["_"]` for `tapped(_ sender: UIButton)`.
        let labels: [String]
        /// Its parameters' types as written (`UIButton`, `Any?`).
        let parameterTypes: [String]
        /// The type (or extended type) it is declared in, by its last name component.
        let enclosingType: String?
    }

    /// A type the file declares (or extends).
    struct TypeInfo {
        /// Whether it is a class (only classes inherit a superclass's isolation).
        let isClass: Bool
        /// Whether it was declared here (not only extended).
        let isDeclaration: Bool
        /// The names in its inheritance clause.
        let inherited: [String]
        /// Whether it is marked `@MainActor`.
        let isMainActor: Bool
    }

    private(set) var methods: [Method] = []
    private(set) var types: [String: [TypeInfo]] = [:]

    /// The declarations of `tree`.
    init(_ tree: some SyntaxProtocol) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let parameters = node.signature.parameterClause.parameters
        methods.append(
            Method(
                name: node.name.text,
                labels: parameters.map(\.firstName.text),
                parameterTypes: parameters.map { $0.type.trimmedDescription },
                enclosingType: Self.enclosingTypeName(of: Syntax(node))))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, isClass: true, isDeclaration: true, node.inheritanceClause, node.attributes)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, isClass: false, isDeclaration: true, node.inheritanceClause, node.attributes)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, isClass: false, isDeclaration: true, node.inheritanceClause, node.attributes)
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, isClass: false, isDeclaration: true, node.inheritanceClause, node.attributes)
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(Self.simpleName(node.extendedType), isClass: false, isDeclaration: false, node.inheritanceClause, node.attributes)
    }

    private func add(
        _ name: String, isClass: Bool, isDeclaration: Bool, _ clause: InheritanceClauseSyntax?,
        _ attributes: AttributeListSyntax
    ) -> SyntaxVisitorContinueKind {
        let inherited = clause?.inheritedTypes.map { Self.simpleName($0.type) } ?? []
        let isMainActor = attributes.contains { $0.as(AttributeSyntax.self).map(Self.attributeName) == "MainActor" }
        types[name, default: []].append(
            TypeInfo(isClass: isClass, isDeclaration: isDeclaration, inherited: inherited, isMainActor: isMainActor))
        return .visitChildren
    }

    /// How a selector's method was found.
    enum Resolution {
        case found(Method)
        case notFound
        case ambiguous([Method])
    }

    /// The method `selector` names, looked up in `selector`'s type when it names one, else in
    /// `contextType` first (the type of the `self` that is the target), else in the whole file.
    func resolve(_ selector: SelectorReference, contextType: String?) -> Resolution {
        var candidates = methods.filter { $0.name == selector.name }
        if let labels = selector.labels { candidates = candidates.filter { $0.labels == labels } }
        if let type = selector.typeName ?? contextType {
            let inType = candidates.filter { $0.enclosingType == type }
            if !inType.isEmpty || selector.typeName != nil && types[type] != nil { candidates = inType }
        }
        guard let first = candidates.first else { return .notFound }
        let alike = candidates.allSatisfy { $0.labels == first.labels && $0.parameterTypes == first.parameterTypes }
        return alike ? .found(first) : .ambiguous(candidates)
    }

    /// Whether `typeName`'s instances are isolated to the main actor: `true` for a type marked
    /// `@MainActor` or a class inheriting from a `UI…` type (`UIViewController`, `UIView`) or
    /// from such a class of the file; `false` for a type declared here without either (an `NS…`
    /// superclass, such as `NSObject`, has none); `nil` for a type the file only extends, or
    /// whose superclass it does not know.
    func isMainActor(_ typeName: String) -> Bool? {
        var seen: Set<String> = []
        return isMainActor(typeName, seen: &seen)
    }

    private func isMainActor(_ typeName: String, seen: inout Set<String>) -> Bool? {
        guard seen.insert(typeName).inserted, let infos = types[typeName] else { return nil }
        if infos.contains(where: \.isMainActor) { return true }
        var unknown = !infos.contains(where: \.isDeclaration)
        for info in infos {
            for name in info.inherited {
                if name.hasPrefix("UI") { return true }
                if name.hasPrefix("NS") { continue }  // NSObject and Foundation's classes: no isolation
                switch isMainActor(name, seen: &seen) {
                case true?: return true
                case nil where info.isClass && name == info.inherited.first: unknown = true  // a superclass from elsewhere
                default: break
                }
            }
        }
        return unknown ? nil : false
    }

    /// The name of the type (or extended type) a node is declared in: the innermost one.
    static func enclosingTypeName(of node: Syntax) -> String? {
        var current = node.parent
        while let node = current {
            if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(ProtocolDeclSyntax.self) { return decl.name.text }
            if let decl = node.as(ExtensionDeclSyntax.self) { return simpleName(decl.extendedType) }
            current = node.parent
        }
        return nil
    }

    /// `Bar` for `Foo.Bar` or `Bar<T>`: a type's last name.
    static func simpleName(_ type: TypeSyntax) -> String {
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return type.trimmedDescription
    }

    /// `objc` for `@objc(name)`: an attribute's name, `nil` for a name that is not a plain one.
    static func attributeName(_ attribute: AttributeSyntax) -> String? {
        attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text
    }
}
