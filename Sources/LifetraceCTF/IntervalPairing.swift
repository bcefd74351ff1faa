import Lifetrace

/// Pairs a CTF trace's end records with their begins, as the JSON-lines sink's end records are:
/// the end gets its duration and repeats the begin's details (a span's end keeps its own fields).
///
/// A begin waits, innermost last, under its host, process, thread, identity and hook; an end takes
/// the innermost. Hosts are kept apart: several machines' traces (a fleet's, from one relay) have
/// process and thread ids of their own, which may be the same. A span's begin waits under its host,
/// process and span id alone: a span may end on another
/// thread than the one it began on (after an `await`, or in a server's write completion), and its
/// id is unique. Memory holds the open intervals only: a key leaves when its last begin is ended.
struct IntervalPairing {
    private struct Begin {
        var timestamp: UInt64
        var details: Details
        /// The begin it nests in under the same key (its index in ``begins``), or -1.
        var outer: Int
    }

    /// The innermost open begin of each key, as its index in ``begins``.
    private var open = OpenIntervalTable()
    /// The open begins, each linked to the one it nests in; freed slots are reused (``free``), so
    /// a begin costs no allocation once the trace's deepest nesting was met.
    private var begins: [Begin] = []
    private var free: [Int] = []
    /// The hosts met, numbered from 1; the last one is remembered, so a run of one host's events
    /// (each sharing its name's storage) hashes no string.
    private var hosts: [String: UInt32] = [:]
    private var lastHost: (name: String, number: UInt32)?

    private mutating func number(of host: String?) -> UInt32 {
        guard let host else { return 0 }
        if let lastHost, lastHost.name == host { return lastHost.number }
        let number: UInt32
        if let known = hosts[host] {
            number = known
        } else {
            number = UInt32(truncatingIfNeeded: hosts.count + 1)
            hosts[host] = number
        }
        lastHost = (host, number)
        return number
    }

    /// Remembers a begin, or completes an end with its begin's timestamp and details.
    mutating func pair(_ event: inout Event) {
        guard event.phase != .instant else { return }
        let thread = event.hook == .span ? 0 : event.thread
        let key = IntervalKey(
            host: number(of: event.host), process: event.process, thread: thread, id: event.subject.id, hook: event.hook)
        if event.phase == .begin {
            // The begin is made in each branch, in its place: one made before them is a local the
            // details are copied out of once more (a retain and a release per begin).
            let slot: Int
            if let reused = free.popLast() {
                slot = reused
                begins[slot] = Begin(timestamp: event.timestamp, details: event.details, outer: -1)
            } else {
                slot = begins.count
                begins.append(Begin(timestamp: event.timestamp, details: event.details, outer: -1))
            }
            // One lookup: the key's innermost begin becomes this one, which nests in it.
            begins[slot].outer = open.updateValue(slot, forKey: key) ?? -1
            return
        }
        guard let place = open.place(of: key) else { return }
        let slot = open.number(at: place)
        let begin = begins[slot]
        begins[slot].details = .none  // the slot holds no reference while free
        free.append(slot)
        if begin.outer >= 0 {
            open.setNumber(begin.outer, at: place)
        } else {
            open.remove(at: place)
        }
        event.duration = event.timestamp >= begin.timestamp ? event.timestamp - begin.timestamp : 0
        // A span's end carries its own fields (the final attributes, the status, …), as in JSON lines.
        guard event.hook != .span else { return }
        let count = event.details.count
        let frame = event.frame
        event.details = begin.details
        if let count { event.details.count = count }
        if let frame { event.frame = frame }
    }

    /// Forgets every open interval (after a gap in the trace).
    mutating func removeAll() {
        open.removeAll()
        begins.removeAll()
        free.removeAll()
    }
}
