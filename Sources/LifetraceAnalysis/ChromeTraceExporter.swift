import Lifetrace

/// Exports a trace in the Chrome trace event format, the JSON that the Perfetto UI
/// (ui.perfetto.dev) and `chrome://tracing` open.
///
/// - Intervals that nest properly on their thread become complete events (`X`), so each thread
///   shows a flame of callbacks; intervals that overlap another without nesting in it, or that end
///   on another thread, become async events (`b`/`e`, with an `id`), drawn on tracks of their own.
/// - Instants become thread-scoped instant events (`i`).
/// - The process and every thread get names as metadata events (`M`: `process_name`,
///   `thread_name`).
/// - Timestamps and durations are microseconds (fractional, exact to the nanosecond); `ts` is the
///   trace's `CLOCK_MONOTONIC` time, so the export lines up with other traces of the same machine.
/// - Each event's `args` carry the record's fields: `controller`, `id`, `target`, `animated`,
///   `index`, `text`, `count`, `seq`.
///
/// An interval whose end is missing (a truncated trace) is closed at the trace's last timestamp and
/// marked `"unfinished": true` in its `args`.
public struct ChromeTraceExporter: Sendable {
    /// The name of the process in the viewer.
    public var processName: String
    /// The `pid` of every event.
    public var processID: Int

    /// Creates an exporter; the process is named `processName` (by default `lifetrace`).
    public init(processName: String = "lifetrace", processID: Int = 1) {
        self.processName = processName
        self.processID = processID
    }

