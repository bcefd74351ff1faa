import SwiftSyntax

/// The closure that replaces a target–action pair or a selector observer:
/// `{ [unowned self] action in self.tapped(action.sender as! UIButton) }`.
struct ActionHandler {
    /// What the selector's target was, and so what the closure captures.
    enum Target {
        /// `self`.
        case selfObject
        /// Another object, captured weakly under `name` (`[weak viewModel]`, or
        /// `[weak viewModel = self.viewModel]` with the expression that made it).
        case other(name: String, expression: String?)

        /// The target `expression` names; `nil` for a `nil` target (the responder chain).
        init?(_ expression: ExprSyntax) {
            if expression.is(NilLiteralExprSyntax.self) { return nil }
            if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
                if reference.baseName.tokenKind == .keyword(.self) {
                    self = .selfObject
                    return
                }
                if case .identifier = reference.baseName.tokenKind {
                    self = .other(name: reference.baseName.text, expression: nil)
                    return
                }
            }
            let text = expression.trimmedDescription
            if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil,
                case .identifier = member.declName.baseName.tokenKind, member.declName.argumentNames == nil
            {
                self = .other(name: member.declName.baseName.text, expression: text)
            } else {
                self = .other(name: "target", expression: text)
            }
        }
    }

    /// What the target was.
    let target: Target
    /// Whether `self` is captured `unowned` (a control's action: the control lives in the
    /// controller's views) rather than `weak` (an observer that outlives it).
    let unownedSelf: Bool
    /// The method called.
    let method: String
    /// The call's one argument (`sender: action.sender as! UIButton`), if the method takes one.
    let argument: String?
    /// The closure's parameter (`action`, `notification`), `_` in the closure when unused.
    let parameter: String
    /// Whether the call is wrapped in `MainActor.assumeIsolated { … }` (a closure the API
    /// declares `@Sendable`, calling a main-actor method).
    let assumesMainActor: Bool

    /// `{ [unowned self] action in self.method(argument) }`.
    var closure: String {
        var name = "target"
        var capture: String
        var receiver: String
        switch target {
        case .selfObject:
            capture = unownedSelf ? "[unowned self]" : "[weak self]"
            receiver = unownedSelf ? "self" : "self?"
        case .other(let captured, let expression):
            if captured != parameter && captured != "self" { name = captured }
            capture =
                expression.map { "[weak \(name) = \($0)]" }
                ?? (name == captured ? "[weak \(name)]" : "[weak \(name) = \(captured)]")
            receiver = "\(name)?"
        }
        var call = "\(receiver).\(method)(\(argument ?? ""))"
        if assumesMainActor { call = "MainActor.assumeIsolated { \(call) }" }
        return "{ \(capture) \(argument == nil ? "_" : parameter) in \(call) }"
    }

    /// The value passed for a parameter of type `type` (`nil`: a method the file does not
    /// declare) from a control's or bar button item's action: the sender cast to the type.
    static func senderValue(forParameterOf type: String?) -> String {
        let sender = "action.sender"
        guard let type else { return "\(sender) as Any" }
        switch type {
        case "Any": return "\(sender) as Any"
        case "AnyObject": return "\(sender)!"
        case "Any?", "Any!", "AnyObject?", "AnyObject!", "Optional<Any>", "Optional<AnyObject>": return sender
        default: break
        }
        if type.hasSuffix("?") || type.hasSuffix("!") { return "\(sender) as? \(type.dropLast())" }
        if type.hasPrefix("Optional<"), type.hasSuffix(">") { return "\(sender) as? \(type.dropFirst(9).dropLast())" }
        return "\(sender) as! \(type)"
    }

    /// What a bar button item's action can pass for a parameter: its sender is the item.
    enum BarButtonItemSender {
        /// The item, as the parameter's type (`UIBarButtonItem`, `Any`, `AnyObject`, optional or not).
        case item
        /// `nil`: the parameter is an optional of another type, so the conditional cast fails.
        case nilAfterCast
        /// Nothing: the parameter is of another type, which the item is not.
        case mismatch
    }

    /// What a bar button item's action passes for a parameter of type `type`.
    static func barButtonItemSender(forParameterOf type: String) -> BarButtonItemSender {
        var base = Substring(type)
        let isOptional = base.hasSuffix("?") || base.hasSuffix("!") || base.hasPrefix("Optional<") && base.hasSuffix(">")
        if base.hasSuffix("?") || base.hasSuffix("!") {
            base = base.dropLast()
        } else if isOptional {
            base = base.dropFirst(9).dropLast()
        }
        if ["UIBarButtonItem", "Any", "AnyObject"].contains(base) { return .item }
        return isOptional ? .nilAfterCast : .mismatch
    }

    /// The value passed for a parameter of type `type` from a notification observer.
    static func notificationValue(forParameterOf type: String?) -> String {
        switch type {
        case "NSNotification", "NSNotification?", "NSNotification!": "notification as NSNotification"
        default: "notification"
        }
    }

    /// `label: value`, or `value` for an unlabelled (`_`) parameter.
    static func argument(label: String, value: String) -> String {
        label == "_" ? value : "\(label): \(value)"
    }
}
