// Views and controllers compare by identity, as UIKit's do (NSObject's `isEqual:` and `hash`),
// so code that finds a controller in an array (`pages.firstIndex(of: controller)`) or keeps
// views in a set compiles and behaves as on iOS.

extension ViewController: Hashable {
    public nonisolated static func == (lhs: ViewController, rhs: ViewController) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension View: Hashable {
    public nonisolated static func == (lhs: View, rhs: View) -> Bool { lhs === rhs }
    public nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
