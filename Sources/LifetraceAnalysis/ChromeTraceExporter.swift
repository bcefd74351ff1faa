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
///   `index`, `text`, `count`, a view's `frame`, `offset` and `superview` (a `layoutSubviews`'s
///   from its end record), `seq`.
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

        func args(_ interval: TraceInterval?, event: Event?, unfinished: Bool = false) -> JSONObject.Value {
            let subject = interval?.subject ?? event!.subject
            let details = interval?.details ?? event!.details
            var fields = JSONObject()
            fields.add("controller", .string(subject.name))
            fields.add("id", .string("0x" + String(subject.id, radix: 16)))
            if let target = details.target {
                fields.add("target", .string(target.name))
                fields.add("target_id", .string("0x" + String(target.id, radix: 16)))
            }
            fields.add("animated", details.animated.map { .bool($0) })
            fields.add("index", details.index.map { .integer($0) })
            fields.add("text", details.text.map { .string($0) })
            fields.add("count", details.count.map { .integer($0) })
            if let frame = event?.frame ?? interval?.endIndex.flatMap({ events[$0].frame }) {
                fields.add("frame", .numbers([frame.x, frame.y, frame.width, frame.height]))
                fields.add("offset", .numbers([frame.offsetX, frame.offsetY]))
                fields.add("superview", frame.superview.map { .string("0x" + String($0, radix: 16)) })
            }
            for field in details.fields ?? [] { fields.add(field: field.key, .raw(field.value.json)) }
            if let interval {
                fields.add("seq", interval.beginIndex.map { .integer(events[$0].seq) })
                fields.add("end_seq", interval.endIndex.map { .integer(events[$0].seq) })
            }
            fields.add("seq", event.map { .integer($0.seq) })
            fields.add("unfinished", unfinished ? .bool(true) : nil)
            return .object(fields)
        }

        /// An event's fields common to every phase.
        func record(
            _ phase: String, _ hook: Hook, _ subject: Subject, _ details: Details, at timestamp: UInt64,
            process: UInt32?, thread: UInt32
        ) -> JSONObject {
            var record = JSONObject()
            record.add("ph", .string(phase))
            record.add("name", .string(name(hook, subject, details)))
            record.add("cat", .string(Self.category(hook)))
            record.add("ts", .raw(JSONText.microseconds(timestamp)))
            record.add("pid", .integer(pid(process, details.host)))
            record.add("tid", .integer(thread))
            return record
        }

        // A trace of several processes (events with a `pid`) keeps them apart: each its own pid. A
        // trace of several hosts (events with a `host`), whose process ids may be the same, keeps
        // the hosts apart too: each host its own range of pids (`HostProcessIDs`).
        let hosts = HostProcessIDs(events)
        func pid(_ process: UInt32?, _ host: String?) -> Int { hosts.pid(process, host: host, defaultID: processID) }
        struct Thread: Hashable {
            var host: String?
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
                byThread[Thread(host: interval.host, process: interval.process, thread: interval.thread), default: []]
                    .append(index)
            }
        }
        func end(_ interval: TraceInterval) -> UInt64 { interval.endTimestamp ?? max(lastTimestamp, interval.startTimestamp) }
        for (key, members) in byThread {
            let sorted = members.sorted { a, b in
                let x = intervals[a]
                let y = intervals[b]
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
                    var complete = record(
                        "X", interval.hook, interval.subject, interval.details, at: start, process: key.process,
                        thread: key.thread)
                    complete.add("dur", .raw(JSONText.microseconds(stop - start)))
                    complete.add("args", args(interval, event: nil, unfinished: interval.endTimestamp == nil))
                    output.append((start, output.count, complete.json))
                } else {
                    asyncIntervals.append(index)
                }
            }
        }
        for (number, index) in asyncIntervals.sorted().enumerated() {
            let interval = intervals[index]
            let id = JSONObject.Value.string("0x" + String(number + 1, radix: 16))
            var begin = record(
                "b", interval.hook, interval.subject, interval.details, at: interval.startTimestamp,
                process: interval.process, thread: interval.thread)
            begin.add("id", id)
            begin.add("args", args(interval, event: nil, unfinished: interval.endTimestamp == nil))
            output.append((interval.startTimestamp, output.count, begin.json))
            let stop = end(interval)
            var finish = record(
                "e", interval.hook, interval.subject, interval.details, at: stop,
                process: interval.process, thread: interval.endThread ?? interval.thread)
            finish.add("id", id)
            output.append((stop, output.count, finish.json))
        }
        for event in events where event.phase == .instant {
            var instant = record(
                "i", event.hook, event.subject, event.details, at: event.timestamp, process: event.process, thread: event.thread)
            instant.add("s", .string("t"))
            instant.add("args", args(nil, event: event))
            output.append((event.timestamp, output.count, instant.json))
        }
        output.sort { $0.ts != $1.ts ? $0.ts < $1.ts : $0.order < $1.order }

        var threads: [Thread] = []
        var seen = Set<Thread>()
        for event in events
        where seen.insert(Thread(host: event.host, process: event.process, thread: event.thread)).inserted {
            threads.append(Thread(host: event.host, process: event.process, thread: event.thread))
        }
        var lines: [String] = []
        // Each process of the trace named once, in order of appearance (an empty trace still names one).
        var processes: [Thread] = []
        for key in threads where !processes.contains(where: { $0.host == key.host && $0.process == key.process }) {
            processes.append(Thread(host: key.host, process: key.process, thread: 0))
        }
        /// A metadata event (`M`) naming or ordering a process or a thread.
        func metadata(
            _ name: String, process: UInt32?, host: String?, thread: UInt32, _ key: StaticString, _ value: JSONObject.Value
        ) -> String {
            var arguments = JSONObject()
            arguments.add(key, value)
            var event = JSONObject()
            event.add("ph", .string("M"))
            event.add("name", .string(name))
            event.add("pid", .integer(pid(process, host)))
            event.add("tid", .integer(thread))
            event.add("args", .object(arguments))
            return event.json
        }
        for key in processes.isEmpty ? [Thread(thread: 0)] : processes {
            let label = hosts.processName(processName, key.process, host: key.host)
            lines.append(metadata("process_name", process: key.process, host: key.host, thread: 0, "name", .string(label)))
        }
        for (order, key) in threads.enumerated() {
            let label = order == 0 ? "thread \(key.thread) (first)" : "thread \(key.thread)"
            lines.append(
                metadata("thread_name", process: key.process, host: key.host, thread: key.thread, "name", .string(label)))
            lines.append(
                metadata(
                    "thread_sort_index", process: key.process, host: key.host, thread: key.thread, "sort_index",
                    .integer(order)))
        }
        lines += output.map(\.json)
        return "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }

    /// The event's name in the viewer: `Inbox viewDidLoad`, `step 3: push Message`, `Window layoutPass`;
    /// a span's operation name (`span GET /users`).
    private func name(_ hook: Hook, _ subject: Subject, _ details: Details) -> String {
        Self.displayName(hook, subject, details)
    }

    /// The name an event is shown under in a viewer (this export's and the Perfetto export's).
    package static func displayName(_ hook: Hook, _ subject: Subject, _ details: Details) -> String {
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
    /// `transition`, `editing`, `containment`, `lifecycle`, `scenario` or `other`; viewers filter and colour by it.
    public static func category(_ hook: Hook) -> String { hook.category }
}
