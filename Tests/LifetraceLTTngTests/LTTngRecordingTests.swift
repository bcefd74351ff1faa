import Foundation
import LifetraceTestSupport
import Testing

/// `lifetrace` recorded under real LTTng sessions (`tools/lttng-record`, with the tests' own
/// `lttng-sessiond`: ``SessionDaemon``), read back with `babeltrace2` and the native reader
/// (`lifetrace convert`).
///
/// Serialized: a session enabling `lifetrace:*` records every process of this user that fires the
/// provider, so two of these recordings at once would see each other's events.
@Suite("LTTng end to end", .needs("lttng", "lttng-sessiond", "babeltrace2", "jq"), .serialized)
struct LTTngRecordingTests {
    /// `lifetrace run SCENARIO --sink lttng --sink jsonl=DIR/direct.jsonl`.
    private static func runScenario(_ name: String) -> (ScratchDirectory) throws -> [String] {
        { directory in
            [
                try LifetraceBinary.path(), "run", Repository.scenario(name), "--sink", "lttng",
                "--sink", "jsonl=\(directory.path("direct.jsonl"))",
            ]
        }
    }

    @Test("there are scenarios to record")
    func scenariosExist() {
        #expect(Repository.scenarioNames.count >= 7, "Scenarios/*.scenario: \(Repository.scenarioNames)")
    }

    @Test("LTTng events are the JSON-lines sink's events, in the same order", arguments: Repository.scenarioNames)
    func sameEventsAsJSONLines(scenario: String) throws {
        try withRecording(command: Self.runScenario(scenario)) { recording in
            try #require(recording.result.status == 0, "lifetrace run \(scenario): \(recording.result)")
            let events = try expectSameEvents(direct: recording.direct, converted: recording.converted, scenario)
            // The emitting thread: LTTng's vtid context is the JSON lines' `thread`.
            let directThreads = try JQ.lines("[.seq,.thread]", file: recording.direct)
            let convertedThreads = try JQ.lines("[.seq,.thread]", file: recording.converted)
            if let difference = firstDifference(
                directThreads, convertedThreads, expectedName: "JSON-lines threads", actualName: "LTTng vtids")
            {
                Issue.record("\(scenario): \(difference)")
            }
            // Nothing lost, and the tools say so.
            let summary = try #require(recording.conversionSummary, "no conversion summary: \(recording.result)")
            #expect(summary.written == events)
            #expect(summary.discarded == 0)
            #expect(!recording.result.stderr.contains("discarded"), "\(recording.result)")
            // babeltrace2 reads the same trace: one line per event, all of our provider.
            let names = try recording.babeltraceEventNames()
            #expect(names.count == events, "babeltrace2 printed \(names.count) events, the sink wrote \(events)")
            #expect(names.contains("lifetrace:view_will_appear_entry"))
            #expect(names.allSatisfy { $0.hasPrefix("lifetrace:") }, "\(Set(names).filter { !$0.hasPrefix("lifetrace:") })")
        }
    }

