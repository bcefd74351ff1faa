import Foundation

/// A control that picks a value in a range (UIKit's `UISlider`): as wide as its constraints make
/// it, 31 points high.
@MainActor
open class Slider: Control {
    /// The value, kept within ``minimumValue`` … ``maximumValue``.
    public var value: Float {
        get { storedValue }
        set { storedValue = min(max(newValue, minimumValue), maximumValue) }
    }
    private var storedValue: Float = 0
    /// The least value.
    public var minimumValue: Float = 0 { didSet { value = storedValue } }
    /// The greatest value.
    public var maximumValue: Float = 1 { didSet { value = storedValue } }
    /// Whether dragging sends `valueChanged` continuously (kept: drags are driven by code).
    public var isContinuous = true
    /// The colours (kept, not drawn).
    public var minimumTrackTintColor: Color?
    public var maximumTrackTintColor: Color?

    /// Sets the value without sending `valueChanged`.
    public func setValue(_ value: Float, animated: Bool) { self.value = value }

    /// Moves the slider to `value` as a user would: the value changes and `valueChanged` is sent.
    public func slide(to value: Float) {
        guard isEnabled else { return }
        self.value = value
        sendActions(for: .valueChanged)
    }

    /// No intrinsic width; 31 points high.
    open override var intrinsicContentSize: Size { Size(width: noIntrinsicMetric, height: 31) }
}
