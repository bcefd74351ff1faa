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

    @Test("stats --jobs 2 of a large JSON-lines file on a terminal: the line counts the bytes of both parts")
    func partsOnATerminal() throws {
        try withScratchDirectory { directory in
            // 64 MiB (the same block over and over): a read of a second or more in a debug build,
            // long enough for the line (it waits half a second).
            let trace = directory.path("large.jsonl")
            let block = Data(Self.lines(from: 0, count: 4_096).utf8)
            _ = FileManager.default.createFile(atPath: trace, contents: nil)
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: trace))
            var size = 0
            while size < 64 << 20 {
                file.write(block)
                size += block.count
            }
            try file.close()
            let (status, shown) = try PseudoTerminal.run(try LifetraceBinary.path(), ["stats", "--jobs", "2", trace])
            #expect(status == 0)
            // `reading T: N events (…/s), X MB of Y MB (…/s), S s left`.
            let read = shown.matches(of: #/([0-9.]+) MB of ([0-9.]+) MB/#).compactMap { Double($0.1) }
            try #require(!read.isEmpty, "no progress line: \(shown.suffix(300).debugDescription)")
            let total = Double(size) / 1e6
            // The last line comes at most a quarter of a second before the end: past what the first
            // part alone (half of the bytes) could say.
            #expect(read.max()! > 0.6 * total, "bytes shown: \(read) of \(total) MB")
            #expect(read.max()! <= total + 0.1, "bytes shown: \(read) of \(total) MB")
        }
    }
}
