import Lifetrace

/// A problem in a trace file: a malformed or truncated line, a record that lacks a required key, or
/// a file that cannot be read, located like a compiler diagnostic (see `Lifetrace`'s `LocatedError`),
/// for example `run.jsonl:41:38: error: expected "," or "}" after a value, found the end of the
/// line (truncated line?)`.
public typealias TraceIssue = LocatedError
