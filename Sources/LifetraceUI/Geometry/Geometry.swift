import Foundation

/// A point in a view's coordinate space, in points: Foundation's `CGPoint`, as in UIKit, so code
/// written for iOS passes its points unchanged (`CGFloat` and `Double` convert implicitly).
public typealias Point = CGPoint

/// A width and a height, in points: Foundation's `CGSize`.
public typealias Size = CGSize

/// A rectangle, an origin and a size, in points: Foundation's `CGRect` (whose `width`, `minX` and
/// the like are standardized, as Core Graphics' are: a negative size counts from the other edge).
public typealias Rect = CGRect

extension CGPoint {
    /// `(x, y)`, as traces write points.
    package var text: String { "(\(x.native.compact), \(y.native.compact))" }
}

extension CGSize {
    /// `WxH`, as the scenario language and traces write sizes.
    package var text: String { "\(width.native.compact)x\(height.native.compact)" }
}

extension CGRect {
    /// `{(x, y), WxH}`, as traces write frames.
    package var text: String { "{\(origin.text), \(size.text)}" }
}

/// Points, sizes and rectangles interpolate in the package's messages and traces as the scenario
/// language writes them (`390x844`, `{(0, 0), 390x844}`), not as Foundation describes them.
extension DefaultStringInterpolation {
    package mutating func appendInterpolation(_ point: CGPoint) { appendLiteral(point.text) }
    package mutating func appendInterpolation(_ size: CGSize) { appendLiteral(size.text) }
    package mutating func appendInterpolation(_ rect: CGRect) { appendLiteral(rect.text) }
}

extension CGFloat {
    /// Whole numbers without a fraction (`390`), others as Swift prints them.
    var compact: String { native.compact }
}

extension Double {
    /// Whole numbers without a fraction (`390`), others as Swift prints them.
    var compact: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
