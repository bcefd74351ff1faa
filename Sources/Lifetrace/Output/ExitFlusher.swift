#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Flushes every live ``ByteOutput`` when the process exits, and reports the events each one dropped.
enum ExitFlusher {
    private struct WeakOutput {
        weak var output: ByteOutput?
    }

    private static let outputs = Mutex<[WeakOutput]>([])

    private static let installation: Void = {
        atexit { ExitFlusher.flushAll() }
    }()

    static func register(_ output: ByteOutput) {
        installation
        outputs.withLock { outputs in
            outputs.removeAll { $0.output == nil }
            outputs.append(WeakOutput(output: output))
        }
    }

    static func flushAll() {
        let live = outputs.withLock { $0.compactMap(\.output) }
        for output in live {
            output.flush()
            let statistics = output.statistics
            if statistics.dropped > 0 {
                StandardError.writeLine("lifetrace: \(output.label): \(statistics.dropped) of \(statistics.records) events dropped")
            }
        }
    }
}
