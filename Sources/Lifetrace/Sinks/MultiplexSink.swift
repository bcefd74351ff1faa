/// A sink that forwards each event to several sinks, in order.
public struct MultiplexSink: Sink {
    /// The sinks that receive each event.
    public let sinks: [any Sink]

    /// Creates a sink that forwards to `sinks`, in order.
    public init(_ sinks: [any Sink]) { self.sinks = sinks }

    /// Forwards the event to every sink.
    public func emit(_ event: Event) {
        for sink in sinks where sink.wants(event.hook, event.phase) { sink.emit(event) }
    }

    /// Whether any of the sinks wants the event.
    public func wants(_ hook: Hook, _ phase: Phase) -> Bool {
        sinks.contains { $0.wants(hook, phase) }
    }

    /// Flushes every sink.
    public func flush() {
        for sink in sinks { sink.flush() }
    }
}
