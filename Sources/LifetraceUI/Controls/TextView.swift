import Foundation

/// A view of editable, scrollable multi-line text (UIKit's `UITextView`). With scrolling turned
/// off (``isScrollEnabled`` `false`, the usual way to size it with Auto Layout) its intrinsic
/// height is its text wrapped at its width, inside ``textContainerInset`` (8 points above and
/// below) and 5 points of line-fragment padding on each side; with scrolling on it has none.
@MainActor
open class TextView: View {
    /// The text.
    public var text: String! = "" {
        didSet { if text != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The text with attributes: its string is ``text`` (attributes kept; measurement uses ``font``).
    public var attributedText: NSAttributedString! {
        get { NSAttributedString(string: text ?? "") }
        set { text = newValue?.string ?? "" }
    }
    /// Keyboard settings (kept).
    public var keyboardType: KeyboardType = .default
    public var returnKeyType: ReturnKeyType = .default
    public var autocorrectionType: TextAutocorrectionType = .default
    public var autocapitalizationType: TextAutocapitalizationType = .sentences

    /// The font: the system font at 12 points unless set (UIKit's default for text views).
    public var font: Font? = .systemFont(ofSize: 12) {
        didSet { if font != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// Whether the text scrolls (then the view has no intrinsic size).
    public var isScrollEnabled = true {
        didSet { if isScrollEnabled != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The space around the text.
    public var textContainerInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { if textContainerInset != oldValue { invalidateIntrinsicContentSize() } }
    }
    /// Whether the text can be edited (then the view can become first responder).
    public var isEditable = true
    /// Whether the text can be selected (kept).
    public var isSelectable = true
    /// The colour and alignment (kept, not drawn).
    public var textColor: Color?
    public var textAlignment: Label.TextAlignment = .natural

    /// The padding of each line inside the container (UIKit's `lineFragmentPadding`).
    static let lineFragmentPadding: CGFloat = 5

    private var solvedWidth: CGFloat?

    open override var canBecomeFirstResponder: Bool { isEditable }

    /// Types `string` at the end of the text.
    public func insertText(_ string: String) {
        text = (text ?? "") + string
    }

    override var contentDependsOnWidth: Bool { !isScrollEnabled }

    override func contentWidthDidResolve(to width: CGFloat) -> Bool {
        guard contentDependsOnWidth, width != solvedWidth else { return false }
        solvedWidth = width
        return true
    }

    /// The wrapped text's size inside the insets (none while scrolling is on).
    open override var intrinsicContentSize: Size {
        guard !isScrollEnabled else { return Size(width: noIntrinsicMetric, height: noIntrinsicMetric) }
        return fitting(width: solvedWidth)
    }

    /// The wrapped text's size at `size.width`, inside the insets.
    open override func sizeThatFits(_ size: Size) -> Size {
        fitting(width: size.width > 0 ? size.width : nil)
    }

    private func fitting(width: CGFloat?) -> Size {
        let font = font ?? .systemFont(ofSize: 12)
        let horizontal = textContainerInset.left + textContainerInset.right + 2 * Self.lineFragmentPadding
        let available = width.map { max($0 - horizontal, 1) }
        let measured =
            (text ?? "").isEmpty
            ? Size(width: 0, height: font.lineHeight) : font.size(of: text, constrainedToWidth: available, numberOfLines: 0)
        return Size(
            width: width ?? measured.width + horizontal,
            height: measured.height + textContainerInset.top + textContainerInset.bottom)
    }
}
