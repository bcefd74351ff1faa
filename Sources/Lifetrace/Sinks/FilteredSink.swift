/// A sink that forwards only the events an ``Event.Filter`` accepts.
package struct FilteredSink: Sink {
    /// The filter applied to each event.
    package let filter: Event.Filter
    /// The sink that receives the accepted events.
    package let base: any Sink

    /// Creates a sink that forwards to `base` what `filter` accepts.
    package init(filter: Event.Filter, base: any Sink) {
        self.filter = filter
        self.base = base
    }

    /// Forwards the event if the filter accepts it.
    package func emit(_ event: Event) {
        if filter.accepts(event) { base.emit(event) }
    }

    /// Whether the filter keeps the hook and the base sink wants it: through the system,
    /// filtered-out hooks cost no timestamp and no sequence number. Controller patterns are
    /// applied on emission.
    package func wants(_ hook: Hook, _ phase: Phase) -> Bool {
        filter.acceptsHook(hook) && base.wants(hook, phase)
    }

    /// Flushes the base sink.
    package func flush() { base.flush() }
}
