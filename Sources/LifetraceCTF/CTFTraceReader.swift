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

/// Reads the `lifetrace` provider's events from an LTTng trace, recorded or live, with
/// libbabeltrace2, one event at a time.
///
/// A recorded trace is a directory: a session's output folder (`~/lttng-traces/SESSION-…`, with
/// every process's and buffer scheme's streams below it) or one CTF trace inside it. A live trace
/// is an `lttng-relayd` URL, `net://HOST[:PORT]/host/HOSTNAME/SESSION`. Either way the streams are
/// merged in timestamp order by babeltrace2's muxer, so the events of several processes interleave
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
/// A recorded trace is checked before babeltrace2 reads it: a metadata file cut or corrupt is an
/// error naming the file and byte; a packet whose header or context is impossible (sizes past the
/// end of the file, content larger than its packet, timestamps, sequence numbers or discard
/// counters going back) is left out, reported in ``summary`` as an issue with its file and byte, and
/// counted as a lost packet; so is a stream file that is not a regular file, or that its index lists
/// packets of while it is empty. The events of every other packet are read.
///
/// Memory holds the open intervals and one batch of babeltrace2 messages, never the trace.
public final class CTFTraceReader: TraceEventReader {
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
    public private(set) var position = 0
    public var summary: TraceReadSummary { state.summary }

    /// Whether the reader follows a live session.
    public let isLive: Bool

    private var reader: OpaquePointer?
    private let state = ReaderState()
    private var ended = false
    /// The folder of the sanitized copies babeltrace2 reads instead of damaged traces, removed with
    /// the reader.
    private var scratch: String?

    /// Opens the LTTng trace at `path`: a directory holding CTF traces (each a folder with a
    /// `metadata` file), at any depth.
    ///
    /// - Throws: a `TraceIssue` naming the path when it is not a directory, holds no CTF trace or
    ///   babeltrace2 cannot open it, or naming the metadata file and byte when a trace's metadata is
    ///   cut or corrupt.
    public init(path: String) throws(TraceIssue) {
        source = path
        isLive = false
        let traces = try checked(Self.traceDirectories(in: path))
        var error = [CChar](repeating: 0, count: 1024)
        let pointers = traces.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let opened: OpaquePointer? = pointers.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { inputs in
            lifetrace_ctf_reader_open(inputs.baseAddress, inputs.count, state.callbacks, &error, error.count)
        }
        guard let opened else {
            removeScratch()
            // babeltrace2 says which trace it could not read, not where: the checker's remarks on
            // the metadata, if any, locate the cause.
            let remarks = state.summary.warnings.isEmpty ? "" : " (\(state.summary.warnings.joined(separator: "; ")))"
            throw TraceIssue(source: path, line: 0, column: 0, message: "cannot read the trace: \(Self.text(error))\(remarks)")
        }
        reader = opened
    }

    /// The directories babeltrace2 reads for `traces`: each trace itself when its packets are
    /// sound, else a sanitized copy of it in ``scratch``.
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
    /// (hosts' clocks are not compared), each event with its ``Lifetrace/Event/host``. The trace
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
        reader = opened
    }

    deinit {
        lifetrace_ctf_reader_close(reader)
        removeScratch()
    }

    public func next() throws(TraceIssue) -> Event? {
        while true {
            if let event = state.pending.popFirst() {
                position += 1
                return event
            }
            switch try step() {
            case .end: return nil
            case .again: usleep(Self.pollInterval)
            case .events: continue
            }
        }
    }

    /// What one ``step()`` did.
    public enum StepResult: Sendable {
        /// Events may be ready: read them with ``next()`` or ``drain(_:)``.
        case events
        /// A live session has no new data yet.
        case again
        /// The trace ended.
        case end
    }

    /// Advances babeltrace2's graph once, without waiting: live tools call it between refreshes.
    public func step() throws(TraceIssue) -> StepResult {
        guard !ended, let reader else { return .end }
        var error = [CChar](repeating: 0, count: 1024)
        switch lifetrace_ctf_reader_step(reader, &error, error.count) {
        case LIFETRACE_CTF_OK: return .events
        case LIFETRACE_CTF_AGAIN: return .again
        case LIFETRACE_CTF_END:
            ended = true
            return .end
        default:
            ended = true
            throw TraceIssue(source: source, line: 0, column: 0, message: "cannot read the trace: \(Self.text(error))")
        }
    }

    /// Hands every event the last steps delivered to `body`, in order.
    public func drain(_ body: (Event) throws -> Void) rethrows {
        while let event = state.pending.popFirst() {
            position += 1
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
