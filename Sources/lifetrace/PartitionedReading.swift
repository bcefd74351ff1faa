import Lifetrace
import LifetraceAnalysis
import LifetraceCTF
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The other shares of a recorded LTTng trace read at once (`lifetrace stats --jobs N`): the
/// command's own reader keeps the first of N partitions of the records
/// (``CTFTraceReader/keepPartition(_:of:)``), and N − 1 more readers of the trace, each on a thread
/// of its own, keep one of the others into an accumulator of their own, merged into the command's
/// at the end. Every reader decodes the whole trace (the C decoder is the cheap part) and builds
/// events only for its share, so the work that grows with the events is divided.
final class PartitionedReading {
    /// One reader's share, read on its thread. The thread alone touches it until it is joined.
    private final class Share: @unchecked Sendable {
        let path: String
        let index: Int
        let count: Int
        var accumulator: TraceStatistics.Accumulator
        var failure: TraceIssue?
        /// The events read so far, for the progress line; updated every ``PartitionedReading/stride``
        /// events and at the end, so the other thread reads it without slowing the reading.
        let readCount = Atomic<Int>(0)

        init(path: String, index: Int, count: Int, accumulator: TraceStatistics.Accumulator) {
            (self.path, self.index, self.count, self.accumulator) = (path, index, count, accumulator)
        }

        func read() {
            do throws(TraceIssue) {
                let reader = try CTFTraceReader(path: path)
                reader.keepPartition(index, of: count)
                var unsaid = 0
                defer { readCount.add(unsaid, ordering: .relaxed) }
                while let event = try reader.next() {
                    accumulator.add(event)
                    unsaid += 1
                    if unsaid == PartitionedReading.stride {
                        readCount.add(unsaid, ordering: .relaxed)
                        unsaid = 0
                    }
                }
            } catch {
                failure = error
            }
        }
    }

    private var shares: [Share] = []
    private var threads = ThreadGroup()

    /// Events a share reads between two updates of its count.
    static let stride = 1024

    /// The events the other readers have read so far (their shares of the trace's records).
    func eventsRead() -> Int {
        shares.reduce(0) { $0 + $1.readCount.load(ordering: .relaxed) }
    }

    /// Starts the readers of the shares after the first, each with an empty copy of `accumulator`,
    /// and restricts `reader` to the first; does nothing for one job, a live session, or a reader
    /// that began reading.
    init(_ reader: CTFTraceReader, jobs: Int, accumulator: TraceStatistics.Accumulator) {
        guard jobs > 1, !reader.isLive, reader.keepPartition(0, of: jobs) else { return }
        for index in 1..<jobs {
            let share = Share(path: reader.source, index: index, count: jobs, accumulator: accumulator)
            shares.append(share)
            threads.start { share.read() }
        }
    }

    /// Waits for the other readers and merges their shares into `accumulator`; the first error one
    /// of them met, if any (the events before it are merged).
    func finish(into accumulator: inout TraceStatistics.Accumulator) -> TraceIssue? {
        threads.join()
        var failure: TraceIssue?
        for share in shares {
            accumulator.merge(share.accumulator)
            if failure == nil { failure = share.failure }
        }
        shares = []
        return failure
    }

    /// The number of cores online: `--jobs`' default.
    static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
