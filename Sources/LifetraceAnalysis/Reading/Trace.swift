import Lifetrace

/// A trace read from JSON lines: its valid events in file order, the line each came from, and the
/// problems met on the other lines.
///
/// A trace with ``issues`` is still usable: every line that parsed is in ``events``, so tools report
/// on the valid part and print the issues beside.
public struct Trace: Sendable {
    /// Where the trace came from: a path, or a label such as `<stdin>`.
    public var source: String
    /// The valid events, in file order.
    public var events: [Event]
    /// The 1-based line of each event in ``events`` (same indices).
    public var lines: [Int]
    /// The malformed, truncated or incomplete lines, in file order.
    public var issues: [TraceIssue]

    /// Creates a trace from events; `lines` defaults to 1, 2, 3, … (one event per line).
    public init(source: String = "trace", events: [Event], lines: [Int]? = nil, issues: [TraceIssue] = []) {
        self.source = source
        self.events = events
        self.lines = lines ?? Array(1..<(events.count + 1))
        self.issues = issues
    }

    /// Whether every line of the input was a valid record.
    public var isValid: Bool { issues.isEmpty }
}
