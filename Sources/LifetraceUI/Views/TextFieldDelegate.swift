/// What a ``TextField`` asks and tells about editing (UIKit's `UITextFieldDelegate`).
///
/// When the delegate conforms to `Instrumented`, each call is recorded as the delegate's event
/// (`textFieldShouldBeginEditing`, …), as an NSLog in the delegate would show it.
@MainActor
public protocol TextFieldDelegate: AnyObject {
    /// Whether editing may begin. Default `true`.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    /// Editing began: the field is first responder.
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether editing may end (ignored when the field is leaving the window). Default `true`.
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    /// Editing ended: the field resigned first responder.
    func textFieldDidEndEditing(_ textField: TextField)
}

extension TextFieldDelegate {
    /// Allows editing.
    public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidBeginEditing(_ textField: TextField) {}
    /// Allows ending.
    public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    /// Does nothing.
    public func textFieldDidEndEditing(_ textField: TextField) {}
}
