import Foundation

/// A view a collection view reuses: a header, a footer, or the base of a cell (UIKit's
/// `UICollectionReusableView`).
@MainActor
open class CollectionReusableView: View {
    /// The identifier of the reuse pool it belongs to.
    public internal(set) var reuseIdentifier: String?

    /// A view made by a collection view for a pool (through `init(frame:)`, so a subclass's override runs).
    public required convenience init(reuseIdentifier: String?) {
        self.init(frame: .zero)
        self.reuseIdentifier = reuseIdentifier
    }

    /// About to be handed out again by its pool. Overrides call `super`.
    open func prepareForReuse() {}

    /// The attributes the view prefers: a self-sizing layout's cells answer the size their
    /// content fits (the default fits the view itself, the width fixed for a list, free otherwise).
    open func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
        -> CollectionViewLayoutAttributes
    {
        layoutAttributes
    }

    /// The layout placed the view.
    open func apply(_ layoutAttributes: CollectionViewLayoutAttributes) {}
}

/// An item of a collection view (UIKit's `UICollectionViewCell`): its subviews go in
/// ``contentView``; a self-sizing layout asks it for its size with
/// ``preferredLayoutAttributesFitting(_:)``, which fits the content view with Auto Layout.
@MainActor
open class CollectionViewCell: CollectionReusableView {
    /// Where the cell's content goes: the cell's bounds.
    public let contentView = View()
    /// Whether the cell is selected or highlighted.
    public var isSelected = false
    public var isHighlighted = false
    /// Kept, not drawn.
    public var backgroundView: View?
    public var selectedBackgroundView: View?

    /// The content built from a configuration, if any.
    public var contentConfiguration: (any ContentConfiguration)? {
        didSet { rebuildConfiguredContent() }
    }
    private var configuredView: View?

    /// Whether the layout fixes the width (a list) when the cell fits its content.
    var fitsWidth = false

    public override init(frame: Rect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
        contentView.hostLayoutEngine()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
        contentView.hostLayoutEngine()
    }

    /// The size the content view's constraints fit: at the layout's width for a list (height
    /// free), free on both axes from the estimate otherwise; the cell's own `sizeThatFits(_:)`
    /// when nothing in its content view uses constraints (a cell laid out by hand).
    open override func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
        -> CollectionViewLayoutAttributes
    {
        let attributes = layoutAttributes.copy()
        frame = Rect(origin: frame.origin, size: layoutAttributes.size)
        contentView.frame = bounds
        let fitted =
            contentView.branchUsesAutoLayout
            ? contentView.systemLayoutSizeFitting(
                layoutAttributes.size, withHorizontalFittingPriority: fitsWidth ? .required : .fittingSizeLevel,
                verticalFittingPriority: .fittingSizeLevel)
            : sizeThatFits(layoutAttributes.size)
        attributes.size = Size(width: fitsWidth ? layoutAttributes.size.width : fitted.width, height: fitted.height)
        return attributes
    }

    /// The content view fills the cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    private func rebuildConfiguredContent() {
        configuredView = contentView.installContent(of: contentConfiguration, replacing: configuredView)
    }
}

/// A cell of a list layout (UIKit's `UICollectionViewListCell`), configured with a list content configuration.
@MainActor
open class CollectionViewListCell: CollectionViewCell {
    /// Kept: accessories are not drawn.
    public var accessories: [AnyHashable] = []
    /// A list cell's default content.
    public func defaultContentConfiguration() -> ListContentConfiguration { .cell() }

    /// The content's fitted size, at least 44 points high with system content, as a table's rows.
    open override func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
        -> CollectionViewLayoutAttributes
    {
        let attributes = super.preferredLayoutAttributesFitting(layoutAttributes)
        if contentConfiguration != nil { attributes.size.height = max(TableView.systemRowHeight, attributes.size.height) }
        return attributes
    }
}
