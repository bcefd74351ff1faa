import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@_spi(Internals) import Lifetrace
import LifetraceAnalysis
import LifetraceCTF

/// Opening traces for the analysis commands, and writing their results.
///
/// A trace argument is a JSON-lines file (`-`: standard input), an LTTng trace directory (read
/// natively with libbabeltrace2), or a live session's `net://` URL.
enum TraceInput {
    /// The most issues printed per trace; the rest are counted.
    static let shownIssues = 10

    /// A reader of `path`, chosen by what it names; a trace that cannot be opened exits with
    /// `unreadableStatus` after a one-line reason.
    static func open(_ path: String, unreadableStatus: Int32 = 1) throws -> any TraceEventReader {
        try exiting(status: unreadableStatus) { () throws(TraceIssue) -> any TraceEventReader in
            if isLiveURL(path) {
                return try CTFTraceReader(liveURL: path, missingSession: .end)
            }
            if path != "-", FileKind(atPath: path) == .directory {
                return try CTFTraceReader(path: path)
            }
            return try JSONLinesReader(path: path, keptIssues: shownIssues)
        }
    }

    /// Whether `path` names a live session (`net://`, `net4://`, `net6://`) rather than a file.
    static func isLiveURL(_ path: String) -> Bool {
        path.hasPrefix("net://") || path.hasPrefix("net4://") || path.hasPrefix("net6://")
    }

    /// Runs `body`; a trace that cannot be opened or read any further is printed as one line
    /// (`lifetrace: FILE: error: …`) and the command exits with `status`.
    static func exiting<R>(status: Int32 = 1, _ body: () throws(TraceIssue) -> R) throws -> R {
        do {
            return try body()
        } catch {
            StandardError.writeLine("lifetrace: \(error)")
            throw ExitCode(status)
        }
    }

    /// Reads `path` whole (for the commands that draw the whole trace: report, export).
    static func load(_ path: String, unreadableStatus: Int32 = 1) throws -> Trace {
        let reader = try open(path, unreadableStatus: unreadableStatus)
        let trace = try readAll(reader, unreadableStatus: unreadableStatus)
        report(reader)
        return trace
    }

    /// Every event of `reader`; a read error exits with `status` after a one-line reason.
    static func readAll(_ reader: any TraceEventReader, unreadableStatus status: Int32 = 1) throws -> Trace {
        try exiting(status: status) { () throws(TraceIssue) in try Trace(reading: reader) }
    }

    /// Calls `body` with each event of `reader`; a read error exits with `status`.
    static func forEach(_ reader: any TraceEventReader, unreadableStatus status: Int32 = 1, _ body: (Event) throws -> Void) throws {
        while let event = try exiting(status: status, { () throws(TraceIssue) in try reader.next() }) {
            try body(event)
        }
    }

    /// Reports on standard error what reading met: unreadable lines (the first few), events the
    /// tracer discarded, lost packets, warnings. Returns whether lines were unreadable.
    @discardableResult
    static func report(_ reader: any TraceEventReader) -> Bool {
        report(reader.summary, source: reader.source)
    }

    /// Reports what reading `source` met, from its summary (see ``report(_:)-(any TraceEventReader)``).
    @discardableResult
    static func report(_ summary: TraceReadSummary, source: String) -> Bool {
        for issue in summary.issues.prefix(shownIssues) { StandardError.writeLine("\(issue)") }
        if summary.issueCount > shownIssues {
            StandardError.writeLine("\(source): \(summary.issueCount - shownIssues) more unreadable lines")
        }
        if summary.issueCount > 0 {
            StandardError.writeLine(
                "\(source): \(summary.issueCount) unreadable line\(summary.issueCount == 1 ? "" : "s"); using the \(summary.events) valid events")
        }
        for warning in summary.warnings {
            // Located warnings (`FILE:LINE:COLUMN: warning: …`) are printed as they are.
            StandardError.writeLine(warning.hasPrefix(source + ":") ? warning : "lifetrace: \(source): warning: \(warning)")
        }
        if summary.discardedEvents > 0 || summary.lostPackets > 0 {
            var losses: [String] = []
            if summary.discardedEvents > 0 {
                losses.append("\(summary.discardedEvents) events discarded by the tracer (buffers too small or too slow a consumer)")
            }
            if summary.lostPackets > 0 { losses.append("\(summary.lostPackets) packets lost") }
            StandardError.writeLine("lifetrace: \(source): warning: \(losses.joined(separator: "; ")): the trace has gaps")
        }
        return summary.issueCount > 0
    }

    /// Writes `text` to `path` (`-`: standard output); a failure exits with status 1.
    static func write(_ text: String, to path: String) throws {
        let output = try TraceOutput(path)
        output.buffer.appendUTF8(text)
        try output.finish()
    }
}
