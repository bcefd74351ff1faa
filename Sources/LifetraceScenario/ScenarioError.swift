import Lifetrace

/// An error in a scenario or golden file: where it is (file, line, column) and what was expected.
/// See `Lifetrace`'s `LocatedError`.
public typealias ScenarioError = LocatedError
