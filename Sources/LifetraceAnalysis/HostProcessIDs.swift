import Lifetrace

/// How the exports keep the processes of several hosts apart: process ids collide across hosts, so
/// each host, in order of appearance, has its own range of pids. The first host's processes (or the
/// events' without a host) keep their pids; the second host's are offset by 2^22 (Linux's largest
/// pid limit), the third's by twice that, and so on. In a trace of several hosts a process is named
/// with its host (`NAME (pid N) on HOST`).
///
/// It is built whole (``init(_:)``, for an export of the whole trace) or as the events arrive
/// (``note(_:)``, for a streamed one): the order, hence the pids, is the same.
package struct HostProcessIDs: Sendable {
    /// The offset between two hosts' pids.
    package static let hostStride = 1 << 22

    /// Each host's place in order of appearance (`nil`: the events without a host).
    private var order: [String?: Int] = [:]

    package init() {}

    /// The hosts of `events`, in order of appearance.
    package init(_ events: some Sequence<Event>) {
        for event in events { note(event.host) }
    }

    /// Notes `host`, once; the result says whether it is new.
    @discardableResult
    package mutating func note(_ host: String?) -> Bool {
        guard order[host] == nil else { return false }
        order[host] = order.count
        return true
    }

    /// Whether events of more than one host (counting those without one) were noted.
    package var severalHosts: Bool { order.count > 1 }

    /// The pid that shows `process` of `host` (`defaultID` for events without a process).
    package func pid(_ process: UInt32?, host: String?, defaultID: Int) -> Int {
        (order[host] ?? 0) * Self.hostStride + (process.map(Int.init) ?? defaultID)
    }

    /// The name of `process` of `host`: `NAME (pid N)` in a trace of several processes, and
    /// ` on HOST` after it in a trace of several hosts.
    package func processName(_ name: String, _ process: UInt32?, host: String?) -> String {
        var label = process.map { "\(name) (pid \($0))" } ?? name
        if severalHosts, let host { label += " on \(host)" }
        return label
    }
}
