/// Emits events about one named subject: the interval API for code that is not a controller
/// (a cache, a network layer, a layout engine), in the spirit of Apple's `OSSignposter`.
///
/// ```swift
/// let probe = Probe(name: "ImageCache")
/// let state = probe.beginInterval("decode")
/// decode()
/// probe.endInterval(state)
/// ```
///
/// With instrumentation off, each call costs one atomic load and a branch, and the details are
/// never built.
public struct Probe: Sendable {
    /// What the events are about.
    public let subject: Subject

    /// Creates a probe for a subject.
    @inlinable
    public init(subject: Subject) { self.subject = subject }

    /// Creates a probe for a name, with an identity of your choosing (default 0).
    @inlinable
    public init(name: String, id: UInt = 0) { self.subject = Subject(name: name, id: id) }

    /// Emits the `begin` record of an interval and returns the state to end it with.
    @inlinable
    public func beginInterval(_ hook: Hook, _ details: @autoclosure () -> Details = .none) -> IntervalState {
        guard LifetraceSystem.wantsInterval(hook) else { return .inactive }
        return .begin(hook, subject, details())
    }

    /// Emits the `end` record of an interval begun with ``beginInterval(_:_:)`` on this probe, with its duration
    /// and, optionally, a count (such as the views a layout pass laid out).
    @inlinable
    public func endInterval(_ state: IntervalState, count: Int? = nil) {
        state.end(subject, count: count)
    }

    /// Emits the `end` record of an interval begun with ``beginInterval(_:_:)`` with details of its
    /// own (such as a span's status and final attributes) instead of the begin's. The state may be
    /// ended on any thread.
    @inlinable
    public func endInterval(_ state: IntervalState, details: Details) {
        state.end(subject, details: details)
    }

    /// Runs `body` as an interval: `begin` before, `end` after, even when it throws.
    @inlinable
    public func withInterval<R>(
        _ hook: Hook,
        _ details: @autoclosure () -> Details = .none,
        _ body: () throws -> R
    ) rethrows -> R {
        guard LifetraceSystem.wantsInterval(hook) else { return try body() }
        return try Dispatch.withInterval(hook, subject, details(), body)
    }

    /// Emits an instant event.
    @inlinable
    public func emitEvent(_ hook: Hook, _ details: @autoclosure () -> Details = .none) {
        guard LifetraceSystem.wantsInstant(hook) else { return }
        Dispatch.instant(hook, subject, details())
    }
}
