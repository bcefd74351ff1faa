import Foundation
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// An LTTng session of the test's own, tracking this process alone and writing into a scratch
/// directory, with the events that `enable` lists (each an `lttng enable-event` argument list);
/// destroyed afterwards, whatever happened. A session daemon is started first if none runs (`tools/lttng-daemon`).
struct TracedSession {
    let name: String
    let directory: ScratchDirectory
    let lttng: String

    var trace: String { directory.path("trace") }

    static func with<R>(enable: [[String]], _ body: (TracedSession) throws -> R) throws -> R {
        let daemon = try runProcess(Repository.path("tools/lttng-daemon"), [])
        try #require(daemon.status == 0, "no session daemon: \(daemon)")
        return try withScratchDirectory { directory in
            let session = TracedSession(
                name: "lifetrace-observe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))", directory: directory,
                lttng: try tool("lttng"))
            let created = try runProcess(session.lttng, ["create", session.name, "--output=\(session.trace)"])
            try #require(created.status == 0, "lttng create: \(created)")
            defer { _ = try? runProcess(session.lttng, ["destroy", session.name]) }
            // This process alone: other programs tracing meanwhile (other users' too) stay out.
            for arguments in [["untrack", "-u", "--vpid", "--all"], ["track", "-u", "--vpid=\(getpid())"]] {
                let tracked = try runProcess(session.lttng, arguments + ["-s", session.name])
                try #require(tracked.status == 0, "lttng \(arguments): \(tracked)")
            }
            for arguments in enable {
                let enabled = try runProcess(session.lttng, ["enable-event", "-u"] + arguments + ["-s", session.name])
                try #require(enabled.status == 0, "lttng enable-event \(arguments): \(enabled)")
            }
            let started = try runProcess(session.lttng, ["start", session.name])
            try #require(started.status == 0, "lttng start: \(started)")
            return try body(session)
        }
    }

    /// Stops the session, so its trace is complete on disk.
    func stop() throws {
        let stopped = try runProcess(lttng, ["stop", name])
        try #require(stopped.status == 0, "lttng stop: \(stopped)")
    }

    /// The trace as babeltrace2 prints it, one line per event.
    func babeltrace() throws -> [String] {
        let result = try runProcess(try tool("babeltrace2"), [trace])
        try #require(result.status == 0, "babeltrace2: \(result)")
        return lines(result.stdout)
    }
}

/// Waits up to `seconds` for `condition` (this process registers with the session daemon in the
/// background, so a session's enablement reaches it shortly after `lttng start`).
func waitUntil(seconds: Double = 15, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
