import Foundation
import LifetraceTestSupport
import Testing

/// The readers on hostile input and hostile outputs (the "Trace readers" findings of a hostile probe): never a
/// trap, always a located error or a reported write failure with a non-zero exit.
@Suite struct ReaderRobustnessTests {
    private static func shell(_ script: String, _ trace: String) throws -> ProcessResult {
        try runProcess("/bin/bash", ["-c", script, try LifetraceBinary.path(), trace])
    }

    @Test("timestamps and sequence numbers past 2^63 are read and reported on, not trapped on")
    func hugeTimestamps() throws {
        try withScratchDirectory { directory in
            let path = directory.path("huge.jsonl")
            try """
            {"seq":9223372036854775808,"ts":18446744073709551000,"event":"viewDidLoad","phase":"begin","controller":"A","id":"0x1","thread":1}
            {"seq":9223372036854775809,"ts":18446744073709551615,"event":"viewDidLoad","phase":"end","controller":"A","id":"0x1","dur_ns":615,"thread":1}
            {"seq":1,"ts":5,"event":"layoutPass","phase":"end","controller":"W","id":"0x2","count":9223372036854775807,"dur_ns":1,"thread":1}
            {"seq":2,"ts":6,"event":"layoutPass","phase":"end","controller":"W","id":"0x2","count":9223372036854775807,"dur_ns":1,"thread":1}

            """.write(toFile: path, atomically: true, encoding: .utf8)
            let binary = try LifetraceBinary.path()
            for arguments in [
                ["stats", path], ["report", path, "-o", directory.path("r.html")],
                ["export", path, "-o", directory.path("c.json")],
            ] {
                let result = try runProcess(binary, arguments)
                #expect(result.status == 0, "\(arguments): \(result)")
            }
            let beyond = directory.path("beyond.jsonl")
            try
                #"{"seq":1,"ts":18446744073709551616,"event":"viewDidLoad","phase":"begin","controller":"A","id":"0x1","thread":1}"#
                .write(toFile: beyond, atomically: true, encoding: .utf8)
            let result = try runProcess(binary, ["stats", beyond])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(beyond):1:"), "\(result.stderr)")
        }
    }

    @Test("standard input that is a directory or closed, process substitutions and /dev/null read as files do")
    func unusualInputs() throws {
        try CommandLineTests.withExample { _, trace in
            let directory = try Self.shell(#""$0" stats - < /tmp"#, trace)
            #expect(directory.status == 1 && directory.stderr.contains("<stdin>"), "\(directory)")
            let closed = try Self.shell(#""$0" stats - <&-"#, trace)
            #expect(closed.status == 1 && closed.stderr.contains("<stdin>"), "\(closed)")
            let substituted = try Self.shell(#""$0" stats <(cat "$1")"#, trace)
            #expect(substituted.status == 0 && substituted.stdout.contains("viewDidLoad"), "\(substituted)")
            let empty = try runProcess(try LifetraceBinary.path(), ["stats", "/dev/null"])
            #expect(empty.status == 0, "\(empty)")
            #expect(empty.stdout.contains("0 events"), "\(empty)")
        }
    }

    /// Before: a 2 GB file without a newline (or `/dev/zero`) grew the window without bound
    /// (`failed to allocate 1073741824 bytes`, exit 134).
    @Test("a line past 16 MiB stops reading with a located issue; what came before counts; /dev/zero ends")
    func overlongLine() throws {
        try CommandLineTests.withExample { _, trace in
            let result = try Self.shell(
                #"long="$1.long"; { cat "$1"; head -c 20000000 /dev/zero | tr '\0' x; } > "$long" && "$0" stats "$long""#, trace)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains(":16777217: error: a line longer than 16 MiB"), "\(result.stderr)")
            #expect(result.stdout.contains("viewDidLoad"), "the events before the long line count: \(result.stdout)")
            let zero = try runProcess(try LifetraceBinary.path(), ["stats", "/dev/zero"], timeout: 30)
            #expect(zero.status == 1 && zero.stderr.contains("/dev/zero:1:16777217: error"), "\(zero)")
        }
    }

    @Test("a full or closed standard output is reported and exits 1 (diff: 2)", arguments: ["stats", "report", "export", "diff"])
    func lostOutput(command: String) throws {
        try CommandLineTests.withExample { _, trace in
            let arguments: String =
                switch command {
                case "stats": #""$0" stats "$1""#
                case "report": #""$0" report "$1" -o -"#
                case "export": #""$0" export "$1" -o -"#
                default: #""$0" diff "$1" "$1""#
                }
            let failure: Int32 = command == "diff" ? 2 : 1
            let full = try Self.shell(arguments + " > /dev/full", trace)
            #expect(full.status == failure, "\(command) > /dev/full: \(full)")
            #expect(full.stderr.contains("cannot write standard output"), "\(full.stderr)")
            let closed = try Self.shell(arguments + " >&-", trace)
            #expect(closed.status == failure, "\(command) >&-: \(closed)")
        }
    }

    @Test("-o naming a device writes into it, never replaces it (/dev/null stays a character device)")
    func outputToDevice() throws {
        try CommandLineTests.withExample { _, trace in
            let result = try runProcess(try LifetraceBinary.path(), ["report", trace, "-o", "/dev/null"])
            #expect(result.status == 0, "\(result)")
            let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
            #expect(type == .typeCharacterSpecial)
            #expect(!FileManager.default.fileExists(atPath: "/dev/null.partial"))
        }
    }

    @Test("invalid UTF-8 and lone surrogates in strings are located warnings; the events still count")
    func invalidText() throws {
        try withScratchDirectory { directory in
            let path = directory.path("bad.jsonl")
            var bytes = Array(#"{"seq":1,"ts":5,"event":"viewDidLoad","phase":"instant","controller":"A"#.utf8)
            bytes += [0xFF] + Array(#"","id":"0x1","thread":1}"#.utf8) + [0x0A]
            bytes +=
                Array(
                    #"{"seq":2,"ts":6,"event":"viewDidLoad","phase":"instant","controller":"B\ud800x","id":"0x1","thread":1}"#
                        .utf8) + [0x0A]
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let result = try runProcess(try LifetraceBinary.path(), ["stats", path])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("2 events"))
            #expect(result.stderr.contains("\(path):1:70: warning: a string is not valid UTF-8"), "\(result.stderr)")
            #expect(result.stderr.contains("\(path):2:70: warning:"), "\(result.stderr)")
        }
    }
}
