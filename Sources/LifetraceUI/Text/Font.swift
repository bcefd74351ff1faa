import Foundation

/// A font: a typeface at a point size, as UIKit's `UIFont` is, with its names and metrics.
///
/// iOS draws its system font from the San Francisco family (`.SF UI`), which Linux does not have;
/// Lifetrace uses DejaVu Sans (Debian's `fonts-dejavu-core` and `fonts-dejavu-extra`, in
/// `/usr/share/fonts/truetype/dejavu`, or the directory that the environment variable
/// `LIFETRACE_FONT_DIRECTORY` names) and reports the face it uses in ``fontName`` and
/// ``familyName``. Weights map to its faces: ``Weight/regular`` and
/// ``Weight/medium`` to DejaVu Sans, ``Weight/semibold`` and heavier to
/// DejaVu Sans Bold, ``Weight/light`` and lighter to DejaVu Sans ExtraLight.
///
/// Labels and buttons measure their text with ``size(of:constrainedToWidth:numberOfLines:)``,
/// which shapes it with HarfBuzz (``measurementBackend``).
///
/// A font is a value: two fonts of the same size, weight and design are equal, and fonts cross
/// actors freely.
public struct Font: Sendable, Hashable {
    /// The font's size in points: the height of its em square.
    public let pointSize: CGFloat

    /// The font's weight, from ``Weight/ultraLight`` to ``Weight/black``.
    public let weight: Weight

    /// Which face of the family the font draws with (regular, oblique or monospaced).
    let design: Design

    init(pointSize: CGFloat, weight: Weight, design: Design) {
        self.pointSize = pointSize
        self.weight = weight
        self.design = design
    }

    /// The kinds of system font: UIKit's system font, its italic and its monospaced variant.
    enum Design: Sendable, Hashable {
        case regular
        case italic
        case monospaced
    }

    /// The system font of a size and weight: DejaVu Sans in the face nearest to the weight
    /// (UIKit's `UIFont.systemFont(ofSize:weight:)`).
    ///
    /// - Parameters:
    ///   - size: The point size.
    ///   - weight: The weight; ``Weight/regular`` unless given.
    /// - Returns: The font.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> Font {
        Font(pointSize: size, weight: weight, design: .regular)
    }

    /// The regular system font of a size (UIKit's `UIFont.systemFont(ofSize:)`).
    ///
    /// - Parameter size: The point size.
    /// - Returns: The font.
    public static func systemFont(ofSize size: CGFloat) -> Font {
        Font(pointSize: size, weight: .regular, design: .regular)
    }

    /// The bold system font of a size: DejaVu Sans Bold (UIKit's `UIFont.boldSystemFont(ofSize:)`).
    ///
    /// - Parameter size: The point size.
    /// - Returns: The font.
    public static func boldSystemFont(ofSize size: CGFloat) -> Font {
        Font(pointSize: size, weight: .bold, design: .regular)
    }

    /// The italic system font of a size: DejaVu Sans Oblique (UIKit's
    /// `UIFont.italicSystemFont(ofSize:)`).
    ///
    /// - Parameter size: The point size.
    /// - Returns: The font.
    public static func italicSystemFont(ofSize size: CGFloat) -> Font {
        Font(pointSize: size, weight: .regular, design: .italic)
    }

    /// The monospaced system font of a size and weight: DejaVu Sans Mono, or DejaVu Sans Mono Bold
    /// from ``Weight/semibold`` on (UIKit's `UIFont.monospacedSystemFont(ofSize:weight:)`).
    ///
    /// - Parameters:
    ///   - size: The point size.
    ///   - weight: The weight.
    /// - Returns: The font.
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> Font {
        Font(pointSize: size, weight: weight, design: .monospaced)
    }

    /// The font of a Dynamic Type text style at the default content size category, Large (UIKit's
    /// `UIFont.preferredFont(forTextStyle:)`).
    ///
    /// The sizes and weights are those of Apple's Human Interface Guidelines, "Typography",
    /// Dynamic Type sizes for iOS at the Large (default) size:
    ///
    /// | Style | Weight | Size (pt) |
    /// |---|---|---|
    /// | Large Title | Regular | 34 |
    /// | Title 1 | Regular | 28 |
    /// | Title 2 | Regular | 22 |
    /// | Title 3 | Regular | 20 |
    /// | Headline | Semibold | 17 |
    /// | Body | Regular | 17 |
    /// | Callout | Regular | 16 |
    /// | Subheadline | Regular | 15 |
    /// | Footnote | Regular | 13 |
    /// | Caption 1 | Regular | 12 |
    /// | Caption 2 | Regular | 11 |
    ///
    /// A style this table does not name gets the body font.
    ///
    /// - Parameter style: The text style.
    /// - Returns: The style's font.
    public static func preferredFont(forTextStyle style: TextStyle) -> Font {
        switch style {
        case .largeTitle: systemFont(ofSize: 34)
        case .title1: systemFont(ofSize: 28)
        case .title2: systemFont(ofSize: 22)
        case .title3: systemFont(ofSize: 20)
        case .headline: systemFont(ofSize: 17, weight: .semibold)
        case .body: systemFont(ofSize: 17)
        case .callout: systemFont(ofSize: 16)
        case .subheadline: systemFont(ofSize: 15)
        case .footnote: systemFont(ofSize: 13)
        case .caption1: systemFont(ofSize: 12)
        case .caption2: systemFont(ofSize: 11)
        default: systemFont(ofSize: 17)
        }
    }

    /// The same font at another size (UIKit's `UIFont.withSize(_:)`).
    ///
    /// - Parameter size: The new point size.
    /// - Returns: The font at that size, of the same weight and design.
    public func withSize(_ size: CGFloat) -> Font {
        Font(pointSize: size, weight: weight, design: design)
    }

    /// The face's full name, such as `DejaVu Sans Bold`: the face actually measured with, which is
    /// DejaVu Sans's when the one the weight or design asks for is not installed.
    public var fontName: String { face.fullName }

    /// The face's family name: `DejaVu Sans`, or `DejaVu Sans Mono` for the monospaced font.
    public var familyName: String { face.familyName }

    /// The top of the tallest letters above the baseline, in points (positive).
    public var ascender: CGFloat { scaled(\.ascender) }

    /// The bottom of the descending letters relative to the baseline, in points: negative, as
    /// UIKit's is.
    public var descender: CGFloat { scaled(\.descender) }

    /// The gap the font puts between one line's descender and the next line's ascender, in points.
    public var leading: CGFloat { scaled(\.lineGap) }

    /// The height of one line of text, in points: ``ascender`` − ``descender`` + ``leading``, as
    /// UIKit computes it.
    public var lineHeight: CGFloat { scaled(\.lineHeight) }

    /// The height of the capital letters above the baseline, in points (the top of the capital H).
    public var capHeight: CGFloat { scaled(\.capHeight) }

    /// The face the font is measured with.
    private var face: FontFace { FontFace.resolved(for: self) }

    /// One of the face's metrics, from font units (or ems, for the approximation) to points.
    private func scaled(_ metric: KeyPath<FaceMetrics, Double>) -> CGFloat {
        let metrics = face.metrics
        return CGFloat(metrics[keyPath: metric]) * pointSize / CGFloat(metrics.unitsPerEm)
    }
}

