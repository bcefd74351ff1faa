// The cells the list benchmarks scroll: WWDC 2018's collection-view shape (an image beside a
// column of text), built three ways over the same views and texts.
import Foundation
import LifetraceUI

/// The texts rows show (made once: configuring a cell shares them, it does not build strings).
enum Texts {
    static let titles = (0..<97).map { "Item \($0): " + String(repeating: "title ", count: 1 + $0 % 3) }
    static let bodies = (0..<89).map { String(repeating: "A line of body text that wraps. ", count: 1 + $0 % 4) }
    static let details = (0..<83).map { "detail \($0)" }

    static func text(row: Int, label: Int) -> String {
        switch label {
        case 0: titles[row % titles.count]
        case 1: bodies[row % bodies.count]
        default: details[(row + label) % details.count]
        }
    }
}

/// How many cells each kind has made (the reuse bound's numerator).
@MainActor
enum CellCount {
    static var made = 0
}

/// An image (48 × 48) and `subviews - 1` labels in a column beside it, the second wrapping.
@MainActor
class ImageAndText: TableViewCell {
    let image = ImageView(image: Image(size: Size(width: 48, height: 48)))
    private(set) var labels: [Label] = []

    required init?(coder: NSCoder) { nil }

    /// `constrained-6` and `manual-6` hold five labels.
    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        CellCount.made += 1
        contentView.addSubview(image)
        let count = (reuseIdentifier?.split(separator: "-").last.flatMap { Int($0) } ?? 6) - 1
        for index in 0..<count {
            let label = Label()
            label.numberOfLines = index == 1 ? 0 : 1
            label.font = .systemFont(ofSize: index == 0 ? 17 : 15)
            contentView.addSubview(label)
            labels.append(label)
        }
    }

    func configure(row: Int) {
        for (index, label) in labels.enumerated() { label.text = Texts.text(row: row, label: index) }
    }
}

/// The cell placed by constraints: the table sizes it with `systemLayoutSizeFitting`.
final class ConstrainedCell: ImageAndText {
    static func identifier(_ subviews: Int) -> String { "constrained-\(subviews)" }

    required init?(coder: NSCoder) { nil }

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        let margins = contentView.layoutMarginsGuide
        var constraints = [
            image.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            image.topAnchor.constraint(equalTo: margins.topAnchor),
            image.widthAnchor.constraint(equalToConstant: 48),
            image.heightAnchor.constraint(equalToConstant: 48),
            image.bottomAnchor.constraint(lessThanOrEqualTo: margins.bottomAnchor),
        ]
        var above: LayoutYAxisAnchor = margins.topAnchor
        for label in labels {
            label.translatesAutoresizingMaskIntoConstraints = false
            constraints += [
                label.leadingAnchor.constraint(equalTo: image.trailingAnchor, constant: 12),
                label.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                label.topAnchor.constraint(equalTo: above, constant: above === margins.topAnchor ? 0 : 4),
            ]
            above = label.bottomAnchor
        }
        constraints.append(margins.bottomAnchor.constraint(greaterThanOrEqualTo: above))
        image.translatesAutoresizingMaskIntoConstraints = false
        LayoutConstraint.activate(constraints)
    }
}

/// The same views placed by hand: `sizeThatFits` adds the labels' heights, `layoutSubviews`
/// sets the frames (what apps wrote before self-sizing cells).
final class ManualCell: ImageAndText {
    static func identifier(_ subviews: Int) -> String { "manual-\(subviews)" }
    static let inset: CGFloat = 16
    static let gap: CGFloat = 12

    required init?(coder: NSCoder) { nil }

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }

    private func textWidth(in width: CGFloat) -> CGFloat { max(0, width - 2 * Self.inset - 48 - Self.gap) }

    override func sizeThatFits(_ size: Size) -> Size {
        let width = textWidth(in: size.width)
        var height: CGFloat = 0
        for (index, label) in labels.enumerated() {
            height += label.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height + (index == 0 ? 0 : 4)
        }
        return Size(width: size.width, height: max(48, height) + 22)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let width = textWidth(in: contentView.bounds.width)
        image.frame = Rect(x: Self.inset, y: 11, width: 48, height: 48)
        var y: CGFloat = 11
        for label in labels {
            let height = label.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height
            label.frame = Rect(x: Self.inset + 48 + Self.gap, y: y, width: width, height: height)
            y += height + 4
        }
    }
}

/// A row of fixed height whose views are placed by hand and whose configuration changes no
/// size: what reuse costs, with nothing to measure.
final class FixedCell: TableViewCell {
    static let identifier = "fixed"
    let badge = View()

    required init?(coder: NSCoder) { nil }

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        CellCount.made += 1
        contentView.addSubview(badge)
    }

    func configure(row: Int) { badge.tag = row }

    override func layoutSubviews() {
        super.layoutSubviews()
        badge.frame = Rect(x: 16, y: 8, width: 28, height: 28)
    }
}
