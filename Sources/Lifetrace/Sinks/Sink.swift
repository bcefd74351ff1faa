/// Where events go: the plugin protocol of Lifetrace.
///
/// A sink receives every event in `seq` order, one call at a time (the system serialises emission),
/// on the emitting thread, so `emit` must be quick and must never block for long, throw, or trap:
/// a sink that cannot write degrades (drops, counts, reports once) instead.
/// A sink must not emit events itself: emission holds the system's lock while the sink runs, so an
/// event emitted from `emit` is dropped (and said once on standard error).
public protocol Sink: Sendable {
    /// Receives one event.
    func emit(_ event: Event)

    /// Writes out anything buffered. Called at exit and by ``LifetraceSystem/flush()``.
    func flush()

    /// Whether the sink wants events of `hook` in `phase` now. The system asks before it takes a
    /// timestamp or a lock, so a sink that is mostly off (an LTTng sink with no session) costs a
    /// check per hook. Default: `true`.
    func wants(_ hook: Hook, _ phase: Phase) -> Bool
}

extension Sink {
    /// Nothing to flush.
    public func flush() {}

    /// Wants every event.
    public func wants(_ hook: Hook, _ phase: Phase) -> Bool { true }

    /// This sink, receiving only the events that `filter` accepts. Through the system, a hook the
    /// filter leaves out costs no timestamp and no sequence number; controller patterns are applied
    /// on emission.
    public func filtered(by filter: Event.Filter) -> some Sink {
        FilteredSink(filter: filter, base: self)
    }
}
