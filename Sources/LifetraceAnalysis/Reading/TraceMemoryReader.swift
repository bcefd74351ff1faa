import Lifetrace

/// A trace in memory read as a stream, for the tools built on ``TraceEventReader`` (positions are
/// the trace's lines).
final class TraceMemoryReader: TraceEventReader {
    let source: String
    private(set) var position = 0
    private(set) var summary = TraceReadSummary()
    private let trace: Trace
    private var index = 0

    init(_ trace: Trace) {
        self.trace = trace
        source = trace.source
        summary.issues = trace.issues
        summary.issueCount = trace.issues.count
    }

    func next() throws(TraceIssue) -> Event? {
        guard index < trace.events.count else { return nil }
        let event = trace.events[index]
        position = index < trace.lines.count ? trace.lines[index] : index + 1
        index += 1
        summary.events += 1
        return event
    }
}
