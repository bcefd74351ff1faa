import Foundation

/// A control that runs an action when tapped (UIKit's `UIButton`): titles and images per state,
/// or a ``Configuration`` (iOS 15's `UIButton.Configuration`), sized from its title measured in
/// its font, its image and its insets. ``tap()`` drives it from a test or a scenario.
///
/// Sizes modelled (docs/uikit-module.md): a button without a configuration (`.system`) has the
/// title in the system font at 15 points, 6 points above and below; with a configuration, the
/// title in the body font (17 points) inside the configuration's content insets (7 × 12 points
/// for the medium size), the image beside it at ``Configuration/imagePadding``.
@MainActor
open class Button: Control {
    /// The kinds of button (UIKit's `UIButton.ButtonType`): kept.
    public enum ButtonType: Int, Sendable, Hashable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
        public static let roundedRect = ButtonType.system
    }

    /// A button's look and content (UIKit's `UIButton.Configuration`), of which the title, image,
    /// insets and padding size it; colours and styles are kept.
    public struct Configuration: Sendable, Hashable {
        /// The size family of the button (UIKit's `UIButton.Configuration.Size`).
        public enum Size: Sendable, Hashable { case mini, small, medium, large }
        /// How rounded the background's corners are (kept).
        public enum CornerStyle: Sendable, Hashable { case fixed, dynamic, small, medium, large, capsule }
        /// Where the image sits against the title.
        public enum ImagePlacement: Sendable, Hashable { case leading, trailing, top, bottom }

        public var title: String?
        public var subtitle: String?
        public var image: Image?
        public var imagePlacement: ImagePlacement = .leading
        public var imagePadding: CGFloat = 0
        public var titlePadding: CGFloat = 0
        public var contentInsets: DirectionalEdgeInsets
        public var buttonSize: Size = .medium {
            didSet { contentInsets = Configuration.insets(for: buttonSize) }
        }
        public var cornerStyle: CornerStyle = .dynamic
        public var baseForegroundColor: Color?
        public var baseBackgroundColor: Color?
        public var showsActivityIndicator = false
        let style: String

        init(style: String) {
            self.style = style
            contentInsets = Configuration.insets(for: .medium)
        }

        static func insets(for size: Size) -> DirectionalEdgeInsets {
            switch size {
            case .mini: DirectionalEdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6)
            case .small: DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: DirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        public static func plain() -> Configuration { Configuration(style: "plain") }
        public static func tinted() -> Configuration { Configuration(style: "tinted") }
        public static func gray() -> Configuration { Configuration(style: "gray") }
        public static func filled() -> Configuration { Configuration(style: "filled") }
        public static func borderless() -> Configuration { Configuration(style: "borderless") }
        public static func bordered() -> Configuration { Configuration(style: "bordered") }
        public static func borderedTinted() -> Configuration { Configuration(style: "borderedTinted") }
        public static func borderedProminent() -> Configuration { Configuration(style: "borderedProminent") }

        public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
            lhs.title == rhs.title && lhs.subtitle == rhs.subtitle && lhs.image === rhs.image
                && lhs.imagePlacement == rhs.imagePlacement && lhs.imagePadding == rhs.imagePadding
                && lhs.contentInsets == rhs.contentInsets && lhs.buttonSize == rhs.buttonSize && lhs.style == rhs.style
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(title)
            hasher.combine(style)
        }
    }

    /// The button's kind.
    public let buttonType: ButtonType

    /// The configuration, when the button has one (it then sizes from it).
    public var configuration: Configuration? {
        didSet { if configuration != oldValue { invalidateIntrinsicContentSize() } }
    }

    private var titles: [UInt: String] = [:]
    private var images: [UInt: Image] = [:]
    private var titleColors: [UInt: Color] = [:]

    /// The label that shows the title of a button without a configuration (system font, 15 points).
    public private(set) lazy var titleLabel: Label? = {
        let label = Label()
        label.font = .systemFont(ofSize: 15)
        return label
    }()

    /// A button of a kind.
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
    }

    /// A custom button with a frame.
    public override init(frame: Rect) {
        buttonType = .custom
        super.init(frame: frame)
    }

    /// A button unarchived from a nib.
    public required init?(coder: NSCoder) {
        buttonType = .system
        super.init(coder: coder)
    }

    /// A button of a kind whose tap runs `primaryAction`, titled with the action's title.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: Action?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// A system button of a configuration whose tap runs `primaryAction`.
    public convenience init(configuration: Configuration, primaryAction: Action? = nil) {
        self.init(type: .system)
        self.configuration = configuration
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Sets the title for a state.
    public func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        if state == .normal { titleLabel?.text = title }
        invalidateIntrinsicContentSize()
    }

    /// The title for a state (the normal one when that state has none).
    public func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    /// Sets the title colour for a state (kept).
    public func setTitleColor(_ color: Color?, for state: State) { titleColors[state.rawValue] = color }

    /// Sets the image for a state.
    public func setImage(_ image: Image?, for state: State) {
        images[state.rawValue] = image
        invalidateIntrinsicContentSize()
    }

    /// The image for a state.
    public func image(for state: State) -> Image? { images[state.rawValue] ?? images[State.normal.rawValue] }

    /// The title shown now.
    public var currentTitle: String? { configuration?.title ?? title(for: state) }

    /// The image shown now.
    public var currentImage: Image? { configuration?.image ?? image(for: state) }

    /// Taps the button: `touchUpInside` and `primaryActionTriggered`, as a finger lifted inside it.
    public func tap() {
        sendActions(for: [.touchDown])
        sendActions(for: [.touchUpInside, .primaryActionTriggered])
    }

    /// The title's size in the button's font beside the image, with the insets.
    open override var intrinsicContentSize: Size { contentSize() }

    /// The content's size.
    open override func sizeThatFits(_ size: Size) -> Size { contentSize() }

    private func contentSize() -> Size {
        if let configuration {
            let font = Font.preferredFont(forTextStyle: .body)
            let title = configuration.title.map { font.size(of: $0) } ?? .zero
            let subtitle = configuration.subtitle.map { Font.preferredFont(forTextStyle: .subheadline).size(of: $0) } ?? .zero
            let text = Size(
                width: max(title.width, subtitle.width),
                height: title.height + subtitle.height + (subtitle.height > 0 ? configuration.titlePadding : 0))
            let image = configuration.image?.size ?? .zero
            let padding = image.width > 0 && text.width > 0 ? configuration.imagePadding : 0
            let insets = configuration.contentInsets
            let content: Size =
                switch configuration.imagePlacement {
                case .leading, .trailing:
                    Size(width: image.width + padding + text.width, height: max(image.height, text.height))
                case .top, .bottom:
                    Size(width: max(image.width, text.width), height: image.height + padding + text.height)
                }
            return Size(
                width: content.width + insets.leading + insets.trailing,
                height: content.height + insets.top + insets.bottom)
        }
        let title = currentTitle.map { (titleLabel?.font ?? .systemFont(ofSize: 15)).size(of: $0) } ?? .zero
        let image = currentImage?.size ?? .zero
        if title == .zero && image == .zero { return Size(width: 30, height: 34) }
        return Size(width: title.width + image.width, height: max(title.height + 12, image.height))
    }
}
