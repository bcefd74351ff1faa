import Foundation
import LifetraceTestSupport
import Testing

/// `tools/ctf2jsonl` on what is not a trace: exit status 1 and a message naming the path.
@Suite("tools/ctf2jsonl errors")
struct CTF2JSONLTests {
    @Test("a directory that is not a trace")
    func directoryThatIsNotATrace() throws {
        try withScratchDirectory { directory in
            try "not a trace\n".write(toFile: directory.path("notes.txt"), atomically: true, encoding: .utf8)
            let result = try runProcess(Repository.ctf2jsonl, [directory.url.path])
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("ctf2jsonl: "), "\(result.stderr)")
            #expect(result.stderr.contains(directory.url.path), "\(result.stderr)")
        }
    }

    @Test("an empty directory")
    func emptyDirectory() throws {
        try withScratchDirectory { directory in
            let result = try runProcess(Repository.ctf2jsonl, [directory.url.path, "-o", directory.path("out.jsonl")])
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains(directory.url.path), "\(result.stderr)")
        }
    }

    @Test("a path that does not exist")
    func missingPath() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifetrace-no-such-trace-\(UUID().uuidString)").path
        let result = try runProcess(Repository.ctf2jsonl, [path])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("ctf2jsonl: "), "\(result.stderr)")
        #expect(result.stderr.contains(path), "\(result.stderr)")
    }
}
