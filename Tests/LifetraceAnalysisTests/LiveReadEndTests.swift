import Foundation
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A relay of the test's own that accepts viewers and never answers them: what a relay frozen by
/// SIGSTOP, or a slow or hung one, looks like to a viewer. A Python listener on 127.0.0.1, started
/// by the test and ended by its process id; it prints its port, then a line per connection it accepts.
struct SilentRelay {
    let process: BackgroundProcess
    let port: Int

    static let script = """
        import socket, sys
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        print(listener.getsockname()[1], flush=True)
        held = []
        while True:
            connection, _ = listener.accept()
            held.append(connection)
            print("accepted", flush=True)
        """

    static func start(in directory: ScratchDirectory) throws -> SilentRelay {
        let process = try BackgroundProcess(try tool("python3"), ["-c", script], name: "silent-relay", in: directory)
        let listening = BackgroundProcess.wait(upTo: 30) { process.output().hasSuffix("\n") || !process.isRunning }
        guard listening != nil, let port = Int(process.output().split(separator: "\n").first ?? "") else {
            process.stop()
            throw TestSupportError("the silent relay did not start: \(process.errors())")
        }
        return SilentRelay(process: process, port: port)
    }

    /// Waits until a viewer has connected (the viewer is then blocked on the relay's answer).
    func waitForViewer() throws {
        let connected = BackgroundProcess.wait(upTo: 30) { process.output().contains("accepted") }
        try #require(connected != nil, "no viewer connected to the silent relay")
    }

    var url: String { "net://127.0.0.1:\(port)/host/nowhere/silent" }
}

/// `watch` and `stats --live` end on request whatever the relay does: before, a relay that accepted
/// and stayed silent held them for good, and `--duration`, SIGINT and SIGTERM were ignored (the
/// reading thread was the command's own, blocked in the relay's socket).
@Suite struct LiveReadEndTests {
    /// How long a command may take to end after it is asked to: a second, and as much again for a
    /// loaded machine.
    static let endBudget: TimeInterval = 2

    @Test("watch ends on a signal against a silent relay, printing its table", arguments: [SIGINT, SIGTERM])
    func watchEndsOnSignal(signalNumber: Int32) throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let relay = try SilentRelay.start(in: directory)
            defer { relay.process.stop() }
            let watch = try BackgroundProcess(binary, ["watch", relay.url, "--interval", "0.2"], name: "watch", in: directory)
            defer { watch.stop() }
            try relay.waitForViewer()
            kill(watch.pid, signalNumber)
            let status = watch.waitForExit(upTo: Self.endBudget)
            #expect(status != nil, "watch still runs \(Self.endBudget) s after signal \(signalNumber)")
            #expect(status == 1, "the relay never answered: \(watch.errors())")
            #expect(watch.output().contains("\(relay.url): 0 events"), "\(watch.output())")
            #expect(watch.errors().contains("the relay has not answered"), "\(watch.errors())")
        }
    }

    @Test("watch --duration ends against a silent relay")
    func watchEndsAfterItsDuration() throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let relay = try SilentRelay.start(in: directory)
            defer { relay.process.stop() }
            let watch = try BackgroundProcess(binary, ["watch", relay.url, "--duration", "1"], name: "watch", in: directory)
            defer { watch.stop() }
            try relay.waitForViewer()
            let status = watch.waitForExit(upTo: 1 + Self.endBudget)
            #expect(status != nil, "watch --duration 1 still runs after \(1 + Self.endBudget) s")
            #expect(watch.output().contains("\(relay.url): 0 events"), "\(watch.output())")
        }
    }

    @Test("stats --live ends on a signal against a silent relay, printing its statistics", arguments: [SIGINT, SIGTERM])
    func statsEndsOnSignal(signalNumber: Int32) throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let relay = try SilentRelay.start(in: directory)
            defer { relay.process.stop() }
            let stats = try BackgroundProcess(binary, ["stats", "--live", relay.url], name: "stats", in: directory)
            defer { stats.stop() }
            try relay.waitForViewer()
            kill(stats.pid, signalNumber)
            let status = stats.waitForExit(upTo: Self.endBudget)
            #expect(status != nil, "stats --live still runs \(Self.endBudget) s after signal \(signalNumber)")
            #expect(stats.output().hasPrefix("\(relay.url): 0 events"), "\(stats.output())")
            #expect(stats.errors().contains("the relay has not answered"), "\(stats.errors())")
        }
    }
}
