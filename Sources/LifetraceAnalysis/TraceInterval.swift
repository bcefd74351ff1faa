import Lifetrace

/// One interval of a trace: a `begin` record paired with its `end`.
///
/// A `begin` pairs with the next `end` of the same hook and subject (name and identity), innermost
/// first, so a hook that re-enters itself pairs correctly. A truncated trace leaves intervals
/// without an end (``endTimestamp`` is `nil`); a trace cut at the front leaves ends without a begin,
/// whose start is computed from `dur_ns` (``beginIndex`` is `nil`).
public struct TraceInterval: Sendable, Hashable {
    /// The hook.
    public var hook: Hook
    /// The controller (or probe) the interval is about.
    public var subject: Subject
    /// The details of the begin record, with the end record's `count`.
    public var details: Details
    /// The thread of the begin record (of the end record when there is no begin).
    public var thread: UInt32
    /// The thread of the end record, when it differs from ``thread``.
    public var endThread: UInt32?
    /// The process, in a trace of several processes (see `Lifetrace`'s `Event.process`).
    public var process: UInt32?
    /// Nanoseconds at the start.
    public var startTimestamp: UInt64
    /// Nanoseconds at the end, or `nil` when the trace has no end record for this interval.
    public var endTimestamp: UInt64?
    /// The index of the begin record in ``Trace/events``, or `nil` when it is missing.
    public var beginIndex: Int?
    /// The index of the end record in ``Trace/events``, or `nil` when it is missing.
    public var endIndex: Int?

    /// Creates an interval.
    public init(
        hook: Hook, subject: Subject, details: Details, thread: UInt32, endThread: UInt32? = nil,
        startTimestamp: UInt64, endTimestamp: UInt64?, beginIndex: Int?, endIndex: Int?, process: UInt32? = nil
    ) {
        self.hook = hook
        self.subject = subject
        self.details = details
        self.thread = thread
        self.endThread = endThread
        self.startTimestamp = startTimestamp
        self.endTimestamp = endTimestamp
        self.beginIndex = beginIndex
        self.endIndex = endIndex
        self.process = process
    }

    /// The duration in nanoseconds (`nil` when the interval did not end in the trace).
    public var duration: UInt64? { endTimestamp.map { $0 &- startTimestamp } }

    /// The machine of the interval's records, in a trace read from LTTng (see `Lifetrace`'s
    /// `Event.host`): with ``process``, it tells several hosts' processes apart.
    public var host: String? { details.host }

    /// Whether the trace has both the begin and the end record.
    public var isComplete: Bool { beginIndex != nil && endIndex != nil }
}

extension Trace {
    /// The trace's intervals, ordered by their begin (or, for an end without a begin, by its end).
    public func intervals() -> [TraceInterval] {
        struct Key: Hashable {
            var hook: Hook
            var name: String
            var id: UInt
            var process: UInt32?
            var host: String?
        }
        var open: [Key: [Int]] = [:]
        var result: [TraceInterval] = []
        for (index, event) in events.enumerated() {
            switch event.phase {
            case .instant:
                continue
            case .begin:
                let key = Key(
                    hook: event.hook, name: event.subject.name, id: event.subject.id, process: event.process,
                    host: event.host)
                open[key, default: []].append(result.count)
                result.append(
                    TraceInterval(
                        hook: event.hook, subject: event.subject, details: event.details, thread: event.thread,
                        startTimestamp: event.timestamp, endTimestamp: nil, beginIndex: index, endIndex: nil,
                        process: event.process))
            case .end:
                let key = Key(
                    hook: event.hook, name: event.subject.name, id: event.subject.id, process: event.process,
                    host: event.host)
                if let position = open[key]?.popLast() {
                    result[position].endTimestamp = max(event.timestamp, result[position].startTimestamp)
                    result[position].endIndex = index
                    if let count = event.details.count { result[position].details.count = count }
                    if event.thread != result[position].thread { result[position].endThread = event.thread }
                } else {
                    let duration = event.duration ?? 0
                    result.append(
                        TraceInterval(
                            hook: event.hook, subject: event.subject, details: event.details, thread: event.thread,
                            startTimestamp: event.timestamp &- min(duration, event.timestamp), endTimestamp: event.timestamp,
                            beginIndex: nil, endIndex: index, process: event.process))
                }
            }
        }
        return result
    }
}
