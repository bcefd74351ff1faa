import SwiftSyntax

/// Controls' and bar button items' target–action to `UIAction`s.
extension PortRewriter {
    /// `x.addTarget(T, action: #selector(m), for: E)` → `x.addAction(UIAction { … }, for: E)`;
    /// `nil` when `call` is not that or cannot be rewritten.
    func rewriteTargetAction(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard let callee = Callee(call.calledExpression), callee.name == "addTarget", call.trailingClosure == nil,
            Self.labels(of: call) == [nil, "action", "for"]
        else { return nil }
        let arguments = Array(call.arguments)
        guard let selectorNode = SelectorReference.selectorExpression(arguments[1].expression) else {
            warnAboutSelectorValue(arguments[1].expression, in: "addTarget(_:action:for:)", at: call, use: "addAction(_:for:)")
            return nil
        }
        guard let handler = handler(for: selectorNode, target: arguments[0].expression, kind: .action, at: call)
        else { return nil }

        let action = Self.expression("UIAction \(handler.closure)")
            .with(\.leadingTrivia, arguments[0].leadingTrivia)
            .with(\.trailingTrivia, arguments[1].expression.trailingTrivia)
        let newArguments = LabeledExprListSyntax([
            LabeledExprSyntax(expression: action, trailingComma: arguments[1].trailingComma),
            arguments[2].with(\.expression, visit(arguments[2].expression)),
        ])
        report(
            .change, at: call,
            "addTarget(\(arguments[0].expression.trimmedDescription), action: \(selectorNode.trimmedDescription), for:) → "
                + "addAction(UIAction \(handler.closure), for:)")
        return ExprSyntax(
            call.with(\.calledExpression, callee.rewritten(by: self, renamedTo: "addAction")).with(\.arguments, newArguments))
    }

    /// `UIBarButtonItem(barButtonSystemItem: .X, target: T, action: #selector(m))` →
    /// `UIBarButtonItem(systemItem: .X, primaryAction: UIAction { … })`, and the `title:` and
    /// `image:` initialisers with a `style:` to `title:primaryAction:` and `image:primaryAction:`
    /// (the style dropped, with a note); `action: nil` to `primaryAction: nil`.
    func rewriteBarButtonItem(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard Self.isBarButtonItemInitializer(call.calledExpression), call.trailingClosure == nil else { return nil }
        let labels = Self.labels(of: call)
        guard
            labels == ["barButtonSystemItem", "target", "action"] || labels == ["title", "style", "target", "action"]
                || labels == ["image", "style", "target", "action"]
        else { return nil }
        let arguments = Array(call.arguments)
        let targetArgument = arguments[arguments.count - 2]
        let actionArgument = arguments[arguments.count - 1]

        let primaryAction: ExprSyntax
        let description: String
        if actionArgument.expression.is(NilLiteralExprSyntax.self) {
            primaryAction = Self.expression("nil")
            description = "nil"
        } else if let selectorNode = SelectorReference.selectorExpression(actionArgument.expression) {
            guard let handler = handler(for: selectorNode, target: targetArgument.expression, kind: .barButtonItem, at: call)
            else { return nil }
            primaryAction = Self.expression("UIAction \(handler.closure)")
            description = "UIAction \(handler.closure)"
        } else {
            let newLabel = labels[0] == "barButtonSystemItem" ? "systemItem" : labels[0] ?? ""
            warnAboutSelectorValue(
                actionArgument.expression, in: "UIBarButtonItem(\(labels.map { "\($0 ?? "_"):" }.joined()))", at: call,
                use: "UIBarButtonItem(\(newLabel):primaryAction:)")
            return nil
        }

        // The first argument keeps the comma before `target:` (its spacing), the style going.
        var first = arguments[0].with(\.expression, visit(arguments[0].expression))
            .with(\.trailingComma, arguments[arguments.count - 3].trailingComma)
        if let label = first.label, label.text == "barButtonSystemItem" {
            first = first.with(\.label, label.with(\.tokenKind, .identifier("systemItem")))
        }
        let primaryArgument = LabeledExprSyntax(
            label: .identifier("primaryAction", leadingTrivia: targetArgument.leadingTrivia),
            colon: .colonToken(trailingTrivia: .space),
            expression: primaryAction.with(\.trailingTrivia, actionArgument.expression.trailingTrivia),
            trailingComma: actionArgument.trailingComma)
        let newLabel = labels[0] == "barButtonSystemItem" ? "systemItem" : labels[0] ?? ""
        report(
            .change, at: call,
            "UIBarButtonItem(\(labels.map { "\($0 ?? "_"):" }.joined())) → UIBarButtonItem(\(newLabel): "
                + "\(first.expression.trimmedDescription), primaryAction: \(description))")
        if labels[1] == "style" {
            report(
                .note, at: arguments[1],
                "style \(arguments[1].expression.trimmedDescription) dropped: UIBarButtonItem(\(newLabel):primaryAction:) "
                    + "takes no style (set the item's style property if it matters)")
        }
        return ExprSyntax(
            call.with(\.calledExpression, Callee(call.calledExpression)!.rewritten(by: self))
                .with(\.arguments, LabeledExprListSyntax([first, primaryArgument])))
    }

    /// Warns that the action `expression` of `signature` at `call` is a selector value, not a
    /// `#selector` literal (left to `warnAboutRuntimeCall` when it is `Selector("…")`).
    private func warnAboutSelectorValue(
        _ expression: ExprSyntax, in signature: String, at call: FunctionCallExprSyntax, use: String
    ) {
        if let made = expression.as(FunctionCallExprSyntax.self), let callee = Callee(made.calledExpression),
            callee.name == "Selector" || callee.name == "NSSelectorFromString"
        {
            return
        }
        report(
            .warning, at: call,
            "left as it is: \(signature): the action is not a #selector literal: rewrite it by hand (\(use) with a UIAction)")
    }

    /// Whether `callee` is `UIBarButtonItem`, `UIBarButtonItem.init` or `.init`.
    static func isBarButtonItemInitializer(_ callee: ExprSyntax) -> Bool {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "UIBarButtonItem" }
        guard let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`)
        else { return false }
        guard let base = member.base else { return true }
        return base.as(DeclReferenceExprSyntax.self)?.baseName.text == "UIBarButtonItem"
    }
}
