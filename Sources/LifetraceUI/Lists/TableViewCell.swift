import Foundation
import Lifetrace

/// A row of a table view (UIKit's `UITableViewCell`): its subviews go in ``contentView``; a
/// content configuration (``defaultContentConfiguration()``) or the style's ``textLabel`` and
/// ``detailTextLabel`` build text content with Auto Layout, so a self-sizing table measures it.
///
/// A table view makes registered cells with ``init(reuseIdentifier:)``, which goes through
/// ``init(style:reuseIdentifier:)``: a subclass that overrides that initialiser (and
/// `init?(coder:)`, as on iOS) inherits it, and its override runs, as UIKit runs it.
@MainActor
open class TableViewCell: View {
    /// The built-in layouts of text (UIKit's `UITableViewCell.CellStyle`).
    public enum CellStyle: Int, Sendable, Hashable { case `default`, value1, value2, subtitle }
    /// How a selected cell looks (kept).
    public enum SelectionStyle: Int, Sendable, Hashable { case none, blue, gray, `default` }
    /// The accessory at the trailing edge (kept, not drawn).
    public enum AccessoryType: Int, Sendable, Hashable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// The style the cell was made with.
    public let style: CellStyle
    /// The identifier of the reuse pool the cell belongs to.
    public let reuseIdentifier: String?
    /// Where the cell's content goes: the cell's bounds (less the accessory, not modelled).
    public let contentView = View()

    /// Kept: selection look, accessories, separators, backgrounds.
    public var selectionStyle: SelectionStyle = .default
    public var accessoryType: AccessoryType = .none
    public var accessoryView: View?
    public var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    public var backgroundView: View?
    public var selectedBackgroundView: View?

    /// Whether the cell is selected.
    public private(set) var isSelected = false
    /// Whether the cell is highlighted.
    public var isHighlighted = false

    /// The content built from a configuration, if any.
    public var contentConfiguration: (any ContentConfiguration)? {
        didSet { rebuildConfiguredContent() }
    }
    private var configuredView: View?
    /// Whether the content is the system's text (a configuration or the style's labels): such a
    /// row is at least 44 points high, as UIKit's system cells are.
    var hasSystemContent: Bool { contentConfiguration != nil || styleLabels != nil }

    /// A cell of a style in a reuse pool.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
        contentView.frame = bounds
        addSubview(contentView)
        contentView.hostLayoutEngine()
    }

    /// A cell unarchived from a nib.
    public required init?(coder: NSCoder) {
        style = .default
        reuseIdentifier = nil
        super.init(coder: coder)
        addSubview(contentView)
        contentView.hostLayoutEngine()
    }

    /// A cell of the default style outside any pool (`UITableViewCell()`).
    public convenience init() {
        self.init(style: .default, reuseIdentifier: nil)
    }

    /// How a table view makes a registered cell: ``init(style:reuseIdentifier:)`` with the
    /// default style, dispatched to the subclass's override.
    public required convenience init(reuseIdentifier: String?) {
        self.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    /// The configuration of the cell's style, to change and set as ``contentConfiguration``.
    public func defaultContentConfiguration() -> ListContentConfiguration {
        switch style {
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        case .default: .cell()
        }
    }

    /// The cell is about to be handed out again by its pool: reset what configuring set. Overrides call `super`.
    open func prepareForReuse() {}

    /// Selects or deselects the cell.
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
    /// Highlights the cell.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }

    /// The content view fills the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    // MARK: The style's labels

    private var styleLabels: (text: Label, detail: Label?)?

    /// The style's main label (made on first use, laid out in the content view's margins).
    public var textLabel: Label? { labels().text }
    /// The style's secondary label (`nil` for the default style).
    public var detailTextLabel: Label? { labels().detail }
    /// The style's image view (kept; it takes no part in the layout).
    public private(set) lazy var imageView: ImageView? = ImageView()

    private func labels() -> (text: Label, detail: Label?) {
        if let styleLabels { return styleLabels }
        let text = Label()
        text.font = .preferredFont(forTextStyle: .body)
        let detail: Label? = style == .default ? nil : Label()
        detail?.font = .preferredFont(forTextStyle: style == .subtitle ? .subheadline : .body)
        let stack = StackView(arrangedSubviews: [text] + (detail.map { [$0] } ?? []))
        stack.axis = style == .subtitle ? .vertical : .horizontal
        stack.spacing = style == .subtitle ? 0 : 8
        stack.alignment = style == .subtitle ? .leading : .center
        contentView.pin(stack, margins: ListContentConfiguration.cell().directionalLayoutMargins, trailingAtMost: true)
        styleLabels = (text, detail)
        return (text, detail)
    }

    private func rebuildConfiguredContent() {
        configuredView = contentView.installContent(of: contentConfiguration, replacing: configuredView)
    }
}
