import Synchronization

/// A sink that keeps every event in memory: for tests, and for programs that check their own traces.
public final class RecordingSink: Sink {
    private let storage = Mutex<[Event]>([])

    /// Creates an empty recording.
    public init() {}

    /// Keeps the event.
    public func emit(_ event: Event) {
        storage.withLock { $0.append(event) }
    }

    /// Every event received so far, in order.
    public var events: [Event] {
        storage.withLock { $0 }
    }

    /// Forgets every event received so far.
    public func removeAll() {
        storage.withLock { $0.removeAll() }
    }
}
