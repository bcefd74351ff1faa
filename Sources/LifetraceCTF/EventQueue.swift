import Lifetrace

/// A first-in first-out queue of events that reuses its storage: the batch babeltrace2 delivered
/// and ``CTFTraceReader/next()`` has not returned yet.
struct EventQueue {
    private var events: [Event] = []
    private var head = 0

    var isEmpty: Bool { head == events.count }

    mutating func append(_ event: Event) { events.append(event) }

    /// An event that holds no reference, left in a taken event's place.
    private static let taken = Event(seq: 0, timestamp: 0, hook: .loadView, phase: .instant, subject: Subject(name: "", id: 0))

    /// The oldest event, or `nil`; the storage is emptied (keeping its capacity) once all are taken.
    /// The event is moved out (swapped with ``taken``), not copied: no reference is retained for the
    /// copy and released again when the storage is emptied.
    mutating func popFirst() -> Event? {
        guard head < events.count else { return nil }
        var event = Self.taken
        swap(&event, &events[head])
        head += 1
        if head == events.count {
            events.removeAll(keepingCapacity: true)
            head = 0
        }
        return event
    }
}
