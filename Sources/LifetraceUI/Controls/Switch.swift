import Foundation

/// An on/off control (UIKit's `UISwitch`), of UIKit's fixed size: 51 × 31 points.
@MainActor
open class Switch: Control {
    /// Whether the switch is on.
    public var isOn = false
    /// The colour when on (kept, not drawn).
    public var onTintColor: Color?
    /// The colour of the thumb (kept, not drawn).
    public var thumbTintColor: Color?

    /// Sets the state without sending `valueChanged` (as in UIKit, only a user's toggle sends it).
    public func setOn(_ on: Bool, animated: Bool) { isOn = on }

    /// Toggles the switch as a user would: the state flips and `valueChanged` is sent.
    public func toggle() {
        guard isEnabled else { return }
        isOn.toggle()
        sendActions(for: .valueChanged)
    }

    /// 51 × 31 points.
    open override var intrinsicContentSize: Size { Size(width: 51, height: 31) }
    /// 51 × 31 points.
    open override func sizeThatFits(_ size: Size) -> Size { Size(width: 51, height: 31) }
}
