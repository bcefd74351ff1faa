import Foundation

/// What builds a cell's content (UIKit's `UIContentConfiguration`).
public protocol ContentConfiguration {
    /// A view showing this configuration, to fill a cell's content view.
    @MainActor func makeContentView() -> View
}

/// The content of a list cell or header: text, secondary text and an image, laid out with Auto
/// Layout inside 11-point vertical and 16-point horizontal margins (UIKit's
/// `UIListContentConfiguration`), its text measured as labels measure it.
public struct ListContentConfiguration: ContentConfiguration, Hashable {
    /// How a text is shown.
    public struct TextProperties: Hashable {
        public var font: Font
        public var color: Color = .label
        public var numberOfLines = 0
        public var alignment: Label.TextAlignment = .natural
    }
    /// How the image is shown.
    public struct ImageProperties: Hashable {
        public var maximumSize: Size = .zero
        public var tintColor: Color?
        public var reservedLayoutSize: Size = .zero
    }

    /// The arrangement of the two texts.
    enum Layout: Hashable { case stacked, sideBySide }

    public var text: String?
    public var secondaryText: String?
    public var attributedText: NSAttributedString?
    public var image: Image?
    public var textProperties = TextProperties(font: .preferredFont(forTextStyle: .body))
    public var secondaryTextProperties = TextProperties(font: .preferredFont(forTextStyle: .subheadline), color: .secondaryLabel)
    public var imageProperties = ImageProperties()
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextVerticalPadding: CGFloat = 0
    public var directionalLayoutMargins = DirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)
    var layout: Layout = .stacked
    /// Whether the texts sit side by side (a value cell's layout) rather than stacked.
    public var prefersSideBySideTextAndSecondaryText: Bool {
        get { layout == .sideBySide }
        set { layout = newValue ? .sideBySide : .stacked }
    }

    /// A plain cell's content.
    public static func cell() -> ListContentConfiguration { ListContentConfiguration() }
    /// A cell with a subtitle under the text.
    public static func subtitleCell() -> ListContentConfiguration {
        var configuration = ListContentConfiguration()
        configuration.secondaryTextProperties.font = .preferredFont(forTextStyle: .subheadline)
        return configuration
    }
    /// A cell with a value beside the text.
    public static func valueCell() -> ListContentConfiguration {
        var configuration = ListContentConfiguration()
        configuration.layout = .sideBySide
        configuration.secondaryTextProperties.font = .preferredFont(forTextStyle: .body)
        return configuration
    }
    /// A sidebar cell.
    public static func sidebarCell() -> ListContentConfiguration { ListContentConfiguration() }
    /// A plain header's content.
    public static func plainHeader() -> ListContentConfiguration {
        var configuration = ListContentConfiguration()
        configuration.textProperties.font = .preferredFont(forTextStyle: .headline)
        configuration.directionalLayoutMargins = DirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16)
        return configuration
    }
    /// A grouped header's content.
    public static func groupedHeader() -> ListContentConfiguration {
        var configuration = ListContentConfiguration()
        configuration.textProperties.font = .preferredFont(forTextStyle: .footnote)
        configuration.directionalLayoutMargins = DirectionalEdgeInsets(top: 16, leading: 20, bottom: 6, trailing: 20)
        return configuration
    }
    /// A plain footer's content.
    public static func plainFooter() -> ListContentConfiguration { groupedHeader() }
    /// A grouped footer's content.
    public static func groupedFooter() -> ListContentConfiguration { groupedHeader() }

    /// The labels and image in a stack, pinned to the margins.
    @MainActor public func makeContentView() -> View {
        let container = View()
        container.translatesAutoresizingMaskIntoConstraints = false
        let texts = StackView()
        texts.axis = layout == .stacked ? .vertical : .horizontal
        texts.spacing = layout == .stacked ? Double(textToSecondaryTextVerticalPadding) : 8
        texts.alignment = layout == .stacked ? .leading : .center
        for (string, properties) in [(attributedText?.string ?? text, textProperties), (secondaryText, secondaryTextProperties)] {
            guard let string else { continue }
            let label = Label()
            label.text = string
            label.font = properties.font
            label.textColor = properties.color
            label.numberOfLines = properties.numberOfLines
            texts.addArrangedSubview(label)
        }
        let row = StackView(arrangedSubviews: image.map { [ImageView(image: $0), texts] } ?? [texts])
        row.axis = .horizontal
        row.alignment = .center
        row.spacing = Double(imageToTextPadding)
        container.pin(row, margins: directionalLayoutMargins, trailingAtMost: true)
        return container
    }

    public static func == (lhs: ListContentConfiguration, rhs: ListContentConfiguration) -> Bool {
        lhs.text == rhs.text && lhs.secondaryText == rhs.secondaryText && lhs.image === rhs.image
            && lhs.textProperties == rhs.textProperties && lhs.secondaryTextProperties == rhs.secondaryTextProperties
            && lhs.directionalLayoutMargins == rhs.directionalLayoutMargins && lhs.layout == rhs.layout
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(secondaryText)
    }
}

extension View {
    /// Replaces `old` (a view made from a configuration) with a view made from `configuration`,
    /// pinned to this view's edges; returns the new one.
    func installContent(of configuration: (any ContentConfiguration)?, replacing old: View?) -> View? {
        old?.removeFromSuperview()
        guard let configuration else { return nil }
        let made = configuration.makeContentView()
        pin(made)
        return made
    }

    /// Adds `content` and pins it inside this view at `margins` with Auto Layout; with
    /// `trailingAtMost`, its trailing edge is at most at the margin (its width its own).
    func pin(_ content: View, margins: DirectionalEdgeInsets = .zero, trailingAtMost: Bool = false) {
        content.translatesAutoresizingMaskIntoConstraints = false
        addSubview(content)
        let trailing = 0 - Double(margins.trailing)
        LayoutConstraint.activate([
            content.leadingAnchor.constraint(equalTo: leadingAnchor, constant: Double(margins.leading)),
            trailingAtMost
                ? content.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor, constant: trailing)
                : content.trailingAnchor.constraint(equalTo: trailingAnchor, constant: trailing),
            content.topAnchor.constraint(equalTo: topAnchor, constant: Double(margins.top)),
            content.bottomAnchor.constraint(equalTo: bottomAnchor, constant: 0 - Double(margins.bottom)),
        ])
    }
}
