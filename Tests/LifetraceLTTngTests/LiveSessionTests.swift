import Foundation
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A relay daemon of the test's own on loopback ports, ended by its process id.
struct Relay {
    let daemon: BackgroundProcess
    let controlPort: UInt16
    let dataPort: UInt16
    let livePort: UInt16

    /// Starts `lttng-relayd` writing into `directory/relay`, on three free ports from a random base,
    /// and waits until its live port accepts viewers. A `verbose` relay logs what its viewers ask
    /// for on its standard error (`-vv`: "Relay get data packet" when a viewer reads events).
    static func start(in directory: ScratchDirectory, verbose: Bool = false) throws -> Relay {
        let relayd = try tool("lttng-relayd")
        var lastError = ""
        for _ in 0..<5 {
            let base = UInt16.random(in: 20_000...60_000)
            let ports = (base, base + 1, base + 2)
            guard !acceptsConnections(port: ports.0), !acceptsConnections(port: ports.1), !acceptsConnections(port: ports.2)
            else { continue }
            let daemon = try BackgroundProcess(
                relayd,
                [
                    "-C", "tcp://127.0.0.1:\(ports.0)", "-D", "tcp://127.0.0.1:\(ports.1)", "-L", "tcp://127.0.0.1:\(ports.2)",
                    "-o", directory.path("relay"),
                ] + (verbose ? ["-vv"] : []),
                name: "relayd-\(base)", in: directory)
            let ready = BackgroundProcess.wait(upTo: 20) { acceptsConnections(port: ports.2) || !daemon.isRunning }
            if ready != nil, daemon.isRunning {
                return Relay(daemon: daemon, controlPort: ports.0, dataPort: ports.1, livePort: ports.2)
            }
            lastError = daemon.errors()
            daemon.stop()
        }
        throw TestSupportError("lttng-relayd did not start: \(lastError)")
    }
}

/// A live session of the tests' session daemon (``SessionDaemon``) streaming to `relay`, destroyed by ``destroy()``
/// (or at the end of the test through `defer`).
struct LiveSession {
    let name: String
    let url: String
    /// The daemon the session is on: programs traced into it run through ``SessionDaemon/start(_:_:name:in:environment:)``.
    let daemon: SessionDaemon

    init(relay: Relay, label: String) throws {
        daemon = try SessionDaemon.started()
        name = "lifetrace-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        url = "net://127.0.0.1:\(relay.livePort)/host/\(ProcessInfo.processInfo.hostName)/\(name)"
        for arguments in [
            ["create", name, "--live", "100000", "--set-url", "net://127.0.0.1:\(relay.controlPort):\(relay.dataPort)"],
            ["enable-event", "-u", "lifetrace:*", "-s", name],
            ["add-context", "-u", "-t", "vtid", "-t", "vpid", "-s", name],
            ["start", name],
        ] {
            let result = try daemon.lttng(arguments)
            guard result.status == 0 else {
                destroy()
                throw TestSupportError("lttng \(arguments.joined(separator: " ")): \(result)")
            }
        }
    }

    /// Destroys the session (a live viewer then reads what is left and ends).
    @discardableResult
    func destroy() -> Bool { (try? daemon.lttng(["destroy", name]))?.status == 0 }
}

/// Runs `body` with a relay of its own and a live session streaming to it, in a scratch directory;
/// the session is destroyed and the relay ended (by its PID) afterwards, whatever happened.
func withLiveSession<R>(_ label: String, _ body: (ScratchDirectory, LiveSession) throws -> R) throws -> R {
    try withScratchDirectory { directory in
        let relay = try Relay.start(in: directory)
        defer { relay.daemon.stop() }
        let session = try LiveSession(relay: relay, label: label)
        defer { session.destroy() }
        return try body(directory, session)
    }
}

extension LTTngRecordingTests {
    /// An emitter's environment: the LTTng sink, and LTTng-UST told to wait for its session
    /// daemon's registration however long it takes (by default it gives up after 3 s, and a
    /// loaded machine can take longer; events fired before registration are not recorded).
    static let liveEmitter = ["LIFETRACE_SINKS": "lttng", "LTTNG_UST_REGISTER_TIMEOUT": "-1"]

