import SwiftSyntax

/// What needs the Objective-C runtime and has no mechanical rewrite: left as it is, with a
/// warning that says why and what to do instead.
extension PortRewriter {
    /// Warns about a `#selector` left as it is (every one the rewrite did not replace) and a
    /// `#keyPath` (key–value coding).
    func warnAboutMacro(_ node: MacroExpansionExprSyntax) {
        switch node.macroName.text {
        case "selector":
            report(.warning, at: node, "left as it is: \(declinedSelectors[node.id] ?? reason(for: node))")
        case "keyPath":
            report(
                .warning, at: node,
                "left as it is: #keyPath names an Objective-C key path (KVC/KVO), which Linux Swift has not; use a Swift key path (\\Type.property)"
            )
        default:
            break
        }
    }

    /// Why the `#selector` `node` has no rewrite, from the call it is passed to.
    private func reason(for node: MacroExpansionExprSyntax) -> String {
        let runtime = "#selector needs the Objective-C runtime, which Linux Swift has not"
        guard let argument = node.parent?.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self), let callee = Callee(call.calledExpression)
        else {
            return "\(runtime); keep a closure (a UIAction, a method reference) instead of a selector value"
        }
        let labels = Self.labels(of: call)
        let signature =
            "\(callee.name == "init" ? callee.base?.trimmedDescription ?? "init" : callee.name)(\(labels.map { "\($0 ?? "_"):" }.joined()))"
        let typeName = callee.name == "init" ? callee.base?.trimmedDescription ?? "" : callee.name
        if typeName.hasSuffix("GestureRecognizer") || callee.name == "addTarget" && labels == [nil, "action"] {
            return "\(signature): gesture recognizers' target–action; the UIKit module has no gesture recognizers yet"
        }
        if callee.name.hasPrefix("perform") || callee.name == "cancelPreviousPerformRequests" {
            return "\(signature) sends a message by name (\(runtime)); call the method, "
                + "or for afterDelay: DispatchQueue.main.asyncAfter or a Task that sleeps"
        }
        if callee.name == "responds" || callee.name == "instancesRespond" {
            return "\(signature) asks the Objective-C runtime; use a protocol requirement or an optional closure instead"
        }
        if callee.name == "removeTarget" {
            return "\(signature): keep the UIAction given to addAction(_:for:) and call removeAction(_:for:)"
        }
        if Self.isBarButtonItemInitializer(call.calledExpression) || callee.name == "UIBarButtonItem" {
            return "\(signature) has no primaryAction counterpart here; use UIBarButtonItem(title:image:primaryAction:) "
                + "or UIBarButtonItem(systemItem:primaryAction:)"
        }
        return "\(signature) takes a selector: \(runtime); use its closure-based counterpart"
    }

    /// Warns about a call that needs the Objective-C runtime without a `#selector` in it: KVO's
    /// `observe(\.x)` and `addObserver(_:forKeyPath:…)`, `Selector("…")`, `NSSelectorFromString`.
    func warnAboutRuntimeCall(_ call: FunctionCallExprSyntax) {
        guard let callee = Callee(call.calledExpression) else { return }
        let labels = Self.labels(of: call)
        let kvo =
            "KVO does not exist on Linux (no Objective-C runtime); publish changes yourself "
            + "(Observation's @Observable and withObservationTracking, a didSet that calls a closure, an AsyncStream)"
        switch callee.name {
        case "observe" where call.arguments.first?.expression.is(KeyPathExprSyntax.self) == true:
            report(.warning, at: call, "left as it is: observe(_:options:changeHandler:): \(kvo)")
        case "addObserver" where labels.contains("forKeyPath"):
            report(.warning, at: call, "left as it is: addObserver(_:forKeyPath:options:context:): \(kvo)")
        case "removeObserver" where labels.contains("forKeyPath"):
            report(.warning, at: call, "left as it is: removeObserver(_:forKeyPath:): \(kvo)")
        case "Selector" where callee.base == nil, "NSSelectorFromString":
            report(
                .warning, at: call,
                "left as it is: \(callee.name)(…) makes a selector from a name, which needs the Objective-C runtime; "
                    + "keep a closure instead")
        default:
            break
        }
    }

    /// Warns about KVO's callback, `observeValue(forKeyPath:of:change:context:)`: nothing calls it.
    func warnAboutRuntimeDeclaration(_ node: FunctionDeclSyntax) {
        warnAboutOptionalRequirement(node.modifiers)
        let labels = node.signature.parameterClause.parameters.map(\.firstName.text)
        if node.name.text == "observeValue", labels.first == "forKeyPath" {
            report(
                .warning, at: node.name,
                "left as it is: observeValue(forKeyPath:of:change:context:) is KVO's callback; KVO does not exist on Linux, "
                    + "so nothing calls it (and it overrides nothing)")
        }
    }

    /// Warns about an `optional` protocol requirement: those need `@objc` protocols.
    func warnAboutOptionalRequirement(_ modifiers: DeclModifierListSyntax) {
        guard let optional = modifiers.first(where: { $0.name.tokenKind == .keyword(.optional) }) else { return }
        report(
            .warning, at: optional,
            "left as it is: optional requirements need an @objc protocol; make the requirement required, "
                + "with a default implementation in a protocol extension")
    }
}
