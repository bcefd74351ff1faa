import Lifetrace

/// A first-in first-out queue of events that reuses its storage: the batch the decoder delivered
/// and ``CTFTraceReader/next()`` has not returned yet.
struct EventQueue {
    /// The events; those taken are `nil`.
    private var events: [Event?] = []
    private var head = 0
    /// How many events were taken so far (``CTFTraceReader/position``).
    private(set) var taken = 0

    var isEmpty: Bool { head == events.count }

    mutating func append(_ event: consuming Event) { events.append(event) }

    /// The oldest event, or `nil`; the storage is emptied (keeping its capacity) once all are taken.
    /// The event is moved out, not copied: no reference is retained for the copy and released again
    /// when the storage is emptied.
    mutating func popFirst() -> Event? {
        guard head < events.count else { return nil }
        let event = events[head].take()
        head += 1
        taken += 1
        if head == events.count {
            events.removeAll(keepingCapacity: true)
            head = 0
        }
        return event
    }
}
