import Lifetrace
import LifetraceAnalysis
import LifetraceCTF

// Reads a trace as `lifetrace convert` does (the native reader, the JSON-lines sink's format, to standard
// output), for callgrind: tools/bench-readers counts this probe's instructions, with none of
// the command line's (the executable once linked liblttng-ust, which valgrind 3.19 cannot run).
//
//   ReaderProbe TRACE_DIRECTORY > /dev/null
#if canImport(Glibc)
import Glibc
#endif

guard CommandLine.arguments.count == 2 else {
    _ = "usage: ReaderProbe TRACE_DIRECTORY > OUTPUT\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}
do {
    let reader = try CTFTraceReader(path: CommandLine.arguments[1])
    let sink = try JSONLinesSink(to: .standardOutput)
    while let event = try reader.next() { sink.emit(event) }
    sink.flush()
} catch {
    _ = "ReaderProbe: \(error)\n".withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(1)
}
