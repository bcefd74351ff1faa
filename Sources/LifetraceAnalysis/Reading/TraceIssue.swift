import Lifetrace

/// A problem in a trace: a malformed or truncated line, a record that lacks a required key, or a
/// file or session that cannot be read, located like a compiler diagnostic (`run.jsonl:41:38:
/// error: expected "," or "}" after a value, found the end of the line (truncated line?)`). The
/// core's located problem, named for what this module reads.
public typealias TraceIssue = LocatedError
