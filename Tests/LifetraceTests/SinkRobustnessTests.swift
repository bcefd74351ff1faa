import Foundation
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Sinks on hostile destinations, through the command line (issue 16's "Sinks" and "CLI exit
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
            let result = try runProcess(binary, ["run", Self.scenario, "--sink", "jsonl=\(fifo)", "--sink", "jsonl=\(directory.path("file.jsonl"))"])
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
}