    @Test("--events 'lifetrace:view_will_*' records only those tracepoints")
    func eventPattern() throws {
        let scenario = "seed004-push-plain.scenario"
        try withRecording(["--events", "lifetrace:view_will_*"], command: Self.runScenario(scenario)) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let names = try recording.babeltraceEventNames()
            #expect(!names.isEmpty)
            #expect(names.allSatisfy { $0.hasPrefix("lifetrace:view_will_") }, "\(Set(names))")
            #expect(names.contains("lifetrace:view_will_appear_entry"))
            #expect(names.contains("lifetrace:view_will_disappear_entry"))
            // Exactly the sink's viewWill… events, in order.
            let events = try expectSameEvents(
                direct: recording.direct, converted: recording.converted, where: #".event | startswith("viewWill")"#,
                "--events 'lifetrace:view_will_*'")
            #expect(names.count == events)
        }
    }

    @Test(#"--filter 'controller == "Second"' records only Second's events"#)
    func controllerFilter() throws {
        let scenario = "seed004-push-plain.scenario"
        try withRecording(["--filter", #"controller == "Second""#], command: Self.runScenario(scenario)) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let controllers = try JQ.raw(".controller", file: recording.converted)
            #expect(!controllers.isEmpty, "the filter let nothing through")
            #expect(controllers.allSatisfy { $0 == "Second" }, "\(Set(controllers))")
            let events = try expectSameEvents(
                direct: recording.direct, converted: recording.converted, where: #".controller == "Second""#,
                "--filter 'controller == \"Second\"'")
            #expect(try recording.babeltrace().count == events)
        }
    }

    /// A navigation round trip repeated `cycles` times: 40 events per cycle, emitted in a tight loop.
    private static func manyEventsScenario(cycles: Int) -> String {
        var text = "# Generated by LTTngRecordingTests: many events, fast.\nnav Nav First\nlaunch Nav\n"
        for _ in 0..<cycles { text += "push Second animated=false\npop animated=false\n" }
        return text
    }

    @Test("tiny buffers: lifetrace run goes on, the discarded events are reported and add up")
    func tinyBuffersWithRun() throws {
        // The channel's smallest sub-buffer is a page.
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var observed: [String] = []
        // LTTng's consumer sometimes keeps up with the first size: then try a bigger run.
        for cycles in [3_000, 12_000] {
            let discarded: Bool = try withRecording(
                ["--subbuf-size", "\(pageSize)", "--num-subbuf", "2"],
                command: { directory in
                    let path = directory.path("many.scenario")
                    try Self.manyEventsScenario(cycles: cycles).write(toFile: path, atomically: true, encoding: .utf8)
                    return [
                        try LifetraceBinary.path(), "run", path, "--sink", "lttng",
                        "--sink", "jsonl=\(directory.path("direct.jsonl"))",
                    ]
                }
            ) { recording in
                try #require(recording.result.status == 0, "\(recording.result)")
                let emitted = lines(try readText(recording.direct)).count
                #expect(emitted >= cycles * 2)
                let summary = try #require(recording.conversionSummary, "no conversion summary: \(recording.result)")
                let relayed = recording.relayedDiscards
                observed.append(
                    "\(cycles) cycles: emitted \(emitted), recorded \(summary.written), convert discarded \(summary.discarded), "
                        + "lttng warned \(relayed.map(String.init) ?? "nothing")")
                guard summary.discarded > 0 || relayed != nil else { return false }
                #expect(summary.discarded > 0, "lttng warned of discards, convert reported none: \(recording.result)")
                #expect(
                    relayed == summary.discarded,
                    "lttng-record relayed \(String(describing: relayed)), convert \(summary.discarded)")
                #expect(summary.written + summary.discarded == emitted, "recorded + discarded must be every event emitted")
                #expect(lines(try readText(recording.converted)).count == summary.written)
                return true
            }
            if discarded {
                print("tiny buffers (\(pageSize)-byte sub-buffers, 2 of them): \(observed.joined(separator: "; "))")
                return
            }
        }
        Issue.record("no event was discarded even with tiny buffers: \(observed.joined(separator: "; "))")
    }

    @Test("tiny buffers: LIFETRACE_SINKS=lttng lifetrace emit goes on and the discards are reported")
    func tinyBuffersWithEmit() throws {
        let binary = try LifetraceBinary.path()
        // `emit` must know the lttng sink (Sources/lifetrace/EmitCommand.swift bootstraps from the environment).
        let probe = try runProcess(binary, ["emit", "--count", "0"], environment: ["LIFETRACE_SINKS": "lttng"])
        try #require(probe.status == 0, "LIFETRACE_SINKS=lttng lifetrace emit --count 0: \(probe)")
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var observed: [String] = []
        for count in [200_000, 800_000] {
            let discards: Int? = try withRecording(
                ["--subbuf-size", "\(pageSize)", "--num-subbuf", "2"], convert: false,
                environment: ["LIFETRACE_SINKS": "lttng"],
                command: { _ in [binary, "emit", "--count", "\(count)"] }
            ) { recording in
                try #require(recording.result.status == 0, "\(recording.result)")
                observed.append(
                    "--count \(count) (\(count * 5) events): lttng warned \(recording.relayedDiscards.map { "\($0) discarded" } ?? "nothing")"
                )
                return recording.relayedDiscards
            }
            if let discards {
                #expect(discards > 0)
                print("tiny buffers, emit: \(observed.joined(separator: "; "))")
                return
            }
        }
        Issue.record("no event was discarded even with tiny buffers: \(observed.joined(separator: "; "))")
    }

    @Test("the lttng sink alone (the direct, lock-free path): the trace holds the JSON-lines run's events")
    func lttngSinkAlone() throws {
        // The same records, seq included (one thread, so the atomic counter numbers them as the
        // lock did), but for what differs between two processes (addresses, a superview's
        // included; thread ids).
        let filter = JQ.projection + " | del(.id, .target_id, .superview, .thread)"
        try withDirectPathRuns(of: "seed004-back.scenario", filter: filter) { expected, recording in
            #expect(expected.count > 50)
            // Durations come from LTTng's timestamps: the end's minus its begin's.
            let durations = try JQ.raw(#"select(.phase == "end") | .dur_ns"#, file: recording.converted)
            #expect(!durations.isEmpty)
            #expect(durations.allSatisfy { (Int($0) ?? -1) >= 0 }, "\(durations)")
        }
    }

    @Test("--snapshot: a flight recorder; small runs are whole, big ones keep their newest events")
    func snapshotSession() throws {
        let binary = try LifetraceBinary.path()
        // Small: the buffers hold the whole run, written out at the end as the streamed trace would be.
        try withRecording(
            ["--snapshot"],
            command: { directory in
                [
                    binary, "run", Repository.scenario("seed004-back.scenario"), "--sink", "lttng", "--sink",
                    "jsonl=\(directory.path("direct.jsonl"))",
                ]
            }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let snapshots = try FileManager.default.contentsOfDirectory(atPath: recording.trace)
            #expect(snapshots.count == 1 && snapshots[0].hasPrefix("snapshot-1-"), "\(snapshots)")
            let filter = #"select(.event != "deinit") | .seq"#
            let expected = try JQ.raw(filter, file: recording.direct)
            #expect(expected.count > 50)
            #expect(try JQ.raw(filter, file: recording.converted) == expected)
        }
        // Big, in two one-page sub-buffers: older events are overwritten, never the newest, and
        // nothing is reported discarded (overwrite mode does not discard).
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        try withRecording(
            ["--snapshot", "--subbuf-size", "\(pageSize)", "--num-subbuf", "2"],
            command: { directory in
                let path = directory.path("many.scenario")
                try Self.manyEventsScenario(cycles: 3_000).write(toFile: path, atomically: true, encoding: .utf8)
                return [binary, "run", path, "--sink", "lttng", "--sink", "jsonl=\(directory.path("direct.jsonl"))"]
            }
        ) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            let emitted = try JQ.raw(#"select(.event != "deinit") | .seq"#, file: recording.direct).compactMap { Int($0) }
            let recorded = try JQ.raw(#"select(.event != "deinit") | .seq"#, file: recording.converted).compactMap { Int($0) }
            #expect(recording.relayedDiscards == nil, "\(recording.result.stderr)")
            try #require(!recorded.isEmpty, "the snapshot holds nothing: \(recording.result)")
            #expect(recorded.count < emitted.count / 2, "recorded \(recorded.count) of \(emitted.count): nothing overwritten?")
            #expect(recorded.last == emitted.last, "the snapshot must end with the run's last event")
            #expect(recorded == recorded.sorted(), "a snapshot's events are in order")
        }
    }

    @Test("a session without the vtid context: the reader says so, pairs ends by id and hook, and still times them")
    func sessionWithoutThreadContext() throws {
        let binary = try LifetraceBinary.path()
        let daemon = try SessionDaemon.started()
        try withScratchDirectory { directory in
            try withHandMadeSession(in: directory, daemon: daemon) { session in
                let run = try daemon.run(binary, ["run", Repository.scenario("seed004-back.scenario"), "--sink", "lttng"])
                try #require(run.status == 0, "\(run)")
                try #require(try daemon.lttng(["stop", session]).status == 0)
                let converted = directory.path("converted.jsonl")
                let result = try runProcess(binary, ["convert", directory.path("trace"), "-o", converted])
                try #require(result.status == 0, "\(result)")
                #expect(result.stderr.contains("no vtid context"), "\(result.stderr)")
                #expect(try JQ.raw(".thread", file: converted).allSatisfy { $0 == "0" })
                let durations = try JQ.raw(#"select(.phase == "end") | .dur_ns"#, file: converted)
                #expect(durations.count > 10)
                #expect(durations.allSatisfy { (Int($0) ?? -1) >= 0 }, "\(durations)")
            }
        }
    }

    @Test("no session: the program runs undisturbed with the lttng sink")
    func noSession() throws {
        try withScratchDirectory { directory in
            let binary = try LifetraceBinary.path()
            let scenario = Repository.scenario("seed004-back.scenario")
            let withLTTng = try runProcess(
                binary, ["run", scenario, "--sink", "lttng", "--sink", "jsonl=\(directory.path("lttng.jsonl"))"])
            #expect(withLTTng.status == 0, "\(withLTTng)")
            #expect(withLTTng.stderr == "")
            let without = try runProcess(binary, ["run", scenario, "--sink", "jsonl=\(directory.path("plain.jsonl"))"])
            #expect(without.status == 0, "\(without)")
            // The same events as without the lttng sink; only the order of the deinit events at exit
            // varies from run to run (the runner releases its controllers from a dictionary).
            let order = #"select(.event != "deinit") | [.event,.phase,.controller]"#
            let deinits = #"[.[] | select(.event == "deinit") | .controller] | sort"#
            let events = try JQ.lines(order, file: directory.path("lttng.jsonl"))
            let plainEvents = try JQ.lines(order, file: directory.path("plain.jsonl"))
            #expect(events.count > 0)
            #expect(events == plainEvents)
            let released = try JQ.lines(deinits, file: directory.path("lttng.jsonl"), slurp: true)
            let plainReleased = try JQ.lines(deinits, file: directory.path("plain.jsonl"), slurp: true)
            #expect(released == plainReleased)
        }
    }

    @Test("a session that enables nothing of ours: the program runs undisturbed, the trace holds none of its events")
    func sessionWithoutOurEvents() throws {
        let scenario = "seed004-back.scenario"
        try withRecording(["--events", "nothing_of_ours:*"], command: Self.runScenario(scenario)) { recording in
            #expect(recording.result.status == 0, "\(recording.result)")
            let direct = lines(try readText(recording.direct))
            let converted = lines(try readText(recording.converted))
            let printed = try recording.babeltrace()
            #expect(direct.count > 0, "the JSON-lines sink wrote nothing")
            #expect(recording.conversionSummary?.written == 0, "\(recording.result)")
            #expect(converted.isEmpty)
            #expect(printed.filter { $0.contains("lifetrace:") } == [])
        }
    }

    @Test("a session daemon that dies mid-run: the traced program runs on undisturbed")
    func daemonDiesMidRun() throws {
        let binary = try LifetraceBinary.path()
        // A daemon of this test's own: the one it kills.
        let daemon = try SessionDaemon(label: "dies")
        defer { daemon.end() }
        try withScratchDirectory { directory in
            try withHandMadeSession(in: directory, daemon: daemon) { _ in
                let program = try daemon.start(
                    binary, ["emit", "--count", "200000", "--rate", "100000"], name: "emit", in: directory,
                    environment: ["LIFETRACE_SINKS": "lttng", "LTTNG_UST_REGISTER_TIMEOUT": "-1"])
                defer { program.stop() }
                // Kill the daemon once the program is registered and emitting (1 000 000 events paced
                // over about ten seconds).
                #expect(daemon.waitUntilRegistered(program.pid), "the program never registered with the daemon")
                #expect(program.isRunning, "the program finished before the daemon could be killed; emit more")
                try daemon.kill()
                let status = program.waitForExit(upTo: 120)
                #expect(status != nil, "the traced program hung after its session daemon died")
                #expect(status == 0, "exit \(String(describing: status)): \(program.errors().suffix(500))")
            }
        }
    }

    @Test("another program tracing meanwhile: tracked by default, mixed in with --all-processes")
    func otherProgramsStayOut() throws {
        let binary = try LifetraceBinary.path()
        // A program firing the provider all along, registered with the tests' daemon before the recordings.
        let daemon = try SessionDaemon.started()
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let noise = try daemon.start(
            binary, ["emit", "--count", "50000000", "--name", "Noise"], name: "noise", in: directory,
            environment: ["LIFETRACE_SINKS": "lttng", "LTTNG_UST_REGISTER_TIMEOUT": "-1"])
        defer { noise.stop() }
        try #require(daemon.waitUntilRegistered(noise.pid), "the noise program never registered with the daemon")
        let scenario = "seed004-back.scenario"
        try withRecording(command: Self.runScenario(scenario)) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            try expectSameEvents(direct: recording.direct, converted: recording.converted, scenario)
            let names = try JQ.raw(".controller", file: recording.converted)
            #expect(!names.contains("Noise"))
        }
        try withRecording(["--all-processes"], command: Self.runScenario(scenario)) { recording in
            try #require(recording.result.status == 0, "\(recording.result)")
            #expect(noise.isRunning, "the other program ended too soon to show the difference")
            let names = try JQ.raw(".controller", file: recording.converted)
            #expect(names.contains("Noise"), "--all-processes recorded only the command's events")
        }
    }
}
