import CLifetraceCTF
import Lifetrace
import LifetraceAnalysis

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the `lifetrace` provider's events from an LTTng trace, recorded or live, one event at a
/// time.
///
/// A recorded trace is read by the project's own CTF decoder (``Decoder/lifetrace``), and by
/// libbabeltrace2 when the decoder does not read it (a construct of the metadata it does not know,
/// a kernel trace): the reason is then one of ``summary``'s warnings. A live session is read by
/// libbabeltrace2. The two give the same events.
///
/// A recorded trace is a directory: a session's output folder (`~/lttng-traces/SESSION-…`, with
/// every process's and buffer scheme's streams below it) or one CTF trace inside it. A live trace
/// is an `lttng-relayd` URL, `net://HOST[:PORT]/host/HOSTNAME/SESSION`. Either way the streams are
/// merged in timestamp order, so the events of several processes interleave
/// as they happened; each event carries its process (`vpid`) and thread (`vtid`) when the session
/// recorded those contexts (`tools/lttng-record` does).
///
/// The events equal the JSON-lines sink's records of the same run but for `ts`, LTTng's own
/// timestamp, and `dur_ns`, the end's timestamp less its begin's: an end record is paired with the
/// innermost open begin of the same process, thread, identity and hook, and repeats its details (the
/// `_exit` tracepoints carry only seq, controller, id and count, and `layoutSubviews`'s its view's
/// frame, which the end keeps). An end whose begin the trace does not hold has no duration. Events the tracer discarded and packets lost are counted in
/// ``summary``; after a gap, pairing starts afresh so no interval spans it.
///
/// A recorded trace is checked before it is read: a metadata file cut or corrupt is an
/// error naming the file and byte; a packet whose header or context is impossible (sizes past the
/// end of the file, content larger than its packet, timestamps, sequence numbers or discard
/// counters going back) is left out, reported in ``summary`` as an issue with its file and byte, and
/// counted as a lost packet; so is a stream file that is not a regular file, or that its index lists
/// packets of while it is empty. The events of every other packet are read.
///
/// Memory holds the open intervals and one batch of events, never the trace (the decoder maps the
/// stream files: the kernel pages them in and out).
public final class CTFTraceReader: TraceEventReader {
    /// What decodes a recorded trace's CTF.
    public enum Decoder: String, Sendable, CaseIterable {
        /// The project's own decoder, or libbabeltrace2 for a trace it reports unsupported.
        case lifetrace
        /// libbabeltrace2's `src.ctf.fs` and muxer.
        case babeltrace2

        /// `LIFETRACE_CTF_DECODER` when it names a decoder (`babeltrace2` to compare the two), else
        /// ``lifetrace``.
        public static var preferred: Decoder {
            getenv("LIFETRACE_CTF_DECODER").flatMap { Decoder(rawValue: String(cString: $0)) } ?? .lifetrace
        }
    }

    /// What a live reader does while the session it names does not exist.
    public enum MissingSession: Sendable {
        /// Wait for the session to be created (`lifetrace watch`).
        case wait
        /// End the trace at once.
        case end
        /// Fail with an error.
        case fail
    }

    public let source: String
    public var position: Int { state.decoding.pending.taken }
    public var summary: TraceReadSummary { state.decoding.summary }

    /// Whether the reader follows a live session.
    public let isLive: Bool

    /// What decodes the trace: libbabeltrace2 for a live session, and for a recorded trace the
    /// project's decoder did not read.
    public var decoder: Decoder {
        if case .decoder = backend { return .lifetrace }
        return .babeltrace2
    }

    /// The C reader in use.
    private enum Backend {
        case decoder(OpaquePointer)
        case babeltrace(OpaquePointer)
    }

    private var backend: Backend?
    private let state = ReaderState()
    private var ended = false
    /// The error that ended the reading, thrown once the events before it are taken.
    private var failure: TraceIssue?
    /// The folder of the sanitized copies babeltrace2 reads instead of damaged traces, removed with
    /// the reader.
    private var scratch: String?

