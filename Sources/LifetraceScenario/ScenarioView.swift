import LifetraceUI

/// The view a scenario declares with `view NAME in PARENT`: a plain view with a settable
/// intrinsic content size (`intrinsic=WxH`, or the `intrinsic` step), as a label or a button has.
@MainActor
public final class ScenarioView: View {
    /// The size the view's content wants, or `nil` for none.
    public var intrinsicSize: Size? {
        didSet { if intrinsicSize != oldValue { invalidateIntrinsicContentSize() } }
    }

    public override var intrinsicContentSize: Size {
        intrinsicSize ?? Size(width: noIntrinsicMetric, height: noIntrinsicMetric)
    }
}
