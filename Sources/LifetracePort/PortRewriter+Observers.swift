import SwiftSyntax

/// `NotificationCenter`'s selector observers to closure observers.
extension PortRewriter {
    /// `center.addObserver(T, selector: #selector(m), name: N, object: O)` →
    /// `_ = center.addObserver(forName: N, object: O, queue: nil) { [weak self] notification in … }`;
    /// `nil` when `call` is not that or cannot be rewritten.
    ///
    /// `self` is captured weakly: the closure observer is never removed (its token is discarded),
    /// so it must not keep or assume its observer alive. The call of a main-actor method is
    /// wrapped in `MainActor.assumeIsolated`: the API's closure is `@Sendable` and nonisolated.
    func rewriteSelectorObserver(_ call: FunctionCallExprSyntax) -> ExprSyntax? {
        guard let callee = Callee(call.calledExpression), callee.name == "addObserver", callee.base != nil,
            call.trailingClosure == nil, let rightParen = call.rightParen,
            Self.labels(of: call) == [nil, "selector", "name", "object"]
        else { return nil }
        let arguments = Array(call.arguments)
        guard let selectorNode = SelectorReference.selectorExpression(arguments[1].expression),
            let handler = handler(for: selectorNode, target: arguments[0].expression, kind: .notification, at: call)
        else { return nil }

        let nameArgument = arguments[2]
        let objectArgument = arguments[3]
        let forName = LabeledExprSyntax(
            label: .identifier("forName", leadingTrivia: arguments[0].leadingTrivia),
            colon: nameArgument.colon,
            expression: visit(nameArgument.expression),
            trailingComma: nameArgument.trailingComma)
        // `queue: nil` goes where `object:` went: on a line of its own when that was.
        let queueIndentation = Self.indentation(objectArgument.leadingTrivia)
        let object = objectArgument.with(\.expression, visit(objectArgument.expression))
            .with(\.trailingComma, .commaToken(trailingTrivia: queueIndentation.isEmpty ? .space : []))
        let queue = LabeledExprSyntax(
            label: .identifier("queue", leadingTrivia: queueIndentation),
            colon: .colonToken(trailingTrivia: .space),
            expression: NilLiteralExprSyntax())
        let closure = Self.expression(handler.closure).with(\.trailingTrivia, rightParen.trailingTrivia)

        var rewritten = ExprSyntax(
            call.with(\.calledExpression, callee.rewritten(by: self))
                .with(\.arguments, LabeledExprListSyntax([forName, object, queue]))
                .with(\.rightParen, rightParen.with(\.trailingTrivia, .space))
                .with(\.trailingClosure, closure.as(ClosureExprSyntax.self)))
        var discard = ""
        if call.parent?.is(CodeBlockItemSyntax.self) == true {
            // A statement: the observer's token is discarded, as the selector form returned none.
            let leading = rewritten.leadingTrivia
            rewritten = ExprSyntax(
                SequenceExprSyntax(
                    elements: ExprListSyntax([
                        ExprSyntax(
                            DiscardAssignmentExprSyntax(wildcard: .wildcardToken(leadingTrivia: leading, trailingTrivia: .space))),
                        ExprSyntax(AssignmentExprSyntax(equal: .equalToken(trailingTrivia: .space))),
                        rewritten.with(\.leadingTrivia, []),
                    ])))
            discard = "_ = "
        }
        let center = callee.base?.trimmedDescription ?? ""
        report(
            .change, at: call,
            "\(center).addObserver(\(arguments[0].expression.trimmedDescription), selector: \(selectorNode.trimmedDescription), name:object:) → "
                + "\(discard)\(center).addObserver(forName:object:queue: nil) \(handler.closure)")
        return rewritten
    }
}
