/// Where a controller is in its appearance cycle (UIKit's `_appearState`).
///
/// disappeared → appearing → appeared → disappearing → disappeared; appearing ↔ disappearing is
/// legal (a cancelled transition); a repeated begin in the same direction is swallowed.
public enum AppearanceState: Sendable, Hashable {
    /// Not on screen (the initial state).
    case disappeared
    /// `viewWillAppear` was sent; `viewDidAppear` not yet.
    case appearing
    /// On screen.
    case appeared
    /// `viewWillDisappear` was sent; `viewDidDisappear` not yet.
    case disappearing
}
