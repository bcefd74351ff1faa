import Foundation
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Sinks on hostile destinations, through the command line (the "Sinks" and "CLI exit
/// codes"): never a hang, never silent overwriting or loss.
@Suite struct SinkRobustnessTests {
    private static let scenario = Repository.path("Scenarios/seed004-back.scenario")

    @Test("a FIFO nobody reads: a configuration error after the write budget, not a hang")
    func fifoWithoutReader() throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let fifo = directory.path("events.fifo")
            try #require(mkfifo(fifo, 0o600) == 0)
            let result = try runProcess(binary, ["run", Self.scenario, "--sink", "jsonl=\(fifo)"], timeout: 30)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("nobody reads the FIFO"), "\(result.stderr)")
        }
    }

    @Test("a FIFO with a reader gets every event")
    func fifoWithReader() throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let fifo = directory.path("events.fifo")
            try #require(mkfifo(fifo, 0o600) == 0)
            let reader = try BackgroundProcess("/bin/cat", [fifo], name: "cat", in: directory)
            defer { reader.stop() }
            let result = try runProcess(
                binary, ["run", Self.scenario, "--sink", "jsonl=\(fifo)", "--sink", "jsonl=\(directory.path("file.jsonl"))"])
            #expect(result.status == 0, "\(result)")
            #expect(reader.waitForExit(upTo: 30) == 0)
            let direct = try String(contentsOfFile: directory.path("file.jsonl"), encoding: .utf8)
            #expect(!direct.isEmpty && reader.output() == direct)
        }
    }

    @Test("two sinks on one file: a configuration error naming both")
    func twoSinksOneFile() throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let file = directory.path("out.txt")
            let alias = directory.url.path + "/./out.txt"
            let result = try runProcess(binary, ["run", Self.scenario, "--sink", "jsonl=\(file)", "--sink", "text=\(alias)"])
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("two sinks on one file"), "\(result.stderr)")
            // Devices may be shared.
            let shared = try runProcess(binary, ["run", Self.scenario, "--sink", "jsonl=/dev/null", "--sink", "text=/dev/null"])
            #expect(shared.status == 0, "\(shared)")
        }
    }

    @Test("a hook pattern that matches no known hook is a warning naming it")
    func unknownHookPattern() throws {
        let result = try runProcess(
            try LifetraceBinary.path(), ["run", Self.scenario, "--sink", "jsonl=/dev/null", "--hooks", "viewDidLaod,viewWill*"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains(#"pattern "viewDidLaod" matches no known hook"#), "\(result.stderr)")
        #expect(!result.stderr.contains("viewWill*"), "\(result.stderr)")
    }

    @Test("run, demo and emit exit 1 when a sink lost events", arguments: ["run", "demo", "emit"])
    func lostEventsFail(command: String) throws {
        let binary = try LifetraceBinary.path()
        let result: ProcessResult =
            switch command {
            case "run": try runProcess(binary, ["run", Self.scenario, "--sink", "jsonl=/dev/full"])
            case "demo": try runProcess(binary, ["demo", "--sink", "jsonl=/dev/full"])
            default: try runProcess(binary, ["emit", "--count", "10"], environment: ["LIFETRACE_SINKS": "jsonl=/dev/full"])
            }
        #expect(result.status == 1, "\(command): \(result)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    }

    /// Starts `lifetrace emit` of `count` events through the JSON-lines sink to the open descriptor
    /// `fd` (standard output), its standard error in the file `stderr`; the caller ends it.
    static func emitJSONLines(_ binary: String, count: Int, to fd: Int32, stderr: String) throws -> Process {
        _ = FileManager.default.createFile(atPath: stderr, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["emit", "--count", "\(count)"]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("LIFETRACE_") }
            .merging(["LIFETRACE_SINKS": "jsonl"]) { _, new in new }
        process.standardOutput = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderr))
        try process.run()
        return process
    }

    /// Before: only FIFOs had the write budget; a socket nobody reads blocked `write` for good,
    /// holding the lock the signal flusher waits on, so SIGTERM did nothing.
    @Test("a socket nobody reads: the sink gives up after its budget, and the process ends")
    func socketWithoutReader() throws {
        let binary = try LifetraceBinary.path()
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        try withScratchDirectory { directory in
            let stderrPath = directory.path("emit.stderr")
            let process = try Self.emitJSONLines(binary, count: 100_000, to: ends[1], stderr: stderrPath)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            // Ready when the process ends (the sink gave up, the rest was dropped): with the write
            // budget of 2 s that is seconds; a blocked write never gets there.
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning, Date() < deadline { usleep(20_000) }
            let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            #expect(!process.isRunning, "still blocked after 30 s: \(stderr)")
            if process.isRunning {
                kill(process.processIdentifier, SIGTERM)
                usleep(2_000_000)
                #expect(!process.isRunning, "SIGTERM did not end it")
                return
            }
            #expect(process.terminationStatus == 1, "\(stderr)")
            #expect(stderr.contains("the reader has not read for 2000 ms; dropping further events"), "\(stderr)")
        }
    }

    /// Before: a full disk left a partial last line (`{"seq":6485`), on which `stats` failed.
    /// A file size limit (SIGXFSZ ignored) fails writes as a full disk does, part way through.
    @Test("a file that fills up ends at a line's end; every line is whole")
    func fullFileEndsAtALine() throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let path = directory.path("full.jsonl")
            let result = try runProcess(
                "/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 64; exec \"$0\" emit --count 10000", binary],
                environment: ["LIFETRACE_SINKS": "jsonl=\(path)"])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("File too large"), "\(result.stderr)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(!text.isEmpty && text.hasSuffix("\n"))
            for line in text.split(separator: "\n") {
                #expect(line.hasPrefix("{") && line.hasSuffix("}"), "a torn line: \(line)")
            }
        }
    }

    /// Before: a terminal's writes were cut to small chunks after a poll, but a blocking write of a
    /// chunk to a terminal with less room than that waits for the reader for good (the pty's other
    /// end here, never read), holding the lock the signal flusher waits on: SIGTERM did nothing.
    @Test("a terminal nobody reads: SIGTERM ends the process, and the sink gives up after its budget", .timeLimit(.minutes(2)))
    func terminalWithoutReader() throws {
        let binary = try LifetraceBinary.path()
        let (master, slavePath) = try openPseudoTerminal()
        defer { close(master) }
        try withScratchDirectory { directory in
            for ending in ["signal", "budget"] {
                let slave = open(slavePath, O_RDWR | O_NOCTTY)
                try #require(slave >= 0)
                defer { close(slave) }
                let stderrPath = directory.path("emit-\(ending).stderr")
                let process = try Self.emitJSONLines(binary, count: 1_000_000, to: slave, stderr: stderrPath)
                defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
                // Readiness: the terminal holds output nobody reads (the master end is never read).
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                try #require(poll(&ready, 1, 30_000) == 1, "nothing reached the terminal")
                if ending == "signal" {
                    kill(process.processIdentifier, SIGTERM)
                    let deadline = Date().addingTimeInterval(5)
                    while process.isRunning, Date() < deadline { usleep(20_000) }
                    #expect(!process.isRunning, "still running 5 s after SIGTERM")
                    guard !process.isRunning else { continue }
                    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
                } else {
                    // The sink gives up within its budget of 2 s and the rest is dropped.
                    let deadline = Date().addingTimeInterval(30)
                    while process.isRunning, Date() < deadline { usleep(20_000) }
                    let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
                    #expect(!process.isRunning, "still blocked after 30 s: \(stderr)")
                    guard !process.isRunning else { continue }
                    #expect(process.terminationStatus == 1, "\(stderr)")
                    #expect(stderr.contains("the reader has not read for 2000 ms; dropping further events"), "\(stderr)")
                }
                // Empty the terminal for the next run.
                _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
                var chunk = [UInt8](repeating: 0, count: 65_536)
                while read(master, &chunk, chunk.count) > 0 {}
                _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) & ~O_NONBLOCK)
            }
        }
    }

    /// Before: ArgumentParser merged each repeated option's origins into one set per occurrence,
    /// so 10 000 `--sink` flags took 23 s; the flags are now taken out before it parses.
    @Test("10 000 --sink flags: parsed in linear time, each one honoured, in order")
    func manySinkFlags() throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let first = directory.path("first.jsonl")
            let last = directory.path("last.txt")
            let flags =
                ["--sink=jsonl=\(first)"] + Array(repeating: ["--sink", "none"], count: 9_998).flatMap { $0 } + [
                    "--sink", "text=\(last)",
                ]
            let started = Date()
            let result = try runProcess(binary, ["run", Self.scenario] + flags, timeout: 60)
            let elapsed = Date().timeIntervalSince(started)
            #expect(result.status == 0, "\(result.stderr.prefix(500))")
            #expect(elapsed < 10, "10 000 --sink flags took \(elapsed) s")
            let events = try JQ.raw(".seq", file: first)
            #expect(!events.isEmpty)
            #expect(lines(try readText(last)).count > 0)
            // A malformed flag is still an error naming it.
            let bad = try runProcess(binary, ["run", Self.scenario, "--sink", "none", "--sink", "bogus"])
            #expect(bad.status == 2, "\(bad)")
            #expect(bad.stderr.contains(#"--sink "bogus""#), "\(bad.stderr)")
        }
    }

    /// Before: at `ulimit -n 6` the concurrency runtime's set-up trapped (SIGILL); at 7 reading the
    /// scenario failed as "permission denied?". Running out of descriptors is now said as such.
    @Test("too few file descriptors: an error naming EMFILE, never a trap", arguments: 4...10)
    func fewDescriptors(limit: Int) throws {
        let binary = try LifetraceBinary.path()
        try withScratchDirectory { directory in
            let trace = directory.path("run.jsonl")
            let result = try runProcess(
                "/bin/sh",
                ["-c", "ulimit -n \(limit) && exec \"$0\" run \"$1\" --sink \"jsonl=$2\"", binary, Self.scenario, trace])
            // A shell reports a child killed by a signal as 128 + its number.
            #expect(result.status <= 2, "ulimit -n \(limit): status \(result.status): \(result.stderr)")
            if result.status != 0 {
                #expect(result.stderr.contains("EMFILE"), "ulimit -n \(limit): \(result.stderr)")
                #expect(!result.stderr.contains("permission denied"), "\(result.stderr)")
            }
        }
    }
}

/// A new pseudo-terminal: its master side, open, and its terminal's path. (glibc's `unlockpt` and
/// `ptsname_r` are looked up at run time: Swift's Glibc module leaves them out.)
func openPseudoTerminal() throws -> (master: Int32, terminal: String) {
    typealias Unlock = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
    let program = dlopen(nil, RTLD_NOW)
    guard let unlockSymbol = dlsym(program, "unlockpt"), let nameSymbol = dlsym(program, "ptsname_r") else {
        throw TestSupportError("unlockpt or ptsname_r not found")
    }
    let unlock = unsafeBitCast(unlockSymbol, to: Unlock.self)
    let name = unsafeBitCast(nameSymbol, to: Name.self)
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw TestSupportError("cannot open /dev/ptmx: errno \(errno)") }
    var path = [CChar](repeating: 0, count: 256)
    guard unlock(master) == 0, name(master, &path, path.count) == 0 else {
        close(master)
        throw TestSupportError("cannot set up a pseudo-terminal: errno \(errno)")
    }
    return (master, String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
}
