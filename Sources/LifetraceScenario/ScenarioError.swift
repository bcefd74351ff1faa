import Lifetrace

/// An error in a scenario or golden file: where it is and what was expected, like a compiler
/// diagnostic (`back.scenario:4:19: error: expected "animated=true" or "animated=false", got
/// "animated=yes"`). The core's located problem, named for what this module reads.
public typealias ScenarioError = LocatedError
