/// A failure of the test machinery itself (a missing tool, a process that cannot start, a tool
/// that fails), as opposed to a failed expectation of the code under test.
public struct TestSupportError: Error, CustomStringConvertible {
    /// What went wrong, ready for a test log.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