    @Test("live: watch shows an event while the program that emitted it still runs, and ends with the session")
    func liveWatch() throws {
        let binary = try LifetraceBinary.path()
        try withLiveSession("watch") { directory, session in
            let watch = try BackgroundProcess(binary, ["watch", session.url, "--interval", "0.1"], name: "watch", in: directory)
            defer { watch.stop() }
            // Readiness: watch draws its first table once it is attached to the session.
            try #require(
                BackgroundProcess.wait(upTo: 60) { !watch.output().isEmpty } != nil, "watch never attached: \(watch.errors())")
            // One event, then the program waits: watch must show it while the program still runs.
            let program = try session.daemon.start(
                "/bin/bash", ["-c", "\"$0\" emit --count 1 --name LiveFirst && exec sleep 120", binary],
                name: "program", in: directory, environment: Self.liveEmitter)
            defer { program.stop() }
            let latency = BackgroundProcess.wait(upTo: 60) { watch.output().contains("viewWillAppear") }
            #expect(latency != nil, "watch never showed the event: \(watch.output().suffix(500)) \(watch.errors())")
            #expect(program.isRunning, "the program ended before watch showed its event")
            print("live: watch showed the event \(String(format: "%.2f", latency ?? -1)) s after the program started")
            program.stop()
            #expect(session.destroy())
            #expect(watch.waitForExit(upTo: 60) == 0, "watch: \(watch.errors())")
            // The final table: the interval and the instant of the one iteration, five events.
            #expect(watch.output().contains(": 5 events"), "\(watch.output().suffix(400))")
        }
    }

    @Test("live: a URL naming no session is an error for convert and stats, as for watch")
    func liveMissingSession() throws {
        let binary = try LifetraceBinary.path()
        try withLiveSession("present") { directory, session in
            let missing = session.url.replacingOccurrences(of: "/\(session.name)", with: "/absent-\(session.name)")
            for arguments in [["convert", missing, "-o", directory.path("absent.jsonl")], ["stats", missing]] {
                let result = try runProcess(binary, arguments)
                #expect(result.status == 1, "\(arguments[0]): \(result)")
                #expect(!result.stderr.isEmpty, "\(arguments[0]) said nothing")
                #expect(!result.stdout.contains("0 events"), "\(arguments[0]): \(result)")
            }
        }
    }

    @Test(
        "live: export --format perfetto streams a live session into a file that decodes whole",
        .needs("protoc"))
    func livePerfettoExport() throws {
        let binary = try LifetraceBinary.path()
        try withLiveSession("perfetto") { directory, session in
            let output = directory.path("live.perfetto-trace")
            let exporter = try BackgroundProcess(
                binary, ["export", session.url, "--format", "perfetto", "-o", output], name: "export", in: directory)
            defer { exporter.stop() }
            let emitter = try session.daemon.start(
                binary, ["emit", "--count", "2000", "--rate", "20000"], name: "emit", in: directory, environment: Self.liveEmitter
            )
            #expect(emitter.waitForExit(upTo: 60) == 0, "\(emitter.errors())")
            #expect(session.destroy())
            try #require(exporter.waitForExit(upTo: 60) == 0, "export: \(exporter.errors())")
            let text = try runProcess(
                "/bin/sh",
                [
                    "-c", #""$0" --decode perfetto.protos.Trace --proto_path="$1" perfetto_trace.proto < "$2""#,
                    try tool("protoc"), Repository.path("PerfettoProtos/Sources/PerfettoProtos"), output,
                ])
            try #require(text.status == 0, "\(text)")
            let lines = LifetraceTestSupport.lines(text.stdout).map { $0.trimmingCharacters(in: .whitespaces) }
            // emit: per iteration two intervals (viewWillAppear, layoutPass) and an instant.
            #expect(lines.filter { $0 == "type: TYPE_SLICE_BEGIN" }.count == 4_000)
            #expect(lines.filter { $0 == "type: TYPE_SLICE_END" }.count == 4_000)
            #expect(lines.filter { $0 == "type: TYPE_INSTANT" }.count == 2_000)
            #expect(lines.filter { $0 == "type: TYPE_COUNTER" }.count == 2_000, "views per layout pass")
            #expect(lines.filter { $0.hasPrefix("process_name: \"lifetrace (pid \(emitter.pid))\"") }.count == 1)
        }
    }

    @Test("live: two processes into one relayd, merged, none lost at 100 k events/s")
    func liveTwoProcesses() throws {
        let binary = try LifetraceBinary.path()
        try withLiveSession("pair") { directory, session in
            // A relay serves one viewer per session.
            let converter = try BackgroundProcess(
                binary, ["convert", session.url, "-o", directory.path("live.jsonl")], name: "convert", in: directory)
            defer { converter.stop() }
            let fast = try session.daemon.start(
                binary, ["emit", "--count", "20000", "--rate", "100000", "--name", "Fast"], name: "fast", in: directory,
                environment: Self.liveEmitter)
            let slow = try session.daemon.start(
                binary, ["emit", "--count", "1000", "--rate", "5000", "--name", "Slow"], name: "slow", in: directory,
                environment: Self.liveEmitter)
            #expect(fast.waitForExit(upTo: 60) == 0, "\(fast.errors())")
            #expect(slow.waitForExit(upTo: 60) == 0, "\(slow.errors())")
            // Destroying the session ends the live trace: the reader finishes with all of it.
            #expect(session.destroy())
            try #require(converter.waitForExit(upTo: 60) == 0, "convert: \(converter.errors())")
            #expect(!converter.errors().contains("discarded"), "\(converter.errors())")
            let live = directory.path("live.jsonl")
            for (pid, iterations) in [(fast.pid, 20_000), (slow.pid, 1_000)] {
                let seqs = try JQ.raw("select(.pid == \(pid)) | .seq", file: live).compactMap { Int($0) }
                #expect(seqs.count == iterations * 5, "process \(pid): \(seqs.count) events of \(iterations * 5)")
                #expect(seqs == Array(1...(iterations * 5)), "process \(pid)'s events are not all there, in order")
            }
            let times = try JQ.raw(".ts", file: live).compactMap { UInt64($0) }
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "the merged live trace is out of time order")
        }
    }

    /// Before: a relay frozen by SIGSTOP held `watch` in its socket for good; SIGINT did nothing.
    @Test("live: watch attached to a frozen relay ends on SIGINT within a second, with its table")
    func liveWatchOfAFrozenRelay() throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let relay = try Relay.start(in: directory)
            defer {
                kill(relay.daemon.pid, SIGCONT)
                relay.daemon.stop()
            }
            let session = try LiveSession(relay: relay, label: "frozen")
            defer { session.destroy() }
            let watch = try BackgroundProcess(binary, ["watch", session.url, "--interval", "0.1"], name: "watch", in: directory)
            defer { watch.stop() }
            // Readiness: watch draws its first table once it is attached to the session.
            try #require(
                BackgroundProcess.wait(upTo: 60) { !watch.output().isEmpty } != nil, "watch never attached: \(watch.errors())")
            try #require(kill(relay.daemon.pid, SIGSTOP) == 0)
            kill(watch.pid, SIGINT)
            let status = watch.waitForExit(upTo: 2)
            // Thawed before the session is destroyed (the session daemon would wait on it).
            kill(relay.daemon.pid, SIGCONT)
            #expect(status == 0, "watch did not end on SIGINT with the relay frozen: \(watch.errors())")
            #expect(watch.output().contains("\(session.url): "), "\(watch.output().suffix(300))")
        }
    }

    /// Before: a relay lost mid-stream made `stats --live` exit with the error alone, without the
    /// statistics of what it had read.
    @Test("live: stats --live prints what it had when the relay is killed mid-stream")
    func liveStatsOfAKilledRelay() throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let relay = try Relay.start(in: directory, verbose: true)
            defer { relay.daemon.stop() }
            let session = try LiveSession(relay: relay, label: "killed")
            defer { session.destroy() }
            let stats = try BackgroundProcess(binary, ["stats", "--live", session.url], name: "stats", in: directory)
            defer { stats.stop() }
            let program = try session.daemon.start(
                binary, ["emit", "--count", "200", "--name", "Killed"], name: "program", in: directory,
                environment: Self.liveEmitter)
            #expect(program.waitForExit(upTo: 60) == 0, "\(program.errors())")
            // Readiness: stats has counted the events the relay served it. "Relay get data packet" alone
            // is logged when the request arrives, before the packet reaches stats (a kill then left
            // stats with 0 events); the viewer asks for the next index only once the packet is read,
            // and asks again and again only once babeltrace2's live source has nothing left to hand
            // over (the events are in stats' accumulator, which takes each batch before the next step).
            let reading = BackgroundProcess.wait(upTo: 60) { Self.askedAgainAfterAPacket(relay.daemon.errors()) }
            try #require(reading != nil, "stats never read a packet: \(stats.errors())")
            kill(relay.daemon.pid, SIGKILL)
            let status = stats.waitForExit(upTo: 10)
            #expect(status == 1, "stats --live: \(String(describing: status)): \(stats.errors())")
            #expect(stats.output().hasPrefix("\(session.url): "), "no statistics: \(stats.output()) \(stats.errors())")
            #expect(
                !stats.output().hasPrefix("\(session.url): 0 events"),
                "the events read before were not counted: \(stats.output())")
            #expect(
                stats.errors().contains("Remote side has closed connection"), "the lost relay was not reported: \(stats.errors())"
            )
        }
    }

    /// Whether a verbose relay's log shows a viewer that, after the last data packet it was served,
    /// asked for the next index three times (it read the packet, then found nothing new).
    static func askedAgainAfterAPacket(_ log: String) -> Bool {
        guard let packet = log.range(of: "Relay get data packet", options: .backwards) else { return false }
        return log[packet.upperBound...].components(separatedBy: "Viewer get next index").count > 3
    }
}
