import Lifetrace
import Metrics
import Synchronization

/// A sink that records each interval's duration in a swift-metrics timer,
/// `lifetrace_hook_duration_ns`, with the dimension `hook` (the hook's name), through the metrics
/// backend the program bootstrapped (`MetricsSystem`) or a factory given.
///
/// ```swift
/// MetricsSystem.bootstrap(prometheusFactory)
/// LifetraceSystem.bootstrap(MetricsSink())
/// ```
///
/// Only `end` records with a duration are measured (an end whose begin the sink did not see has none).
public final class MetricsSink: Sink {
    /// The timer's label.
    public static let label = "lifetrace_hook_duration_ns"

    private let factory: (any MetricsFactory)?
    /// One timer per hook, made on its first interval.
    private let timers = Mutex<[Hook: Metrics.Timer]>([:])

    /// Creates a sink that records through the bootstrapped metrics backend.
    public init() { self.factory = nil }

    /// Creates a sink that records through `factory`.
    public init(factory: any MetricsFactory) { self.factory = factory }

    /// Wants the ends of intervals only (the system still times them from their begins).
    public func wants(_ hook: Hook, _ phase: Phase) -> Bool { phase == .end }

    /// Records the duration of an `end`.
    public func emit(_ event: Event) {
        guard event.phase == .end, let duration = event.duration else { return }
        let timer = timers.withLock { timers in
            if let timer = timers[event.hook] { return timer }
            let dimensions = [("hook", event.hook.name)]
            let timer =
                if let factory {
                    Metrics.Timer(label: Self.label, dimensions: dimensions, factory: factory)
                } else {
                    Metrics.Timer(label: Self.label, dimensions: dimensions)
                }
            timers[event.hook] = timer
            return timer
        }
        timer.recordNanoseconds(Int64(clamping: duration))
    }
}
