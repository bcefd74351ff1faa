@_spi(Internals) import Lifetrace
import LifetraceAnalysis
import LifetraceCTF

// Reads a trace as `lifetrace convert` does (the native reader, the JSON-lines format, writes to a
// descriptor), for callgrind: tools/bench-readers counts this probe's instructions, with none of
// the command line's (the executable once linked liblttng-ust, which valgrind 3.19 cannot run).
//
//   ReaderProbe TRACE_DIRECTORY > /dev/null
#if canImport(Glibc)
import Glibc
#endif

guard CommandLine.arguments.count == 2 else {
    StandardError.writeLine("usage: ReaderProbe TRACE_DIRECTORY > OUTPUT")
    exit(2)
}
do {
    let reader = try CTFTraceReader(path: CommandLine.arguments[1])
    var buffer = LineBuffer(capacity: 1 << 17)
    func flush() {
        buffer.withBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { exit(1) }
                offset += written
            }
        }
        buffer.removeAll()
    }
    while let event = try reader.next() {
        JSONLineFormat.append(event, to: &buffer)
        if buffer.count >= 1 << 16 { flush() }
    }
    flush()
} catch {
    StandardError.writeLine("ReaderProbe: \(error)")
    exit(1)
}
