/// A sink that ignores every event: the default, and the way to switch instrumentation off.
///
/// Bootstrapping with it turns ``LifetraceSystem/isEnabled`` off, so hooks cost a single branch.
public struct NoOpSink: Sink {
    /// Creates the no-op sink.
    public init() {}

    /// Ignores the event.
    @inlinable
    public func emit(_ event: Event) {}
}
