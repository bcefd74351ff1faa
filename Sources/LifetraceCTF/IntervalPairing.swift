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
    private struct Key: Hashable {
        var host: String?
        var process: UInt32?
        var thread: UInt32
        var id: UInt
        var hook: Hook
    }

    private struct Begin {
        var timestamp: UInt64
        var details: Details
    }

    private var open: [Key: [Begin]] = [:]

    /// Remembers a begin, or completes an end with its begin's timestamp and details.
    mutating func pair(_ event: inout Event) {
        guard event.phase != .instant else { return }
        let thread = event.hook == .span ? 0 : event.thread
        let key = Key(host: event.host, process: event.process, thread: thread, id: event.subject.id, hook: event.hook)
        if event.phase == .begin {
            open[key, default: []].append(Begin(timestamp: event.timestamp, details: event.details))
            return
        }
        guard var stack = open.removeValue(forKey: key), let begin = stack.popLast() else { return }
        if !stack.isEmpty { open[key] = stack }
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
    mutating func removeAll() { open.removeAll() }
}
