/// One record of a hook invocation: the unit every sink receives.
///
/// Hooks that run user code are intervals (a `begin` and an `end` record, the `end` carrying the
/// duration); others are instants. The fields mirror the JSON-lines format of `docs/json-lines.md`.
public struct Event: Sendable, Hashable {
    /// Process-wide sequence number, strictly increasing in emission order.
    public var seq: UInt64
    /// Nanoseconds on `CLOCK_MONOTONIC`, the clock LTTng uses, so traces line up.
    public var timestamp: UInt64
    /// The hook.
    public var hook: Hook
    /// Begin, end or instant.
    public var phase: Phase
    /// The object the event is about.
    public var subject: Subject
    /// Optional fields: target, animated, index, text, count.
    public var details: Details
    /// On `end` records: nanoseconds since the matching `begin`.
    public var duration: UInt64?
    /// The emitting thread's kernel thread id (LTTng's `vtid`).
    public var thread: UInt32
    /// The emitting process's id (LTTng's `vpid`), when the trace holds several processes' events;
    /// `nil` for events of the process at hand (what sinks receive).
    public var process: UInt32?

    /// Creates an event. Sinks receive events made by the system; this initializer is for tests and
    /// for tools that replay traces.
    public init(
        seq: UInt64,
        timestamp: UInt64,
        hook: Hook,
        phase: Phase,
        subject: Subject,
        details: Details = .none,
        frame: Details.Frame? = nil,
        duration: UInt64? = nil,
        thread: UInt32 = 0,
        process: UInt32? = nil,
        host: String? = nil
    ) {
        self.seq = seq
        self.timestamp = timestamp
        self.hook = hook
        self.phase = phase
        self.subject = subject
        self.details = details
        self.duration = duration
        self.thread = thread
        self.process = process
        if let frame { self.details.frame = frame }
        if let host { self.details.host = host }
    }

    /// Where the subject (a view) is on screen: on the `end` record of `layoutSubviews` and on
    /// `frameChange` instants; `nil` on other events. Kept with the details' out-of-line parts, so
    /// an event without one (nearly every event) is no larger for it.
    public var frame: Details.Frame? {
        get { details.frame }
        set { details.frame = newValue }
    }

    /// The machine that recorded the event (the `hostname` of its LTTng trace), on events read from
    /// a CTF trace; `nil` for events of the machine at hand (what sinks receive). Process and thread
    /// ids are those of that host: two hosts may have the same. Kept with the details' out-of-line
    /// parts, as ``frame`` is.
    public var host: String? {
        get { details.host }
        set { details.host = newValue }
    }

    /// The controller's name (shorthand for `subject.name`).
    public var controller: String { subject.name }
}
