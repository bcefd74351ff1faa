import Foundation
import LifetraceTestSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An LTTng session daemon of the tests' own: its run directory in a scratch LTTng home, started
/// here and ended by its process id, so the tests never touch the machine's daemon or anyone's
/// sessions.
///
/// LTTng gives root one fixed run directory (`/var/run/lttng`: `LTTNG_HOME` does not move root's
/// daemon or root's `lttng` client), so when the tests run as root, everything that talks to this
/// daemon (the `lttng` client, `tools/lttng-record`, the traced programs) runs as `nobody` through
/// `setpriv`, with `LTTNG_HOME` set: a per-user daemon, found by per-user clients and registered
/// with by per-user applications (liblttng-ust registers with `$LTTNG_HOME/.lttng` besides the
/// global daemon). Run as another user, the tests are that user's per-user daemon already.
final class SessionDaemon: Sendable {
    /// The daemon most tests share (each with sessions of its own), started on first use and ended
    /// when the test process exits.
    static let shared: Result<SessionDaemon, TestSupportError> = {
        do {
            let daemon = try SessionDaemon(label: "shared")
            endAtExit(daemon)
            return .success(daemon)
        } catch {
            return .failure(TestSupportError("the tests' session daemon: \(error)"))
        }
    }()

    /// The shared daemon, or the reason it could not start.
    static func started() throws -> SessionDaemon { try shared.get() }

    /// The LTTng home: the daemon's run directory is `home/.lttng`.
    let home: String
    /// The user the daemon and its clients run as when the tests run as root.
    private static let unprivileged = (uid: uid_t(65534), gid: gid_t(65534))
    private static let asRoot = getuid() == 0

    /// Starts a daemon in a new scratch LTTng home and waits until it answers `lttng list`.
    init(label: String) throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lifetrace-lttng-\(label)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        home = base.path
        if Self.asRoot { try Self.handOver(home) }
        // tools/lttng-daemon starts it (with the signal mask a test runner blocks cleared) and
        // returns once `lttng list` answers.
        let started = try run(Repository.path("tools/lttng-daemon"), [])
        guard started.status == 0 else { throw TestSupportError("tools/lttng-daemon: \(started)") }
    }

    /// The environment every process talking to this daemon gets.
    var environment: [String: String] { ["LTTNG_HOME": home] }

    /// `executable arguments` as this daemon's user: through `setpriv` when the tests run as root.
    func command(_ executable: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
        guard Self.asRoot else { return (executable, arguments) }
        let user = Self.unprivileged
        return (
            "/usr/bin/setpriv", ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", executable] + arguments
        )
    }

    /// Runs a program against this daemon (as its user, with its environment) to completion.
    func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
        let (path, arguments) = command(executable, arguments)
        return try runProcess(path, arguments, environment: environment.merging(self.environment) { _, own in own })
    }

    /// Starts a program against this daemon in the background.
    func start(
        _ executable: String, _ arguments: [String], name: String, in directory: ScratchDirectory,
        environment: [String: String] = [:]
    ) throws -> BackgroundProcess {
        let (path, arguments) = command(executable, arguments)
        return try BackgroundProcess(
            path, arguments, name: name, in: directory, environment: environment.merging(self.environment) { _, own in own })
    }

    /// Runs `lttng arguments` against this daemon.
    func lttng(_ arguments: [String]) throws -> ProcessResult { try run(try tool("lttng"), arguments) }

    /// Waits until the program `pid` has registered with this daemon (`lttng list -u` lists it).
    func waitUntilRegistered(_ pid: Int32, upTo timeout: TimeInterval = 60) -> Bool {
        BackgroundProcess.wait(upTo: timeout) {
            ((try? lttng(["list", "-u"]))?.stdout ?? "").contains("PID: \(pid) ")
        } != nil
    }

    /// Lets this daemon's user write into `directory` (traces, JSON lines): a scratch directory of
    /// the test's, made by root.
    func allowWriting(_ directory: ScratchDirectory) throws {
        if Self.asRoot { try Self.handOver(directory.url.path) }
    }

    /// The daemon's process id, from its PID file.
    func processID() throws -> Int32 {
        let file = home + "/.lttng/lttng-sessiond.pid"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TestSupportError("no process id in \(file): \(text)")
        }
        return pid
    }

    /// Kills (SIGKILL) the daemon and its consumer daemons (its children), by process id.
    func kill() throws {
        let daemon = try processID()
        let children = Self.children(of: daemon)
        _ = Glibc.kill(daemon, SIGKILL)
        for child in children { _ = Glibc.kill(child, SIGKILL) }
    }

    /// Ends the daemon (SIGTERM: it ends its consumers) and removes its home.
    func end() {
        if let daemon = try? processID() {
            let children = Self.children(of: daemon)
            _ = Glibc.kill(daemon, SIGTERM)
            // Reap-free wait: the daemon is not our child; poll its /proc entry.
            _ = BackgroundProcess.wait(upTo: 10) { !FileManager.default.fileExists(atPath: "/proc/\(daemon)") }
            for child in children where FileManager.default.fileExists(atPath: "/proc/\(child)") {
                _ = Glibc.kill(child, SIGKILL)
            }
        }
        try? FileManager.default.removeItem(atPath: home)
    }

    /// The processes whose parent is `pid` (/proc/PID/stat's fourth field).
    private static func children(of pid: Int32) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> Int32? in
            guard let child = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
        }
    }

    /// Gives `path` to the daemon's user.
    private static func handOver(_ path: String) throws {
        guard chown(path, unprivileged.uid, unprivileged.gid) == 0 else {
            throw TestSupportError("chown \(path) to \(unprivileged.uid): \(String(cString: strerror(errno)))")
        }
    }

    /// Ends `daemon` when the test process exits (`atexit` takes no context: a global list).
    private static func endAtExit(_ daemon: SessionDaemon) {
        SessionDaemon.atExit.withLock { $0.append(daemon) }
        atexit {
            for daemon in SessionDaemon.atExit.withLock({ $0 }) { daemon.end() }
        }
    }

    private static let atExit = Mutex<[SessionDaemon]>([])
}
