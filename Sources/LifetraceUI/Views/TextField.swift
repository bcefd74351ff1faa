import Lifetrace

/// A view that edits text and can become first responder (the runtime's `UITextField`).
@MainActor
open class TextField: View {
    /// Asked and told about editing.
    public weak var delegate: (any TextFieldDelegate)?

    /// The text.
    public var text = ""

    /// Text fields take keyboard focus.
    open override var canBecomeFirstResponder: Bool { true }

    /// Whether the field is being edited (it is first responder).
    public var isEditing: Bool { isFirstResponder }

    /// Asks the delegate, then takes keyboard focus and tells the delegate editing began.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard window != nil, !isFirstResponder else { return isFirstResponder }
        guard askDelegate(.textFieldShouldBeginEditing, { $0.textFieldShouldBeginEditing(self) }) else { return false }
        guard super.becomeFirstResponder() else { return false }
        tellDelegate(.textFieldDidBeginEditing) { $0.textFieldDidBeginEditing(self) }
        return true
    }

    override func resign(force: Bool) -> Bool {
        guard isFirstResponder else { return true }
        let allowed = askDelegate(.textFieldShouldEndEditing) { $0.textFieldShouldEndEditing(self) }
        guard allowed || force else { return false }
        _ = super.resign(force: force)
        tellDelegate(.textFieldDidEndEditing) { $0.textFieldDidEndEditing(self) }
        return true
    }

    private func askDelegate(_ hook: Hook, _ question: (any TextFieldDelegate) -> Bool) -> Bool {
        guard let delegate else { return true }
        if let instrumented = delegate as? any Instrumented {
            return instrumented.withInterval(hook) { question(delegate) }
        }
        return question(delegate)
    }

    private func tellDelegate(_ hook: Hook, _ message: (any TextFieldDelegate) -> Void) {
        _ = askDelegate(hook) { delegate in
            message(delegate)
            return true
        }
    }
}