    /// The Chrome trace JSON of `trace`: `{"displayTimeUnit":"ns","traceEvents":[…]}`, one event per line.
    public func export(_ trace: Trace) -> String {
        let events = trace.events
        let lastTimestamp = events.map(\.timestamp).max() ?? 0
        var output: [(ts: UInt64, order: Int, json: String)] = []

        func args(_ interval: TraceInterval?, event: Event?, unfinished: Bool = false) -> String {
            let subject = interval?.subject ?? event!.subject
            let details = interval?.details ?? event!.details
            var fields = ["\"controller\":\(JSONText.quote(subject.name))", "\"id\":\"0x\(String(subject.id, radix: 16))\""]
            if let target = details.target {
                fields.append("\"target\":\(JSONText.quote(target.name))")
                fields.append("\"target_id\":\"0x\(String(target.id, radix: 16))\"")
            }
            if let animated = details.animated { fields.append("\"animated\":\(animated)") }
            if let index = details.index { fields.append("\"index\":\(index)") }
            if let text = details.text { fields.append("\"text\":\(JSONText.quote(text))") }
            if let count = details.count { fields.append("\"count\":\(count)") }
            for field in details.fields ?? [] { fields.append("\(JSONText.quote(field.key)):\(field.value.json)") }
            if let interval, let begin = interval.beginIndex { fields.append("\"seq\":\(events[begin].seq)") }
            if let interval, let end = interval.endIndex { fields.append("\"end_seq\":\(events[end].seq)") }
            if let event { fields.append("\"seq\":\(event.seq)") }
            if unfinished { fields.append("\"unfinished\":true") }
            return "{" + fields.joined(separator: ",") + "}"
        }

        // A trace of several processes (events with a `pid`) keeps them apart: each its own pid.
        func pid(_ process: UInt32?) -> Int { process.map(Int.init) ?? processID }
        struct Thread: Hashable {
            var process: UInt32?
            var thread: UInt32
        }

        // Intervals: nested per thread as X, the rest async.
        let intervals = trace.intervals()
        var byThread: [Thread: [Int]] = [:]
        var asyncIntervals: [Int] = []
        for (index, interval) in intervals.enumerated() {
            if interval.endThread != nil {
                asyncIntervals.append(index)
            } else {
                byThread[Thread(process: interval.process, thread: interval.thread), default: []].append(index)
            }
        }
        func end(_ interval: TraceInterval) -> UInt64 { interval.endTimestamp ?? max(lastTimestamp, interval.startTimestamp) }
        for (key, members) in byThread {
            let sorted = members.sorted { a, b in
                let x = intervals[a], y = intervals[b]
                if x.startTimestamp != y.startTimestamp { return x.startTimestamp < y.startTimestamp }
                if end(x) != end(y) { return end(x) > end(y) }
                return a < b
            }
            var stack: [UInt64] = []  // ends of the open complete events
            for index in sorted {
                let interval = intervals[index]
                let start = interval.startTimestamp
                let stop = end(interval)
                while let top = stack.last, top <= start, !(top == start && stop == start) { stack.removeLast() }
                if stack.isEmpty || stack.last! >= stop {
                    stack.append(stop)
                    output.append((start, output.count,
                        "{\"ph\":\"X\",\"name\":\(JSONText.quote(name(interval.hook, interval.subject, interval.details))),"
                        + "\"cat\":\"\(Self.category(interval.hook))\",\"ts\":\(JSONText.microseconds(start)),"
                        + "\"dur\":\(JSONText.microseconds(stop - start)),\"pid\":\(pid(key.process)),\"tid\":\(key.thread),"
                        + "\"args\":\(args(interval, event: nil, unfinished: interval.endTimestamp == nil))}"))
                } else {
                    asyncIntervals.append(index)
                }
            }
        }
        for (number, index) in asyncIntervals.sorted().enumerated() {
            let interval = intervals[index]
            let label = JSONText.quote(name(interval.hook, interval.subject, interval.details))
            let category = Self.category(interval.hook)
            let id = "\"0x\(String(number + 1, radix: 16))\""
            output.append((interval.startTimestamp, output.count,
                "{\"ph\":\"b\",\"name\":\(label),\"cat\":\"\(category)\",\"id\":\(id),\"ts\":\(JSONText.microseconds(interval.startTimestamp)),"
                + "\"pid\":\(pid(interval.process)),\"tid\":\(interval.thread),\"args\":\(args(interval, event: nil, unfinished: interval.endTimestamp == nil))}"))
            let stop = end(interval)
            output.append((stop, output.count,
                "{\"ph\":\"e\",\"name\":\(label),\"cat\":\"\(category)\",\"id\":\(id),\"ts\":\(JSONText.microseconds(stop)),"
                + "\"pid\":\(pid(interval.process)),\"tid\":\(interval.endThread ?? interval.thread)}"))
        }
        for event in events where event.phase == .instant {
            output.append((event.timestamp, output.count,
                "{\"ph\":\"i\",\"s\":\"t\",\"name\":\(JSONText.quote(name(event.hook, event.subject, event.details))),"
                + "\"cat\":\"\(Self.category(event.hook))\",\"ts\":\(JSONText.microseconds(event.timestamp)),"
                + "\"pid\":\(pid(event.process)),\"tid\":\(event.thread),\"args\":\(args(nil, event: event))}"))
        }
        output.sort { $0.ts != $1.ts ? $0.ts < $1.ts : $0.order < $1.order }

        var threads: [Thread] = []
        var seen = Set<Thread>()
        for event in events where seen.insert(Thread(process: event.process, thread: event.thread)).inserted {
            threads.append(Thread(process: event.process, thread: event.thread))
        }
        var lines: [String] = []
        // Each process of the trace named once, in order of appearance (an empty trace still names one).
        var processes: [UInt32?] = []
        for key in threads where !processes.contains(key.process) { processes.append(key.process) }
        for process in processes.isEmpty ? [nil] : processes {
            let label = process.map { "\(processName) (pid \($0))" } ?? processName
            lines.append("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":\(pid(process)),\"tid\":0,\"args\":{\"name\":\(JSONText.quote(label))}}")
        }
        for (order, key) in threads.enumerated() {
            let label = order == 0 ? "thread \(key.thread) (first)" : "thread \(key.thread)"
            lines.append("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":\(pid(key.process)),\"tid\":\(key.thread),\"args\":{\"name\":\(JSONText.quote(label))}}")
            lines.append("{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":\(pid(key.process)),\"tid\":\(key.thread),\"args\":{\"sort_index\":\(order)}}")
        }
        lines += output.map(\.json)
        return "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// The event's name in the viewer: `Inbox viewDidLoad`, `step 3: push Message`, `Window layoutPass`;
    /// a span's operation name (`span GET /users`).
    private func name(_ hook: Hook, _ subject: Subject, _ details: Details) -> String {
        if hook == .span {
            return details.text.map { "\(subject.name): \($0)" } ?? "span \(subject.name)"
        }
        if hook == .scenarioStep {
            return "step \(details.index.map(String.init) ?? "?"): \(details.text ?? "")"
        }
        var text = "\(subject.name) \(hook.name)"
        if let target = details.target { text += " \(target.name)" }
        return text
    }

    /// The category of a hook (hooks.def's category column): `appearance`, `loading`, `layout`,
    /// `transition`, `editing`, `containment`, `scenario` or `other`; viewers filter and colour by it.
    public static func category(_ hook: Hook) -> String { hook.category }
}
