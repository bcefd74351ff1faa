import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program a test starts, lets run beside it, and ends by its process id: a daemon
/// (`lttng-relayd`), a live viewer (`lifetrace watch`).
///
/// Its standard output and error go to files in `directory` (`NAME.stdout`, `NAME.stderr`), which
/// the test reads while it runs. It is never looked up by name: ``stop()`` signals exactly the
/// process this object started, and `deinit` stops it if the test did not.
public final class BackgroundProcess {
    private let process = Process()
    /// The program's standard output file.
    public let stdoutPath: String
    /// The program's standard error file.
    public let stderrPath: String
    /// The command line, for messages.
    public let commandLine: String

    /// Starts `executable` with `arguments`; its outputs go to `directory`/`name`.stdout and .stderr.
    public init(
        _ executable: String, _ arguments: [String], name: String, in directory: ScratchDirectory,
        environment: [String: String] = [:]
    ) throws {
        stdoutPath = directory.path("\(name).stdout")
        stderrPath = directory.path("\(name).stderr")
        commandLine = ([executable] + arguments).joined(separator: " ")
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LIFETRACE_") }
        merged.merge(environment) { _, new in new }
        process.environment = merged
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit { stop() }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }

    /// Whether the program still runs.
    public var isRunning: Bool { process.isRunning }

    /// What the program wrote so far.
    public func output() -> String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }

    /// What the program wrote on standard error so far.
    public func errors() -> String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Waits until `condition` holds, polling every 20 ms, for at most `timeout` seconds; returns
    /// the seconds waited, or `nil` if it never held.
    public static func wait(upTo timeout: TimeInterval, until condition: () throws -> Bool) rethrows -> TimeInterval? {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if try condition() { return Date().timeIntervalSince(start) }
            usleep(20_000)
        }
        return try condition() ? Date().timeIntervalSince(start) : nil
    }

    /// Waits for the program to exit on its own, for at most `timeout` seconds; returns its status,
    /// or `nil` (and leaves it running) when it did not exit.
    public func waitForExit(upTo timeout: TimeInterval) -> Int32? {
        guard Self.wait(upTo: timeout, until: { !process.isRunning }) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends the program: SIGTERM to its process id, then SIGKILL after 5 s if it is still running.
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        if waitForExit(upTo: 5) == nil {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
public func acceptsConnections(port: UInt16) -> Bool {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}