    /// Opens the LTTng trace at `path`: a directory holding CTF traces (each a folder with a
    /// `metadata` file), at any depth.
    ///
    /// - Parameters:
    ///   - path: the trace's directory.
    ///   - decoder: what decodes it; the project's decoder by default, which hands a trace it does
    ///     not read to libbabeltrace2 (``Decoder/preferred``).
    /// - Throws: a `TraceIssue` naming the path when it is not a directory, holds no CTF trace or
    ///   neither decoder can open it, or naming the metadata file and byte when a trace's metadata is
    ///   cut or corrupt.
    public init(path: String, decoder: Decoder = .preferred) throws(TraceIssue) {
        source = path
        isLive = false
        let traces = try checked(Self.traceDirectories(in: path))
        var error = [CChar](repeating: 0, count: 1024)
        let pointers = traces.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let inputs = pointers.map { $0.map { UnsafePointer($0) } }
        if decoder == .lifetrace {
            var opened: OpaquePointer?
            let status = inputs.withUnsafeBufferPointer {
                ctf_decoder_open($0.baseAddress, $0.count, state.callbacks, &opened, &error, error.count)
            }
            if status == CTF_DECODER_OK, let opened {
                backend = .decoder(opened)
                return
            }
            // Nothing was delivered yet: libbabeltrace2 reads the trace instead, and says why once.
            state.decoding.summary.warnings.append("read with libbabeltrace2: \(Self.text(error))")
        }
        let opened: OpaquePointer? = inputs.withUnsafeBufferPointer {
            lifetrace_ctf_reader_open($0.baseAddress, $0.count, state.callbacks, &error, error.count)
        }
        guard let opened else {
            removeScratch()
            // babeltrace2 says which trace it could not read, not where: the checker's remarks on
            // the metadata, if any, locate the cause.
            let remarks =
                state.decoding.summary.warnings.isEmpty ? "" : " (\(state.decoding.summary.warnings.joined(separator: "; ")))"
            throw TraceIssue(source: path, line: 0, column: 0, message: "cannot read the trace: \(Self.text(error))\(remarks)")
        }
        backend = .babeltrace(opened)
    }

    /// Keeps only the records of one of `count` partitions of the trace (`index` counts from 0), so
    /// that `count` readers of one trace, each keeping its own, read every record once between them
    /// (`lifetrace stats --jobs`). Records that pair, or that statistics relate, fall in the same
    /// partition (a span's by span id; a window's solves and passes by thread and subject; other
    /// intervals by thread, subject and hook; instants by `seq`), so each reader pairs its own ends
    /// with their begins. The decoder leaves other shares' records out before they reach Swift
    /// (`record_partition.c`, for both decoders). Before the first ``next()``; returns `false`,
    /// keeping every record, for an index out of range, a live session, or once reading began.
    @discardableResult
    package func keepPartition(_ index: Int, of count: Int) -> Bool {
        guard count >= 1, (0..<count).contains(index), position == 0, state.decoding.pending.isEmpty else { return false }
        switch backend {
        case .decoder(let decoder): return ctf_decoder_keep_partition(decoder, UInt64(index), UInt64(count)) != 0
        case .babeltrace(let reader):
            return !isLive && lifetrace_ctf_reader_keep_partition(reader, UInt64(index), UInt64(count)) != 0
        case nil: return false
        }
    }

    /// The directories to read for `traces`: each trace itself when its packets are sound, else a
    /// sanitized copy of it in ``scratch``.
    private func checked(_ traces: [String]) throws(TraceIssue) -> [String] {
        var template = Array((FileManager.default.temporaryDirectory.path + "/lifetrace-ctf-XXXXXX").utf8CString)
        // Without a folder of its own the check still runs; only a copy, if one is needed, fails.
        let parent = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
        scratch = parent
        var inputs: [String] = []
        var copied = false
        for (index, trace) in traces.enumerated() {
            let copy = (parent ?? "/nonexistent-lifetrace-scratch") + "/\(index)"
            switch lifetrace_ctf_check_trace(trace, copy, state.checkCallbacks) {
            case LIFETRACE_CTF_CHECK_SOUND:
                inputs.append(trace)
            case LIFETRACE_CTF_CHECK_SANITIZED:
                inputs.append(copy)
                copied = true
            default:
                removeScratch()
                throw state.fatal ?? TraceIssue(source: trace, line: 0, column: 0, message: "cannot check the trace")
            }
        }
        if !copied { removeScratch() }
        return inputs
    }

    private func removeScratch() {
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
        scratch = nil
    }

    /// Follows the live session at `url` (`net://HOST[:PORT]/host/HOSTNAME/SESSION`), served by
    /// `lttng-relayd`. The trace ends when the session is destroyed and its data read.
    public convenience init(liveURL url: String, missingSession: MissingSession = .wait) throws(TraceIssue) {
        try self.init(liveURLs: [url], missingSession: missingSession)
    }

