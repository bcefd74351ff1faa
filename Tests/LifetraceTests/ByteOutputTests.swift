import Foundation
import Lifetrace
import LifetraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Byte output")
struct ByteOutputTests {
    private func writeLine(_ output: ByteOutput, _ text: String) {
        output.write { $0.appendUTF8(text + "\n") }
    }

    @Test("records are buffered until a flush, then written whole")
    func buffersUntilFlush() throws {
        try withScratchDirectory { directory in
            let path = directory.path("out.txt")
            let output = try ByteOutput.open(.file(path), label: "test")
            #expect(output.label == "test (\(path))")
            writeLine(output, "one")
            writeLine(output, "two")
            #expect(try readText(path) == "", "a small record should stay in the buffer")
            output.flush()
            #expect(try readText(path) == "one\ntwo\n")
            let statistics = output.statistics
            #expect(statistics.records == 2)
            #expect(statistics.dropped == 0)
            #expect(statistics.bytes == 8)
            #expect(statistics.failure == nil)
        }
    }

    @Test("a full buffer is written without waiting for a flush")
    func largeBufferIsWritten() throws {
        try withScratchDirectory { directory in
            let path = directory.path("out.txt")
            let output = try ByteOutput.open(.file(path), label: "test")
            let line = String(repeating: "x", count: 1023)
            for _ in 0..<100 { writeLine(output, line) }  // 100 KiB, past the 64 KiB buffer
            let written = try Data(contentsOf: URL(fileURLWithPath: path)).count
            #expect(written >= 64 * 1024)
            #expect(written % 1024 == 0, "only whole records are written")
            output.flush()
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 100 * 1024)
        }
    }

    @Test("opening a file truncates it")
    func truncates() throws {
        try withScratchDirectory { directory in
            let path = directory.path("out.txt")
            try Data("old contents that must go\n".utf8).write(to: URL(fileURLWithPath: path))
            let output = try ByteOutput.open(.file(path), label: "test")
            writeLine(output, "new")
            output.flush()
            #expect(try readText(path) == "new\n")
        }
    }

    /// Before: a file opened without `O_APPEND` kept its offset after a `copytruncate`
    /// rotation, so the next record landed after a hole of zeros (81 MB of them).
    @Test("a file truncated by a log rotation gets the next records at its start, no hole")
    func appendsAfterRotation() throws {
        try withScratchDirectory { directory in
            let path = directory.path("out.txt")
            let output = try ByteOutput.open(.file(path), label: "test")
            writeLine(output, String(repeating: "x", count: 4000))
            output.flush()
            #expect(truncate(path, 0) == 0)
            writeLine(output, "after")
            output.flush()
            #expect(try readText(path) == "after\n")
        }
    }

    /// Before: the signal path flushed and left the output open, so records emitted between
    /// the flush and the process's end sat in a buffer nobody wrote, unreported.
    @Test("an output closed for a signal writes out its buffer, then drops and counts what follows")
    func closedForSignal() throws {
        try withScratchDirectory { directory in
            let path = directory.path("out.txt")
            let output = try ByteOutput.open(.file(path), label: "test")
            writeLine(output, "before")
            output.closeAfterWriting(reason: "closed: the process is ending on signal 15")
            #expect(try readText(path) == "before\n")
            writeLine(output, "after")
            output.flush()
            #expect(try readText(path) == "before\n")
            #expect(output.statistics.dropped == 1)
            #expect(output.statistics.failure == "closed: the process is ending on signal 15")
        }
    }

    @Test("a released output writes out its buffer")
    func deinitDrains() throws {
        try withScratchDirectory { directory in
            let path = directory.path("out.txt")
            do {
                let output = try ByteOutput.open(.file(path), label: "test")
                writeLine(output, "kept")
            }
            #expect(try readText(path) == "kept\n")
        }
    }

    @Test("a file-descriptor destination writes to it and leaves it open")
    func fileDescriptor() throws {
        try withScratchDirectory { directory in
            let path = directory.path("out.txt")
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try #require(fd >= 0)
            defer { close(fd) }
            do {
                let output = try ByteOutput.open(.fileDescriptor(fd), label: "test")
                #expect(output.label == "test (fd:\(fd))")
                writeLine(output, "via fd")
            }
            #expect(fcntl(fd, F_GETFD) != -1, "the descriptor must stay open")
            #expect(try readText(path) == "via fd\n")
        }
    }

    @Test("destinations that cannot be opened are configuration errors")
    func openErrors() throws {
        #expect(throws: ConfigurationError("test: file descriptor 987 is not open")) {
            try ByteOutput.open(.fileDescriptor(987), label: "test")
        }
        let error = try #require(throws: ConfigurationError.self) {
            try ByteOutput.open(.file("/nonexistent-lifetrace-dir/x"), label: "test")
        }
        #expect(error.message == #"test: cannot open "/nonexistent-lifetrace-dir/x" for writing: No such file or directory"#)
        let directoryError = try #require(throws: ConfigurationError.self) {
            try ByteOutput.open(.file("/tmp"), label: "test")
        }
        #expect(directoryError.message.contains("Is a directory"))
    }

    @Test("a full disk: the output stops, counts what it drops, and does not call the record builder again")
    func fullDisk() throws {
        let output = try ByteOutput.open(.file("/dev/full"), label: "test")
        writeLine(output, "first")
        writeLine(output, "second")
        output.flush()
        var statistics = output.statistics
        let failure = try #require(statistics.failure)
        #expect(failure.contains("No space left on device"))
        #expect(statistics.records == 2)
        #expect(statistics.dropped == 2)
        #expect(statistics.bytes == 0)

        var builderCalls = 0
        output.write { _ in builderCalls += 1 }
        output.flush()
        #expect(builderCalls == 0)
        statistics = output.statistics
        #expect(statistics.records == 3)
        #expect(statistics.dropped == 3)
        #expect(statistics.failure == failure, "the first failure is kept")
    }

    @Test("a closed pipe: no SIGPIPE death, the output fails and counts")
    func closedPipe() throws {
        let (readEnd, writeEnd) = try makePipe()
        defer { close(writeEnd) }
        close(readEnd)
        let output = ByteOutput(fileDescriptor: writeEnd, label: "test", flushesEachRecord: false)
        writeLine(output, "nobody reads this")
        output.flush()  // would kill the process by SIGPIPE if it were not ignored
        let statistics = output.statistics
        #expect(statistics.failure?.contains("Broken pipe") == true)
        #expect(statistics.dropped == 1)
        writeLine(output, "nor this")
        #expect(output.statistics.dropped == 2)
    }

    @Test("flushing each record writes at once")
    func flushesEachRecord() throws {
        let (readEnd, writeEnd) = try makePipe()
        defer {
            close(readEnd)
            close(writeEnd)
        }
        let output = ByteOutput(fileDescriptor: writeEnd, label: "test", flushesEachRecord: true)
        writeLine(output, "now")
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = read(readEnd, &buffer, buffer.count)
        #expect(count == 4)
        #expect(Array(buffer.prefix(4)) == Array("now\n".utf8))
    }

    /// A pipe nobody drains, its write end blocking or not: a plain write of more than the pipe
    /// holds would never return on the blocking one.
    @Test(
        "a pipe whose reader stops reading: the output gives up after its timeout instead of hanging",
        .timeLimit(.minutes(1)), arguments: [false, true])
    func undrainedPipe(nonBlocking: Bool) throws {
        let (readEnd, writeEnd) = try makePipe()
        defer {
            close(readEnd)
            close(writeEnd)
        }
        if nonBlocking {
            _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        }
        #expect((fcntl(writeEnd, F_GETFL) & O_NONBLOCK != 0) == nonBlocking)
        let output = ByteOutput(fileDescriptor: writeEnd, label: "test", flushesEachRecord: false)
        let line = String(repeating: "y", count: 1023)
        // 300 KiB, far more than a pipe holds: a hang is caught by the test's time limit.
        for _ in 0..<300 { writeLine(output, line) }
        output.flush()
        let statistics = output.statistics
        #expect(statistics.failure?.contains("has not read") == true, "\(statistics)")

        // What the pipe holds was written; a record cut off by the failure counts as dropped.
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        var received = 0
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while case let count = read(readEnd, &chunk, chunk.count), count > 0 { received += count }
        #expect(received > 0)
        #expect(statistics.bytes == received)
        #expect(statistics.records == 300)
        #expect(statistics.dropped == 300 - received / 1024)
    }

    @Test("many threads writing at once: every record whole")
    func concurrentWrites() throws {
        try withScratchDirectory { directory in
            let path = directory.path("out.txt")
            let output = try ByteOutput.open(.file(path), label: "test")
            onThreads(8) { thread in
                for index in 0..<2_000 {
                    output.write { buffer in
                        // Written in two pieces, to show a record is never split by another thread.
                        buffer.appendUTF8("t\(thread)")
                        buffer.appendUTF8(" r\(index)\n")
                    }
                }
            }
            output.flush()
            let written = lines(try readText(path))
            #expect(written.count == 16_000)
            #expect(Set(written).count == 16_000)
            #expect(written.allSatisfy { $0.wholeMatch(of: /t[0-7] r[0-9]+/) != nil })
            #expect(output.statistics.records == 16_000)
        }
    }
}
