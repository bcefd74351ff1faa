/// The views a list keeps for reuse, by reuse identifier (UIKit's reuse queues): a view given
/// back joins its identifier's queue, and a dequeue takes the last one given back. Each queue is
/// an object, so giving and taking allocate nothing once a queue has held its most.
@MainActor
struct ReusePool<Element: AnyObject> {
    private var queues: [String: ReuseQueue<Element>] = [:]

    /// Gives `view` back to the queue of `identifier`.
    mutating func enqueue(_ view: Element, as identifier: String) {
        if let queue = queues[identifier] {
            queue.views.append(view)
        } else {
            let queue = ReuseQueue<Element>()
            queue.views.append(view)
            queues[identifier] = queue
        }
    }

    /// The view last given back to the queue of `identifier`, if any.
    func dequeue(_ identifier: String) -> Element? { queues[identifier]?.views.popLast() }
}

/// One identifier's views waiting for reuse.
@MainActor
private final class ReuseQueue<Element: AnyObject> {
    var views: [Element] = []
}
