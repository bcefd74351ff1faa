import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal for tests of what a command shows only on a terminal (progress lines).
public enum PseudoTerminal {
    /// A pseudo-terminal: the controlling side (read by the test, non-blocking) and the terminal's
    /// path. Through /dev/ptmx and its two ioctls (unlock, number): Swift's Glibc has no `posix_openpt`.
    public static func open() throws -> (controller: Int32, path: String) {
        let controller = Glibc.open("/dev/ptmx", O_RDWR | O_NOCTTY | O_NONBLOCK)
        guard controller >= 0 else { throw TestSupportError("no pseudo-terminal: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let setLock: UInt = 0x4004_5431  // TIOCSPTLCK, _IOW('T', 0x31, int)
        let getNumber: UInt = 0x8004_5430  // TIOCGPTN, _IOR('T', 0x30, unsigned int)
        guard ioctl(controller, setLock, &unlock) == 0, ioctl(controller, getNumber, &number) == 0 else {
            close(controller)
            throw TestSupportError("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        return (controller, "/dev/pts/\(number)")
    }

    /// What the controlling side has to read now.
    public static func drain(_ controller: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(controller, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs `executable` with `arguments`, its standard error a new pseudo-terminal and its standard
    /// output discarded, until it exits; returns its status and everything it showed on the terminal.
    public static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, shown: String) {
        let (controller, path) = try open()
        defer { close(controller) }
        guard let terminal = FileHandle(forWritingAtPath: path) else { throw TestSupportError("cannot open \(path)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = terminal
        try process.run()
        try? terminal.close()
        var shown = ""
        while process.isRunning {
            shown += drain(controller)
            usleep(20_000)
        }
        process.waitUntilExit()
        shown += drain(controller)
        return (process.terminationStatus, shown)
    }
}
