import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Flushes every live ``ByteOutput`` when the process exits, and reports the events each one dropped.
///
/// Outputs are held unretained and unregister themselves first thing in `deinit` (the lock makes a
/// flush at exit and a release wait for each other). A `weak` reference would do the same, but it
/// gives the output a side table, and every retain and release of it then takes the slow path.
enum ExitFlusher {
    private static let outputs = Mutex<[ObjectIdentifier: Unmanaged<ByteOutput>]>([:])

    private static let installation: Void = {
        atexit { ExitFlusher.flushAll() }
    }()

    static func register(_ output: ByteOutput) {
        installation
        outputs.withLock { $0[ObjectIdentifier(output)] = .passUnretained(output) }
    }

    static func unregister(_ output: ByteOutput) {
        _ = outputs.withLock { $0.removeValue(forKey: ObjectIdentifier(output)) }
    }

    /// Flushes every output now; returns, for each one that lost events, its label and what it lost.
    static func flushReportingLosses() -> [String] {
        outputs.withLock { outputs in
            outputs.values.compactMap { entry in
                entry._withUnsafeGuaranteedRef { output in
                    output.flush()
                    let statistics = output.statistics
                    guard statistics.dropped > 0 || statistics.failure != nil else { return nil }
                    return "\(output.label): \(statistics.dropped) of \(statistics.records) events lost"
                        + (statistics.failure.map { " (\($0))" } ?? "")
                }
            }.sorted()
        }
    }

    /// Writes out and closes every output (a signal ends the process): records emitted from
    /// now on are dropped, not left in a buffer that would never be written.
    static func closeAll(reason: String) {
        outputs.withLock { outputs in
            // Each output is closed holding the locks of those closed before it, so emission stops
            // on all of them at one moment (a lock order: by identity).
            let ordered = outputs.sorted { $0.key < $1.key }.map(\.value)
            func close(from index: Int) {
                guard index < ordered.count else { return }
                ordered[index]._withUnsafeGuaranteedRef { output in
                    output.closeAfterWriting(reason: reason) { close(from: index + 1) }
                }
            }
            close(from: 0)
        }
    }

    static func flushAll() {
        outputs.withLock { outputs in
            for entry in outputs.values {
                // No reference taken: were it the last one, releasing it here would run the
                // output's deinit under this lock, which its unregister takes again. An output
                // whose deinit has begun waits on the lock, so it is still whole.
                entry._withUnsafeGuaranteedRef { output in
                    output.flush()
                    let statistics = output.statistics
                    if statistics.dropped > 0 {
                        StandardError.report(
                            "lifetrace: \(output.label): \(statistics.dropped) of \(statistics.records) events dropped")
                    }
                }
            }
        }
    }
}
