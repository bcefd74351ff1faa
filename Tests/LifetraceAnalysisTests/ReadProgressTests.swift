import Foundation
import Lifetrace
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A long read shows its progress on a terminal (a line on standard error, rewritten in place and
/// erased at the end), and nothing when standard error is a file.
@Suite("read progress")
struct ReadProgressTests {
    /// `count` intervals as JSON lines.
    static func lines(from first: Int, count: Int) -> String {
        (first..<first + count).map { index in
            let begin = Event(
                seq: UInt64(2 * index + 1), timestamp: UInt64(index * 1_000), hook: .viewDidLoad, phase: .begin,
                subject: Subject(name: "A", id: 1))
            var end = begin
            end.seq += 1
            end.phase = .end
            end.duration = 10
            return JSONLineFormat.line(begin) + JSONLineFormat.line(end)
        }.joined()
    }

    @Test("stats on a terminal: a progress line while it reads standard input, erased before it ends")
    func terminal() throws {
        let (controller, path) = try PseudoTerminal.open()
        defer { close(controller) }
        let terminal = try #require(FileHandle(forWritingAtPath: path))
        try withScratchDirectory { directory in
            let out = directory.path("stats.txt")
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try LifetraceBinary.path())
            process.arguments = ["stats", "-"]
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            process.standardError = terminal
            try process.run()
            try? terminal.close()
            // Readiness: feed events until the line shows (it waits half a second, then redraws
            // every quarter), or give up after a minute.
            var shown = ""
            var next = 0
            let deadline = Date().addingTimeInterval(60)
            while !shown.contains("events ("), Date() < deadline {
                input.fileHandleForWriting.write(Data(Self.lines(from: next, count: 2_048).utf8))
                next += 2_048
                usleep(50_000)
                shown += PseudoTerminal.drain(controller)
            }
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            shown += PseudoTerminal.drain(controller)
            #expect(process.terminationStatus == 0)
            #expect(shown.contains("reading <stdin>: "), "\(shown.suffix(300))")
            #expect(shown.hasSuffix("\r\u{1B}[K"), "the line is erased at the end: \(shown.suffix(100).debugDescription)")
            let table = try String(contentsOfFile: out, encoding: .utf8)
            #expect(table.contains("viewDidLoad") && !table.contains("reading"), "\(table)")
        }
    }

    @Test("stats with standard error in a file: no progress line")
    func file() throws {
        try withScratchDirectory { directory in
            let trace = directory.path("trace.jsonl")
            try Self.lines(from: 0, count: 20_000).write(toFile: trace, atomically: true, encoding: .utf8)
            let result = try runProcess(try LifetraceBinary.path(), ["stats", trace])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }
    }
}
