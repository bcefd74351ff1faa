import Foundation

/// A colour (UIKit's `UIColor`): fixed components, or a dynamic colour resolved against a trait
/// collection, as UIKit's system colours are (light and dark values from Apple's Human Interface
/// Guidelines, "Color"; docs/uikit-model.md). The runtime draws nothing: colours are kept and
/// resolved, so code that picks colours by trait runs unchanged.
public final class Color: Sendable, Hashable, CustomStringConvertible {
    /// Red, green, blue and alpha, each from 0 to 1 (sRGB).
    public struct Components: Sendable, Hashable {
        public var red: CGFloat
        public var green: CGFloat
        public var blue: CGFloat
        public var alpha: CGFloat
    }

    private enum Storage: Sendable {
        case fixed(Components)
        case dynamic(name: String?, @Sendable (TraitCollection) -> Color)
    }

    private let storage: Storage

    /// A colour from sRGB components, each from 0 to 1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storage = .fixed(Components(red: red, green: green, blue: blue, alpha: alpha))
    }

    /// A grey from its white level.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A colour from hue, saturation and brightness (HSB), each from 0 to 1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let v = brightness
        let p = v * (1 - saturation)
        let q = v * (1 - saturation * f)
        let t = v * (1 - saturation * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) =
            switch sector {
            case 0: (v, t, p)
            case 1: (q, v, p)
            case 2: (p, v, t)
            case 3: (p, q, v)
            case 4: (t, p, v)
            default: (v, p, q)
            }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// A colour that `provider` resolves for each trait collection (UIKit's
    /// `init(dynamicProvider:)`).
    public init(dynamicProvider provider: @escaping @Sendable (TraitCollection) -> Color) {
        storage = .dynamic(name: nil, provider)
    }

    private init(name: String, light: Color, dark: Color) {
        storage = .dynamic(name: name) { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// A named colour from the app's asset catalogue: there is none here, so `nil`, as UIKit
    /// answers for a name it does not know.
    public convenience init?(named name: String) {
        return nil
    }

    /// The fixed colour this one is for `traitCollection` (itself when it is not dynamic).
    public func resolvedColor(with traitCollection: TraitCollection) -> Color {
        var color = self
        // A provider may return another dynamic colour: resolve until fixed (bounded, as a
        // provider returning itself would otherwise never end).
        for _ in 0..<8 {
            guard case .dynamic(_, let provider) = color.storage else { return color }
            color = provider(traitCollection)
        }
        return .clear
    }

    /// The components for the light appearance (dynamic colours resolved in light).
    public var components: Components {
        guard
            case .fixed(let components) = resolvedColor(
                with: TraitCollection(horizontalSizeClass: .compact, verticalSizeClass: .regular, userInterfaceStyle: .light)
            ).storage
        else {
            return Components(red: 0, green: 0, blue: 0, alpha: 0)
        }
        return components
    }

    /// The same colour with another alpha.
    public func withAlphaComponent(_ alpha: CGFloat) -> Color {
        switch storage {
        case .fixed(var components):
            components.alpha = alpha
            return Color(red: components.red, green: components.green, blue: components.blue, alpha: alpha)
        case .dynamic(_, let provider):
            return Color { provider($0).withAlphaComponent(alpha) }
        }
    }

    /// The colour as a Core Graphics colour: the same value here.
    public var cgColor: Color { self }

    public static func == (lhs: Color, rhs: Color) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.fixed(let a), .fixed(let b)): a == b
        default: lhs === rhs
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case .fixed(let components): hasher.combine(components)
        case .dynamic: hasher.combine(ObjectIdentifier(self))
        }
    }

    public var description: String {
        switch storage {
        case .fixed(let c): "Color(r: \(c.red), g: \(c.green), b: \(c.blue), a: \(c.alpha))"
        case .dynamic(let name, _): name.map { "Color.\($0) (dynamic)" } ?? "Color (dynamic)"
        }
    }

    private static func rgb(_ hex: UInt32, _ alpha: CGFloat = 1) -> Color {
        Color(
            red: CGFloat((hex >> 16) & 0xFF) / 255, green: CGFloat((hex >> 8) & 0xFF) / 255,
            blue: CGFloat(hex & 0xFF) / 255, alpha: alpha)
    }

    private static func system(_ name: String, _ light: UInt32, _ dark: UInt32, alpha: CGFloat = 1, darkAlpha: CGFloat? = nil)
        -> Color
    {
        Color(name: name, light: rgb(light, alpha), dark: rgb(dark, darkAlpha ?? alpha))
    }

    // MARK: Fixed colours (UIKit's)

    public static let black = Color(white: 0, alpha: 1)
    public static let darkGray = Color(white: 1.0 / 3, alpha: 1)
    public static let lightGray = Color(white: 2.0 / 3, alpha: 1)
    public static let white = Color(white: 1, alpha: 1)
    public static let gray = Color(white: 0.5, alpha: 1)
    public static let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = Color(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = Color(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = Color(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = Color(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = Color(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = Color(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    public static let clear = Color(white: 0, alpha: 0)

    // MARK: System colours: light and dark (Apple HIG, "Color", default contrast)

    public static let systemBlue = system("systemBlue", 0x007AFF, 0x0A84FF)
    public static let systemGreen = system("systemGreen", 0x34C759, 0x30D158)
    public static let systemIndigo = system("systemIndigo", 0x5856D6, 0x5E5CE6)
    public static let systemOrange = system("systemOrange", 0xFF9500, 0xFF9F0A)
    public static let systemPink = system("systemPink", 0xFF2D55, 0xFF375F)
    public static let systemPurple = system("systemPurple", 0xAF52DE, 0xBF5AF2)
    public static let systemRed = system("systemRed", 0xFF3B30, 0xFF453A)
    public static let systemTeal = system("systemTeal", 0x30B0C7, 0x40C8E0)
    public static let systemYellow = system("systemYellow", 0xFFCC00, 0xFFD60A)
    public static let systemMint = system("systemMint", 0x00C7BE, 0x63E6E2)
    public static let systemCyan = system("systemCyan", 0x32ADE6, 0x64D2FF)
    public static let systemBrown = system("systemBrown", 0xA2845E, 0xAC8E68)
    public static let systemGray = system("systemGray", 0x8E8E93, 0x8E8E93)
    public static let systemGray2 = system("systemGray2", 0xAEAEB2, 0x636366)
    public static let systemGray3 = system("systemGray3", 0xC7C7CC, 0x48484A)
    public static let systemGray4 = system("systemGray4", 0xD1D1D6, 0x3A3A3C)
    public static let systemGray5 = system("systemGray5", 0xE5E5EA, 0x2C2C2E)
    public static let systemGray6 = system("systemGray6", 0xF2F2F7, 0x1C1C1E)
    public static let tintColor = system("tintColor", 0x007AFF, 0x0A84FF)

    public static let label = system("label", 0x000000, 0xFFFFFF)
    public static let secondaryLabel = system("secondaryLabel", 0x3C3C43, 0xEBEBF5, alpha: 0.6)
    public static let tertiaryLabel = system("tertiaryLabel", 0x3C3C43, 0xEBEBF5, alpha: 0.3)
    public static let quaternaryLabel = system("quaternaryLabel", 0x3C3C43, 0xEBEBF5, alpha: 0.18, darkAlpha: 0.16)
    public static let placeholderText = system("placeholderText", 0x3C3C43, 0xEBEBF5, alpha: 0.3)
    public static let link = system("link", 0x007AFF, 0x0984FF)
    public static let separator = system("separator", 0x3C3C43, 0x545458, alpha: 0.29, darkAlpha: 0.6)
    public static let opaqueSeparator = system("opaqueSeparator", 0xC6C6C8, 0x38383A)
    public static let systemBackground = system("systemBackground", 0xFFFFFF, 0x000000)
    public static let secondarySystemBackground = system("secondarySystemBackground", 0xF2F2F7, 0x1C1C1E)
    public static let tertiarySystemBackground = system("tertiarySystemBackground", 0xFFFFFF, 0x2C2C2E)
    public static let systemGroupedBackground = system("systemGroupedBackground", 0xF2F2F7, 0x000000)
    public static let secondarySystemGroupedBackground = system("secondarySystemGroupedBackground", 0xFFFFFF, 0x1C1C1E)
    public static let tertiarySystemGroupedBackground = system("tertiarySystemGroupedBackground", 0xF2F2F7, 0x2C2C2E)
    public static let systemFill = system("systemFill", 0x787880, 0x787880, alpha: 0.2, darkAlpha: 0.36)
    public static let secondarySystemFill = system("secondarySystemFill", 0x787880, 0x787880, alpha: 0.16, darkAlpha: 0.32)
    public static let tertiarySystemFill = system("tertiarySystemFill", 0x767680, 0x767680, alpha: 0.12, darkAlpha: 0.24)
    public static let quaternarySystemFill = system("quaternarySystemFill", 0x747480, 0x767680, alpha: 0.08, darkAlpha: 0.18)
}
