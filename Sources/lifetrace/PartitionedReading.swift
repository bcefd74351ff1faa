import Lifetrace
import LifetraceAnalysis
import LifetraceCTF
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The other shares of a trace read at once (`lifetrace stats --jobs N`), each by a reader of its
/// own on a thread of its own into an accumulator of its own, combined into the command's at the
/// end; the command's own reader reads the first share. Two kinds of share:
///
/// - a recorded LTTng trace is cut by subject (``CTFTraceReader/keepPartition(_:of:)``): every
///   reader decodes the whole trace (the C decoder is the cheap part) and builds events only for
///   its partition, so the work that grows with the events is divided; the accumulators merge;
/// - a JSON-lines file is cut into consecutive parts of its bytes
///   (``JSONLinesReader/restrict(toLinesStartingIn:)``): each reader parses only its part, and the
///   accumulators, continuations of one another, append in file order; so do the parts' issues.
final class PartitionedReading {
    /// One reader's share, read on its thread. The thread alone touches it until it is joined.
    private final class Share: @unchecked Sendable {
        let open: () throws(TraceIssue) -> any TraceEventReader
        var accumulator: TraceStatistics.Accumulator
        var failure: TraceIssue?
        /// Whether its reader stopped before the end of its share (an error, or a JSON-lines line
        /// too long to read): in a file read in parts, what the parts after it read is left out,
        /// as one reader would not have read it.
        var stoppedEarly = false
        /// What the share's reader met (the issues of its part of a JSON-lines file).
        var summary = TraceReadSummary()
        /// The events and bytes read so far, for the progress line; updated every
        /// ``PartitionedReading/stride`` events and at the end, so the other thread reads them
        /// without slowing the reading.
        let readCount = Atomic<Int>(0)
        let bytesRead = Atomic<Int>(0)

        init(accumulator: TraceStatistics.Accumulator, open: @escaping () throws(TraceIssue) -> any TraceEventReader) {
            (self.accumulator, self.open) = (accumulator, open)
        }

        func read() {
            do throws(TraceIssue) {
                let reader = try open()
                let lines = reader as? JSONLinesReader
                var unsaid = 0
                defer {
                    readCount.add(unsaid, ordering: .relaxed)
                    if let lines { bytesRead.store(lines.bytesRead, ordering: .relaxed) }
                    summary = reader.summary
                    if lines?.stoppedAtLongLine == true { stoppedEarly = true }
                }
                while let event = try reader.next() {
                    accumulator.add(event)
                    unsaid += 1
                    if unsaid == PartitionedReading.stride {
                        readCount.add(unsaid, ordering: .relaxed)
                        if let lines { bytesRead.store(lines.bytesRead, ordering: .relaxed) }
                        unsaid = 0
                    }
                }
            } catch {
                failure = error
                stoppedEarly = true
            }
        }
    }

    private var shares: [Share] = []
    /// Whether the shares are consecutive parts of the trace (appended in order) rather than
    /// partitions of its subjects (merged).
    private var consecutive = false
    /// The most issues and warnings the readers keep (the command's reader's).
    private var kept = 0
    private var threads = ThreadGroup()

    /// Events a share reads between two updates of its count.
    static let stride = 1024
    /// The fewest bytes of a JSON-lines file a part has: a smaller file is read by one reader.
    static let smallestPart = 4 << 20

    /// The events and bytes the other readers have read so far.
    func readElsewhere() -> (events: Int, bytes: Int) {
        shares.reduce((0, 0)) {
            ($0.0 + $1.readCount.load(ordering: .relaxed), $0.1 + $1.bytesRead.load(ordering: .relaxed))
        }
    }

    /// Starts the readers of the shares after the first, each with an empty accumulator like
    /// `accumulator`, and restricts `reader` to the first; does nothing for one job, a live
    /// session, standard input or a pipe, a JSON-lines file under two ``smallestPart``s, or a
    /// reader that began reading.
    init(_ reader: any TraceEventReader, jobs: Int, accumulator: TraceStatistics.Accumulator) {
        guard jobs > 1 else { return }
        if let trace = reader as? CTFTraceReader {
            guard !trace.isLive, trace.keepPartition(0, of: jobs) else { return }
            let path = trace.source
            for index in 1..<jobs {
                start(accumulator) { () throws(TraceIssue) in
                    let reader = try CTFTraceReader(path: path)
                    reader.keepPartition(index, of: jobs)
                    return reader
                }
            }
        } else if let lines = reader as? JSONLinesReader, let size = lines.regularFileSize {
            let parts = min(jobs, size / Self.smallestPart)
            guard parts > 1 else { return }
            let bounds = (0...parts).map { size / parts * $0 }
            // The readers of the other parts, opened first: if one cannot be, one reader reads it all.
            var readers: [JSONLinesReader] = []
            for part in 1..<parts {
                // The last part reads to the end of the file, wherever it is by then.
                let bytes = bounds[part]..<(part == parts - 1 ? Int.max : bounds[part + 1])
                guard let reader = try? lines.reader(ofLinesStartingIn: bytes) else { return }
                readers.append(reader)
            }
            guard lines.restrict(toLinesStartingIn: 0..<bounds[1]) else { return }
            consecutive = true
            kept = lines.keptIssues
            for reader in readers {
                start(accumulator.continuation()) { () throws(TraceIssue) in reader }
            }
        }
    }

    /// Starts one share's reader on a thread of its own.
    private func start(
        _ accumulator: TraceStatistics.Accumulator, open: @escaping () throws(TraceIssue) -> any TraceEventReader
    ) {
        let share = Share(accumulator: accumulator, open: open)
        shares.append(share)
        threads.start { share.read() }
    }

    /// Waits for the other readers and combines their shares into `accumulator`, and what they met
    /// into `summary` (the command's reader's); the first error one of them met, if any (the events
    /// before it are counted). `stoppedEarly`: the command's reader stopped before the end of its
    /// share, so the parts of a file after it are left out.
    func finish(
        into accumulator: inout TraceStatistics.Accumulator, summary: inout TraceReadSummary, stoppedEarly: Bool
    ) -> TraceIssue? {
        threads.join()
        var failure: TraceIssue?
        var stopped = stoppedEarly
        for share in shares {
            if consecutive {
                // One reader of the file would have stopped where an earlier part's reader did.
                guard !stopped else { break }
                accumulator.append(share.accumulator)
                summary.append(share.summary, keeping: kept)
                stopped = share.stoppedEarly
            } else {
                accumulator.merge(share.accumulator)
            }
            if failure == nil { failure = share.failure }
        }
        shares = []
        return failure
    }

    /// The number of cores online: `--jobs`' default.
    static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