    /// Follows several live sessions at once (a fleet's, each host's session on one relay or on
    /// several): each session's events in timestamp order, the sessions' in turns as they arrive
    /// (hosts' clocks are not compared), each event with its `Event.host`. The trace
    /// ends when every session is destroyed and its data read.
    public init(liveURLs urls: [String], missingSession: MissingSession = .wait) throws(TraceIssue) {
        source = urls.joined(separator: " ")
        isLive = true
        for url in urls where !(url.hasPrefix("net://") || url.hasPrefix("net4://") || url.hasPrefix("net6://")) {
            throw TraceIssue(
                source: url, line: 0, column: 0, message: "expected a live URL such as net://localhost/host/HOSTNAME/SESSION")
        }
        guard !urls.isEmpty else {
            throw TraceIssue(
                source: "", line: 0, column: 0, message: "expected a live URL such as net://localhost/host/HOSTNAME/SESSION")
        }
        var error = [CChar](repeating: 0, count: 1024)
        let missing: lifetrace_ctf_missing_session =
            switch missingSession {
            case .wait: LIFETRACE_CTF_MISSING_CONTINUE
            case .end: LIFETRACE_CTF_MISSING_END
            case .fail: LIFETRACE_CTF_MISSING_FAIL
            }
        let pointers = urls.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let opened: OpaquePointer? = pointers.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { inputs in
            lifetrace_ctf_reader_open_live_sessions(
                inputs.baseAddress, inputs.count, missing, state.callbacks, &error, error.count)
        }
        guard let opened else {
            let what = urls.count == 1 ? "the live session" : "the live sessions"
            throw TraceIssue(source: source, line: 0, column: 0, message: "cannot follow \(what): \(Self.text(error))")
        }
        backend = .babeltrace(opened)
    }

    deinit {
        switch backend {
        case .decoder(let decoder): ctf_decoder_close(decoder)
        case .babeltrace(let reader): lifetrace_ctf_reader_close(reader)
        case nil: break
        }
        removeScratch()
    }

    public func next() throws(TraceIssue) -> Event? {
        while true {
            if let event = state.decoding.pending.popFirst() { return event }
            switch try step() {
            // The last step may have delivered events before it ended.
            case .end where state.decoding.pending.isEmpty: return nil
            case .again: usleep(Self.pollInterval)
            case .events, .end: continue
            }
        }
    }

    /// What one ``step()`` did.
    public enum StepResult: Sendable {
        /// Events may be ready: read them with ``next()`` or ``drain(_:)``.
        case events
        /// A live session has no new data yet.
        case again
        /// The trace ended; the events of this last step, if any, are still to be drained.
        case end
    }

    /// Reads the next batch of events without waiting (advances babeltrace2's graph once for a live
    /// session): live tools call it between refreshes.
    public func step() throws(TraceIssue) -> StepResult {
        if let failure {
            self.failure = nil
            throw failure
        }
        guard !ended, let backend else { return .end }
        var error = [CChar](repeating: 0, count: 1024)
        switch backend {
        case .decoder(let decoder):
            switch ctf_decoder_step(decoder, Self.batch, &error, error.count) {
            case CTF_DECODER_OK: return .events
            case CTF_DECODER_END:
                ended = true
                return .end
            default: break
            }
        case .babeltrace(let reader):
            switch lifetrace_ctf_reader_step(reader, &error, error.count) {
            case LIFETRACE_CTF_OK: return .events
            case LIFETRACE_CTF_AGAIN: return .again
            case LIFETRACE_CTF_END:
                ended = true
                return .end
            default: break
            }
        }
        ended = true
        let issue = TraceIssue(source: source, line: 0, column: 0, message: "cannot read the trace: \(Self.text(error))")
        // The events decoded before the error come first.
        guard state.decoding.pending.isEmpty else {
            failure = issue
            return .events
        }
        throw issue
    }

    /// Events the decoder delivers per step.
    static let batch = 4096

    /// Hands every event the last steps delivered to `body`, in order.
    public func drain(_ body: (Event) throws -> Void) rethrows {
        while let event = state.decoding.pending.popFirst() {
            try body(event)
        }
    }

    /// The text of a NUL-terminated C buffer.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// How long ``next()`` sleeps when a live session has no data (microseconds).
    static let pollInterval: UInt32 = 20_000

    /// The CTF traces under `path`: the folders holding a `metadata` file, sorted.
    static func traceDirectories(in path: String) throws(TraceIssue) -> [String] {
        guard let kind = FileKind(atPath: path) else {
            throw TraceIssue(
                source: path, line: 0, column: 0, message: "no such file or directory (expected an LTTng trace directory)")
        }
        guard kind == .directory else {
            throw TraceIssue(source: path, line: 0, column: 0, message: "not a directory (expected an LTTng trace directory)")
        }
        var found: [String] = []
        if FileManager.default.fileExists(atPath: path + "/metadata") { found.append(path) }
        for relative in (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
        where relative.hasSuffix("/metadata") {
            found.append(path + "/" + relative.dropLast("/metadata".count))
        }
        guard !found.isEmpty else {
            throw TraceIssue(
                source: path, line: 0, column: 0,
                message: "holds no CTF trace (no metadata file below it); expected an LTTng trace directory")
        }
        return found.sorted()
    }
}
