import SwiftSyntax

/// Finds the first syntax error SwiftParser recovered from: a token it had to assume (missing)
/// or text it could not place (unexpected), whichever comes first in the file.
final class SyntaxErrorFinder: SyntaxVisitor {
    /// A syntax error: where it is and what the parser expected or met.
    struct Error {
        let position: AbsolutePosition
        let message: String
    }

    private var first: Error?

    private init() { super.init(viewMode: .all) }

    /// The first syntax error of `tree`, or `nil` when it parsed cleanly.
    static func firstError(in tree: some SyntaxProtocol) -> Error? {
        guard tree.hasError else { return nil }
        let finder = SyntaxErrorFinder()
        finder.walk(tree)
        return finder.first
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        guard token.presence == .missing else { return .skipChildren }
        // A missing token is reported where it was expected: just after the token before it.
        let position =
            token.previousToken(viewMode: .sourceAccurate)?.endPositionBeforeTrailingTrivia
            ?? token.positionAfterSkippingLeadingTrivia
        record(Error(position: position, message: Self.expectation(for: token)))
        return .skipChildren
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        var text = node.trimmedDescription
        if text.count > 40 { text = String(text.prefix(40)) + "…" }
        let context = node.parent.flatMap(Self.context).map { " in \($0)" } ?? ""
        record(Error(position: node.positionAfterSkippingLeadingTrivia, message: "unexpected code '\(text)'\(context)"))
        return .skipChildren
    }

    private func record(_ error: Error) {
        if let first, first.position <= error.position { return }
        first = error
    }

    /// `expected expression`, `expected '}' to end class`: what the missing token stood for.
    private static func expectation(for token: TokenSyntax) -> String {
        if let parent = token.parent {
            switch parent.kind {
            case .missingExpr: return "expected expression"
            case .missingDecl: return "expected declaration"
            case .missingType: return "expected type"
            case .missingPattern: return "expected pattern"
            case .missingStmt: return "expected statement"
            default: break
            }
        }
        let context = token.parent.flatMap(context)
        switch token.tokenKind {
        case .identifier: return "expected identifier" + (context.map { " in \($0)" } ?? "")
        case .integerLiteral, .floatLiteral: return "expected number" + (context.map { " in \($0)" } ?? "")
        case .rightBrace, .rightParen, .rightSquare, .rightAngle:
            return "expected '\(token.text)'" + (context.map { " to end \($0)" } ?? "")
        default: return "expected '\(token.text)'" + (context.map { " in \($0)" } ?? "")
        }
    }

    /// What `node` is, in words (`class`, `function parameter clause`); a block is its owner's.
    private static func context(_ node: Syntax) -> String? {
        switch node.kind {
        case .unexpectedCodeDecl, .sourceFile, .codeBlockItem, .codeBlockItemList, .memberBlockItem, .memberBlockItemList:
            return nil
        case .memberBlock, .codeBlock, .accessorBlock:
            return node.parent.flatMap(context) ?? describe(node.kind)
        default:
            return describe(node.kind)
        }
    }

    /// `function parameter clause` for `.functionParameterClause`, `class` for `.classDecl`.
    private static func describe(_ kind: SyntaxKind) -> String {
        var words = ""
        for character in "\(kind)" {
            if character.isUppercase {
                words.append(" ")
                words.append(Character(character.lowercased()))
            } else {
                words.append(character)
            }
        }
        for suffix in [" decl", " expr", " stmt"] where words.hasSuffix(suffix) {
            words.removeLast(suffix.count)
        }
        return words
    }
}
