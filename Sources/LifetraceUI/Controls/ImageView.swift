import Foundation

/// A view that shows an image (UIKit's `UIImageView`): its intrinsic size is the image's.
@MainActor
open class ImageView: View {
    /// The image shown; setting it changes the intrinsic size.
    public var image: Image? {
        didSet { if image !== oldValue { invalidateIntrinsicContentSize() } }
    }
    /// The image shown while highlighted (kept).
    public var highlightedImage: Image?
    /// Symbol configuration for symbol images (kept).
    public var preferredSymbolConfiguration: Image.SymbolConfiguration?

    /// An image view showing `image`, sized to it.
    public convenience init(image: Image?) {
        self.init(frame: Rect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    /// The image's size, or none without an image.
    open override var intrinsicContentSize: Size {
        image?.size ?? Size(width: noIntrinsicMetric, height: noIntrinsicMetric)
    }

    /// The image's size.
    open override func sizeThatFits(_ size: Size) -> Size { image?.size ?? .zero }
}
