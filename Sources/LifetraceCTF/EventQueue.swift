import Lifetrace

/// A first-in first-out queue of events that reuses its storage: the batch babeltrace2 delivered
/// and ``CTFTraceReader/next()`` has not returned yet.
struct EventQueue {
    private var events: [Event] = []
    private var head = 0

    var isEmpty: Bool { head == events.count }

    mutating func append(_ event: Event) { events.append(event) }

    /// The oldest event, or `nil`; the storage is emptied (keeping its capacity) once all are taken.
    mutating func popFirst() -> Event? {
        guard head < events.count else { return nil }
        let event = events[head]
        head += 1
        if head == events.count {
            events.removeAll(keepingCapacity: true)
            head = 0
        }
        return event
    }
}
