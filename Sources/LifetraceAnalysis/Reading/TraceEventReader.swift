import Lifetrace

/// A trace read one event at a time: a JSON-lines file or pipe (``JSONLinesReader``), a recorded or
/// live LTTng trace (`LifetraceCTF`'s `CTFTraceReader`).
///
/// Readers stream: they hold the event at hand and a bounded window of input, never the trace, so
/// tools built on ``next()`` (``TraceStatistics/Accumulator``, `lifetrace convert`) run in memory
/// that does not grow with the trace. What a reader cannot deliver (malformed lines, events the
/// tracer discarded) is counted in ``summary``; reading goes on.
///
/// ```swift
/// let reader = try JSONLinesReader(path: "run.jsonl")
/// var accumulator = TraceStatistics.Accumulator()
/// while let event = try reader.next() { accumulator.add(event) }
/// print(accumulator.statistics(source: reader.source).table())
/// ```
public protocol TraceEventReader: AnyObject {
    /// Where the events come from: a path, `<stdin>`, a live session's URL.
    var source: String { get }
    /// The next event in trace order, or `nil` at the end of the trace.
    ///
    /// - Throws: a ``TraceIssue`` when the input cannot be read any further (an I/O error, a CTF
    ///   trace babeltrace2 cannot decode). Malformed lines are not thrown: they are counted in
    ///   ``summary`` and skipped.
    func next() throws(TraceIssue) -> Event?
    /// Where the last event returned came from: its 1-based line in a JSON-lines file, its 1-based
    /// ordinal in a CTF trace.
    var position: Int { get }
    /// What the reader met so far.
    var summary: TraceReadSummary { get }
}

/// What reading a trace met besides its events: unreadable lines, events the tracer discarded,
/// packets lost, warnings.
public struct TraceReadSummary: Sendable, Hashable {
    /// The events delivered so far.
    public var events = 0
    /// The first unreadable lines, in file order (at most the reader's `keptIssues`).
    public var issues: [TraceIssue] = []
    /// All unreadable lines, kept or not.
    public var issueCount = 0
    /// Events the tracer discarded (its buffers were full): the trace has a gap there.
    public var discardedEvents: UInt64 = 0
    /// Packets lost between the tracer and the trace (a network session's losses).
    public var lostPackets: UInt64 = 0
    /// Remarks on how the trace was read, such as a missing `vtid` context.
    public var warnings: [String] = []

    /// Creates an empty summary.
    public init() {}

    /// Records an unreadable line, keeping it if fewer than `kept` are kept.
    mutating func add(_ issue: TraceIssue, keeping kept: Int) {
        issueCount += 1
        if issues.count < kept { issues.append(issue) }
    }

    /// Adds what reading the stretch of the trace after this one met (another reader's part of the
    /// same file), so the issues stay in file order; as one reader would, it keeps at most `kept`
    /// issues and `kept` warnings.
    package mutating func append(_ later: TraceReadSummary, keeping kept: Int) {
        events += later.events
        issues += later.issues.prefix(max(kept - issues.count, 0))
        issueCount += later.issueCount
        discardedEvents += later.discardedEvents
        lostPackets += later.lostPackets
        warnings += later.warnings.prefix(max(kept - warnings.count, 0))
    }
}

extension Trace {
    /// Reads all of `reader` into memory: the events, their positions and every issue kept.
    public init(reading reader: some TraceEventReader) throws(TraceIssue) {
        var events: [Event] = []
        var lines: [Int] = []
        while let event = try reader.next() {
            events.append(event)
            lines.append(reader.position)
        }
        self.init(source: reader.source, events: events, lines: lines, issues: reader.summary.issues)
    }
}
