import Foundation
import Lifetrace

/// A control that edits one line of text and can become first responder (the runtime's
/// `UITextField`). Its intrinsic size is its text (or placeholder) measured in its font, with
/// 7 points of padding on each side for the rounded-rect border.
@MainActor
open class TextField: Control {
    /// The border's look (UIKit's `UITextField.BorderStyle`); a rounded rect pads the text.
    public enum BorderStyle: Int, Sendable, Hashable { case none, line, bezel, roundedRect }

    /// Asked and told about editing.
    public weak var delegate: (any TextFieldDelegate)?

    /// The text (empty unless set).
    public var text: String? = "" {
        didSet { if text != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The text shown while empty.
    public var placeholder: String? {
        didSet { if placeholder != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The font: the system font at 17 points unless set.
    public var font: Font? = .systemFont(ofSize: 17) {
        didSet { if font != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The border.
    public var borderStyle: BorderStyle = .none {
        didSet { if borderStyle != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// When an overlay view shows (UIKit's `UITextField.ViewMode`).
    public enum ViewMode: Int, Sendable, Hashable { case never, whileEditing, unlessEditing, always }

    /// The text with attributes (its string is ``text``).
    public var attributedText: NSAttributedString? {
        get { text.map { NSAttributedString(string: $0) } }
        set { text = newValue?.string }
    }
    /// The placeholder with attributes (its string is ``placeholder``).
    public var attributedPlaceholder: NSAttributedString? {
        get { placeholder.map { NSAttributedString(string: $0) } }
        set { placeholder = newValue?.string }
    }
    /// Overlay views and when they show (kept; they take no part in the intrinsic size).
    public var leftView: View?
    public var leftViewMode: ViewMode = .never
    public var rightView: View?
    public var rightViewMode: ViewMode = .never
    public var clearButtonMode: ViewMode = .never
    /// The smallest font size when shrinking to fit (kept).
    public var minimumFontSize: CGFloat = 0
    /// Keyboard settings (kept: there is no keyboard).
    public var keyboardType: KeyboardType = .default
    public var returnKeyType: ReturnKeyType = .default
    public var autocorrectionType: TextAutocorrectionType = .default
    public var autocapitalizationType: TextAutocapitalizationType = .sentences
    public var spellCheckingType: TextSpellCheckingType = .default
    public var textContentType: TextContentType?

    /// Where the text is drawn in `bounds` (overridable, as UIKit's).
    open func textRect(forBounds bounds: Rect) -> Rect { bounds }
    /// Where the text is drawn while editing.
    open func editingRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }
    /// Where the placeholder is drawn.
    open func placeholderRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }

    /// Kept, not drawn or used: the colour, alignment and keyboard settings.
    public var textColor: Color?
    public var textAlignment: Label.TextAlignment = .natural
    public var isSecureTextEntry = false
    public var clearsOnBeginEditing = false
    public var adjustsFontSizeToFitWidth = false

    /// Types `string` at the end of the text as a user would: the text changes and
    /// `editingChanged` is sent.
    public func insertText(_ string: String) {
        text = (text ?? "") + string
        sendActions(for: .editingChanged)
    }

    /// The text's (or the placeholder's) size in the font, padded for a rounded-rect border.
    open override var intrinsicContentSize: Size {
        let font = font ?? .systemFont(ofSize: 17)
        let shown = text.flatMap { $0.isEmpty ? nil : $0 } ?? placeholder ?? ""
        let measured = font.size(of: shown)
        let padding: CGFloat = borderStyle == .roundedRect ? 7 : 0
        return Size(width: measured.width + 2 * padding, height: ((font.lineHeight + 2 * padding) * 3).rounded(.up) / 3)
    }

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
            return instrumented.withInterval(untyped: hook) { question(delegate) }
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
