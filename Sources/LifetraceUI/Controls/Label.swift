import Foundation

/// A view of read-only text (UIKit's `UILabel`), whose intrinsic size is its text measured with a
/// real shaper (``Font/size(of:constrainedToWidth:numberOfLines:)``).
///
/// A label of one line wants its text's width; a label of several lines (``numberOfLines`` `0`
/// or more than 1) wraps at ``preferredMaxLayoutWidth`` when set, otherwise at its own width
/// once laid out: as UIKit's "automatic" preferred width, a change of its width invalidates its
/// intrinsic size, and the next pass measures it again at the new width.
@MainActor
open class Label: View {
    /// How text lines up in the label (UIKit's `NSTextAlignment`).
    public enum TextAlignment: Int, Sendable, Hashable {
        case left, center, right, justified, natural
    }

    /// How a line too long for the label ends (UIKit's `NSLineBreakMode`): kept; measurement
    /// wraps by word.
    public enum LineBreakMode: Int, Sendable, Hashable {
        case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
    }

    /// The text (`nil` and empty measure zero).
    public var text: String? {
        didSet {
            if storedAttributedText?.string != text { storedAttributedText = nil }
            if text != oldValue { contentDidChange() }
        }
    }

    /// The text with attributes: its string is ``text`` (attributes are kept; measurement uses
    /// ``font``).
    public var attributedText: NSAttributedString? {
        get { storedAttributedText ?? text.map { NSAttributedString(string: $0) } }
        set {
            storedAttributedText = newValue
            text = newValue?.string
        }
    }
    private var storedAttributedText: NSAttributedString?

    /// The font: the system font at 17 points unless set.
    public var font: Font! = .systemFont(ofSize: 17) {
        didSet { if font != oldValue { contentDidChange() } }
    }

    /// The colour of the text (kept, not drawn).
    public var textColor: Color! = .label
    /// How the text lines up (kept, not drawn).
    public var textAlignment: TextAlignment = .natural
    /// How long lines end (kept; measurement wraps by word).
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    /// Whether the font follows the content size category (kept: the category is "Large").
    public var adjustsFontForContentSizeCategory = false
    /// Whether the font shrinks to fit (kept; measurement uses the font as set).
    public var adjustsFontSizeToFitWidth = false
    /// Whether the text is highlighted or the label enabled (kept, not drawn).
    public var isHighlighted = false
    public var isEnabled = true

    /// The most lines shown; `0` for no limit. One unless set.
    public var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { contentDidChange() } }
    }

    /// The width a label of several lines wraps at; `0` (the default) wraps at its own width.
    public var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { if preferredMaxLayoutWidth != oldValue { contentDidChange() } }
    }

    /// The width the engine last solved for a label that wraps at its own width.
    private var solvedWidth: CGFloat?

    private var wraps: Bool { numberOfLines != 1 }

    override var contentDependsOnWidth: Bool { wraps && preferredMaxLayoutWidth == 0 }

    override func contentWidthDidResolve(to width: CGFloat) -> Bool {
        guard contentDependsOnWidth, width != solvedWidth else { return false }
        solvedWidth = width
        return true
    }

    /// The text's last measurement, at a width (`nil`: unconstrained), until the content changes:
    /// the engine reads the intrinsic size at each constraint change of the label, and shaping
    /// the same text again would cost the same again.
    private var measurement: (width: CGFloat?, size: Size)?

    private func contentDidChange() {
        measurement = nil
        invalidateIntrinsicContentSize()
    }

    /// The text's size, wrapped at `width` when given.
    private func measure(width: CGFloat?) -> Size {
        guard let text, !text.isEmpty else { return .zero }
        if let measurement, measurement.width == width { return measurement.size }
        let size = font.size(of: text, constrainedToWidth: width, numberOfLines: numberOfLines)
        measurement = (width, size)
        return size
    }

    /// The text's size: on one line, or wrapped at the preferred width (or at the width the
    /// engine solved for the label, once it has).
    open override var intrinsicContentSize: Size {
        guard wraps else { return measure(width: nil) }
        return measure(width: preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : solvedWidth.flatMap { $0 > 0 ? $0 : nil })
    }

    /// The text's size wrapped at `size.width` (when the label wraps and the width is positive).
    open override func sizeThatFits(_ size: Size) -> Size {
        measure(width: wraps && size.width > 0 ? size.width : nil)
    }
}
