import Foundation

/// An image (UIKit's `UIImage`). There are no asset catalogues or SF Symbols here: a named image
/// is a placeholder of a size you register (``register(named:size:)``, 44 × 44 points unless
/// registered), and a symbol a square placeholder sized from its configuration's point size, so
/// image views and buttons size as code expects. Nothing is drawn.
public final class Image: Sendable, CustomStringConvertible {
    /// How a symbol is sized (UIKit's `UIImage.SymbolConfiguration`).
    public struct SymbolConfiguration: Sendable, Hashable {
        /// The relative scale of a symbol (UIKit's `UIImage.SymbolScale`).
        public enum Scale: Int, Sendable, Hashable {
            case `default` = -1
            case unspecified, small, medium, large
        }
        /// The point size of the text the symbol sits in.
        public var pointSize: CGFloat
        /// The symbol's scale.
        public var scale: Scale
        /// A configuration of a point size.
        public init(pointSize: CGFloat, weight: Font.Weight = .regular, scale: Scale = .default) {
            self.pointSize = pointSize
            self.scale = scale
        }
        /// A configuration sized for a text style.
        public init(textStyle: Font.TextStyle, scale: Scale = .default) {
            self.init(pointSize: Font.preferredFont(forTextStyle: textStyle).pointSize, scale: scale)
        }
        /// A configuration of a scale at the body size.
        public init(scale: Scale) { self.init(pointSize: 17, scale: scale) }
        /// A configuration of a weight at the body size.
        public init(weight: Font.Weight) { self.init(pointSize: 17, weight: weight) }
    }

    /// How an image is tinted (UIKit's `UIImage.RenderingMode`): kept.
    public enum RenderingMode: Int, Sendable, Hashable { case automatic, alwaysOriginal, alwaysTemplate }

    /// The image's size in points.
    public let size: Size
    /// The name it was made with (`nil` for an image made from a size).
    public let name: String?
    /// Whether it is a symbol (`systemName`).
    public let isSymbolImage: Bool
    /// How it is tinted (kept).
    public let renderingMode: RenderingMode

    private init(size: Size, name: String?, isSymbol: Bool, renderingMode: RenderingMode = .automatic) {
        self.size = size
        self.name = name
        self.isSymbolImage = isSymbol
        self.renderingMode = renderingMode
    }

    /// An empty image (no size).
    public convenience init() {
        self.init(size: .zero, name: nil, isSymbol: false)
    }

    /// A placeholder image of a size.
    public convenience init(size: Size) {
        self.init(size: size, name: nil, isSymbol: false)
    }

    /// The named image: a placeholder of its registered size (44 × 44 unless registered).
    public convenience init?(named name: String) {
        self.init(size: Image.registeredSizes.withLock { $0[name] } ?? Size(width: 44, height: 44), name: name, isSymbol: false)
    }

    /// The named symbol: a square placeholder, 1.2 × the body size (17 points) on a side.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: SymbolConfiguration(pointSize: 17))
    }

    /// The named symbol at a configuration: a square 1.2 × its point size (scaled 0.8, 1 or 1.2
    /// for small, medium and large), rounded to the pixel grid of a 3× screen.
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        let configuration = configuration ?? SymbolConfiguration(pointSize: 17)
        let factor: CGFloat =
            switch configuration.scale {
            case .small: 0.8
            case .large: 1.2
            default: 1
            }
        let side = (configuration.pointSize * 1.2 * factor * 3).rounded(.up) / 3
        self.init(size: Size(width: side, height: side), name: name, isSymbol: true)
    }

    /// The same image with another rendering mode.
    public func withRenderingMode(_ mode: RenderingMode) -> Image {
        Image(size: size, name: name, isSymbol: isSymbolImage, renderingMode: mode)
    }

    /// The same image tinted (kept, not drawn).
    public func withTintColor(_ color: Color) -> Image { self }

    /// The same image tinted, with a rendering mode.
    public func withTintColor(_ color: Color, renderingMode: RenderingMode) -> Image { withRenderingMode(renderingMode) }

    /// The same symbol at another configuration.
    public func withConfiguration(_ configuration: SymbolConfiguration) -> Image {
        guard isSymbolImage, let name else { return self }
        return Image(systemName: name, withConfiguration: configuration) ?? self
    }

    /// Registers the size of a named image's placeholder.
    public static func register(named name: String, size: Size) {
        registeredSizes.withLock { $0[name] = size }
    }

    private static let registeredSizes = LockedSizes()

    public var description: String {
        "Image(\(isSymbolImage ? "systemName: " : "named: ")\(name ?? "-"), \(size.width)x\(size.height))"
    }
}

/// The registered placeholder sizes, behind a lock (images are made on any thread).
private final class LockedSizes: @unchecked Sendable {
    // Invariant: `sizes` is only touched with `lock` held.
    private let lock = NSLock()
    private var sizes: [String: Size] = [:]

    func withLock<R>(_ body: (inout [String: Size]) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&sizes)
    }
}
