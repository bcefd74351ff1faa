import LifetraceUI

/// A step of iOS 26's update cycle: properties updates and observable models (docs/uikit-model.md).
///
/// | step | meaning |
/// |---|---|
/// | `read NAME MODEL.PROPERTY in METHOD` | the controller NAME reads the observable property in METHOD (`updateProperties`, `updateViewConstraints`, `viewWillLayoutSubviews` or `viewDidLayoutSubviews`), so automatic observation tracking watches it there |
/// | `set MODEL.PROPERTY VALUE` | the observable property changes (a model's property is made the first time it is named) |
/// | `update-properties NAME` | `setNeedsUpdateProperties()` of the controller NAME |
public enum UpdateStep: Sendable, Hashable {
    /// `read NAME MODEL.PROPERTY in METHOD`.
    case read(name: String, property: String, method: String)
    /// `set MODEL.PROPERTY VALUE`.
    case set(property: String, value: String)
    /// `update-properties NAME`.
    case updateProperties(name: String)

    /// The methods a `read` step can name.
    static let methods = ["updateProperties", "updateViewConstraints", "viewWillLayoutSubviews", "viewDidLayoutSubviews"]

    /// The update steps' keywords.
    static let keywords = ["read", "set", "update-properties"]
}