extension Font {
    /// The weight of a font (UIKit's `UIFont.Weight`), with UIKit's values: −1 is the lightest, 0
    /// regular, 1 the heaviest.
    public struct Weight: RawRepresentable, Sendable, Hashable, Comparable {
        /// The weight's value, from −1 to 1: UIKit's.
        public var rawValue: CGFloat

        /// A weight of a value.
        ///
        /// - Parameter rawValue: The value, from −1 (lightest) to 1 (heaviest).
        public init(rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        /// A weight of a value (UIKit's `UIFont.Weight(_:)`).
        ///
        /// - Parameter rawValue: The value, from −1 (lightest) to 1 (heaviest).
        public init(_ rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        /// Ultra light: −0.8.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// Thin: −0.6.
        public static let thin = Weight(rawValue: -0.6)
        /// Light: −0.4.
        public static let light = Weight(rawValue: -0.4)
        /// Regular: 0.
        public static let regular = Weight(rawValue: 0)
        /// Medium: 0.23.
        public static let medium = Weight(rawValue: 0.23)
        /// Semibold: 0.3.
        public static let semibold = Weight(rawValue: 0.3)
        /// Bold: 0.4.
        public static let bold = Weight(rawValue: 0.4)
        /// Heavy: 0.56.
        public static let heavy = Weight(rawValue: 0.56)
        /// Black: 0.62.
        public static let black = Weight(rawValue: 0.62)

        /// Whether one weight is lighter than another.
        ///
        /// - Parameters:
        ///   - lhs: A weight.
        ///   - rhs: Another weight.
        /// - Returns: `true` when `lhs` is lighter than `rhs`.
        public static func < (lhs: Weight, rhs: Weight) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// A Dynamic Type text style (UIKit's `UIFont.TextStyle`), whose raw values are UIKit's
    /// (`UICTFontTextStyleBody`). ``Font/preferredFont(forTextStyle:)`` gives its font.
    public struct TextStyle: RawRepresentable, Sendable, Hashable {
        /// The style's name, as UIKit spells it.
        public var rawValue: String

        /// A text style of a name.
        ///
        /// - Parameter rawValue: The name, such as `UICTFontTextStyleBody`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The large title of a navigation bar: 34 pt.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// The first level of titles: 28 pt.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// The second level of titles: 22 pt.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// The third level of titles: 20 pt.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// Headings: 17 pt semibold.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// Body text: 17 pt.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// Callouts: 16 pt.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// Subheadings: 15 pt.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// Footnotes: 13 pt.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// Standard captions: 12 pt.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// Alternate captions: 11 pt.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }
}
