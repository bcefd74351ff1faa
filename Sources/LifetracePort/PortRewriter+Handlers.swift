import SwiftSyntax

/// Turning a `#selector` and its target into the closure that calls the method.
extension PortRewriter {
    /// Who calls the closure, which decides its parameter and what it passes on.
    enum HandlerKind {
        /// A control's `UIAction`: `action`, whose `sender` (the control) is passed.
        case action
        /// A bar button item's `UIAction`: `action`, whose `sender` is the item itself.
        case barButtonItem
        /// A notification observer: the `notification` is passed.
        case notification
    }

    /// The closure for `selectorNode` sent to `target`, or `nil` (the selector then declined,
    /// with the reason) when the selector's method cannot be called from one. `site` is the call
    /// the selector appears in.
    func handler(
        for selectorNode: MacroExpansionExprSyntax, target targetExpression: ExprSyntax, kind: HandlerKind,
        at site: some SyntaxProtocol
    ) -> ActionHandler? {
        guard let selector = SelectorReference(selectorNode) else {
            decline(selectorNode, "this form of #selector (getter:, setter:, a coercion) names no method a closure can call")
            return nil
        }
        guard let target = ActionHandler.Target(targetExpression) else {
            decline(
                selectorNode,
                "a nil target sends the action up the responder chain, which the UIKit module does not model; "
                    + "name the object that handles it")
            return nil
        }
        // A closure that refers to `self` in a stored property's initializer needs the property lazy.
        var lazyProperty: VariableDeclSyntax?
        if targetExpression.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.self) }) {
            switch Self.selfAvailability(at: Syntax(site)) {
            case .available: break
            case .onceLazy(let decl): lazyProperty = decl
            case .unavailable(let reason):
                decline(selectorNode, reason)
                return nil
            }
        }
        guard let handler = resolvedHandler(selector, selectorNode, target, kind: kind, at: site) else { return nil }
        if let lazyProperty { makeLazy(lazyProperty) }
        return handler
    }

    /// The closure calling the method `selector` names on `target`, or `nil` (the selector then
    /// declined, with the reason) when the method cannot be called from one.
    private func resolvedHandler(
        _ selector: SelectorReference, _ selectorNode: MacroExpansionExprSyntax, _ target: ActionHandler.Target,
        kind: HandlerKind, at site: some SyntaxProtocol
    ) -> ActionHandler? {
        var contextType: String?
        if case .selfObject = target { contextType = DeclarationIndex.enclosingTypeName(of: Syntax(site)) }
        let isAction = kind != .notification
        let parameter = isAction ? "action" : "notification"

        func make(_ argument: String?) -> ActionHandler {
            var assumesMainActor = false
            if kind == .notification, case .selfObject = target {
                // The observer closure is @Sendable and runs on the posting thread: a main-actor
                // method is called assuming the main actor (UI code posts there).
                assumesMainActor = contextType.map { declarations.isMainActor($0) != false } ?? false
            }
            if kind == .notification, !assumesMainActor {
                let captured = if case .other(let name, let expression) = target { expression ?? name } else { "self" }
                report(
                    .note, at: selectorNode,
                    "the observer closure is @Sendable: in Swift 6 language mode \(captured) must be Sendable "
                        + "(or its type @MainActor) to be captured")
            }
            return ActionHandler(
                target: target, unownedSelf: isAction, method: selector.name, argument: argument,
                parameter: parameter, assumesMainActor: assumesMainActor)
        }
        func value(_ type: String?) -> String {
            isAction ? ActionHandler.senderValue(forParameterOf: type) : ActionHandler.notificationValue(forParameterOf: type)
        }

        switch declarations.resolve(selector, contextType: contextType) {
        case .found(let method):
            switch method.labels.count {
            case 0:
                return make(nil)
            case 1 where kind == .barButtonItem:
                // The item sends the action: a parameter of another type gets no force cast.
                let type = method.parameterTypes[0]
                switch ActionHandler.barButtonItemSender(forParameterOf: type) {
                case .item:
                    break
                case .nilAfterCast:
                    report(
                        .note, at: selectorNode,
                        "\(selector.name)(\(method.labels[0]):) takes \(type), but a bar button item's action is sent by the "
                            + "UIBarButtonItem: `\(value(type))` passes nil")
                case .mismatch:
                    decline(
                        selectorNode,
                        "\(selector.name)(\(method.labels[0]):) takes \(type), but a bar button item's action is sent by the "
                            + "UIBarButtonItem itself (a cast would fail); make the parameter UIBarButtonItem (or Any), or drop it"
                    )
                    return nil
                }
                return make(ActionHandler.argument(label: method.labels[0], value: value(type)))
            case 1:
                return make(ActionHandler.argument(label: method.labels[0], value: value(method.parameterTypes[0])))
            default:
                let passes =
                    isAction ? "a UIAction passes its sender only (no UIEvent)" : "an observer passes the notification only"
                decline(
                    selectorNode,
                    "\(selector.name)(\(method.labels.map { "\($0):" }.joined())) takes \(method.labels.count) arguments; \(passes)"
                )
                return nil
            }
        case .ambiguous(let methods):
            let signatures = methods.map { method in
                "\(method.name)(\(zip(method.labels, method.parameterTypes).map { "\($0): \($1)" }.joined(separator: ", ")))"
            }
            decline(
                selectorNode,
                "#selector(\(selector)) matches several methods of this file (\(signatures.joined(separator: ", "))); name the one meant"
            )
            return nil
        case .notFound:
            let labels = selector.labels ?? []
            switch labels.count {
            case 0:
                report(
                    .warning, at: selectorNode,
                    "\(selector) is not declared in this file: assumed to take no argument; check the rewritten call")
                return make(nil)
            case 1:
                let passed = value(nil)
                report(
                    .warning, at: selectorNode,
                    "\(selector) is not declared in this file: passing `\(passed)`; "
                        + (isAction ? "cast it if the method takes a more specific type" : "check the parameter's type"))
                return make(ActionHandler.argument(label: labels[0], value: passed))
            default:
                let passes =
                    isAction ? "a UIAction passes its sender only (no UIEvent)" : "an observer passes the notification only"
                decline(selectorNode, "#selector(\(selector)) takes \(labels.count) arguments; \(passes)")
                return nil
            }
        }
    }
}
