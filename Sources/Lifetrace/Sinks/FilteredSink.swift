/// A sink that forwards only the events an ``EventFilter`` accepts.
public struct FilteredSink: Sink {
    /// The filter applied to each event.
    public let filter: EventFilter
    /// The sink that receives the accepted events.
    public let base: any Sink

    /// Creates a sink that forwards to `base` what `filter` accepts.
    public init(filter: EventFilter, base: any Sink) {
        self.filter = filter
        self.base = base
    }

    /// Forwards the event if the filter accepts it.
    public func emit(_ event: Event) {
        if filter.accepts(event) { base.emit(event) }
    }

    /// Whether the filter keeps the hook and the base sink wants it: through the system,
    /// filtered-out hooks cost no timestamp and no sequence number. Controller patterns are
    /// applied on emission.
    public func wants(_ hook: Hook, _ phase: Phase) -> Bool {
        filter.acceptsHook(hook) && base.wants(hook, phase)
    }

    /// Flushes the base sink.
    public func flush() { base.flush() }
}
