import ArgumentParser
import Lifetrace
import LifetraceAnalysis
import LifetraceCTF

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
                return try CTFTraceReader(liveURL: path, missingSession: .fail)
            }
            if path != "-", FileKind(atPath: path) == .directory {
                return try CTFTraceReader(path: path)
            }
            return try JSONLinesReader(path: path, keptIssues: shownIssues)
        }
    }

    /// A reader of `paths`: one trace as ``open(_:unreadableStatus:)`` opens it, or several live
    /// sessions read together (a fleet's hosts).
    static func open(_ paths: [String], unreadableStatus: Int32 = 1) throws -> any TraceEventReader {
        guard paths.count > 1 else { return try open(paths.first ?? "-", unreadableStatus: unreadableStatus) }
        return try exiting(status: unreadableStatus) { () throws(TraceIssue) -> any TraceEventReader in
            try CTFTraceReader(liveURLs: paths, missingSession: .fail)
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
        var events: [Event] = []
        var lines: [Int] = []
        try forEach(reader, unreadableStatus: status) { event in
            events.append(event)
            lines.append(reader.position)
        }
        return Trace(source: reader.source, events: events, lines: lines, issues: reader.summary.issues)
    }

    /// Calls `body` with each event of `reader` until the trace ends or cannot be read any further
    /// (an I/O error, an event babeltrace2 cannot decode): then the error is printed as one line and
    /// the result is `true`, every event before it having been handed to `body`. A long read
    /// shows its progress on a terminal (``ReadProgress``).
    /// `readElsewhere` counts the events and bytes other readers of the trace have read (``ReadProgress``).
    static func forEachUntilError(
        _ reader: any TraceEventReader, readElsewhere: (() -> (events: Int, bytes: Int))? = nil,
        _ body: (Event) throws -> Void
    ) rethrows -> Bool {
        var progress = ReadProgress(reader, readElsewhere: readElsewhere)
        defer { progress.finish() }
        while true {
            let event: Event?
            do {
                event = try reader.next()
            } catch {
                progress.finish()
                StandardError.writeLine("lifetrace: \(error)")
                return true
            }
            guard let event else { return false }
            progress.tick()
            try body(event)
        }
    }

    /// Calls `body` with each event of `reader`; a read error exits with `status`. A long read
    /// shows its progress on a terminal (``ReadProgress``).
    static func forEach(_ reader: any TraceEventReader, unreadableStatus status: Int32 = 1, _ body: (Event) throws -> Void) throws
    {
        var progress = ReadProgress(reader)
        defer { progress.finish() }
        while let event = try exiting(
            status: status,
            { () throws(TraceIssue) in
                do throws(TraceIssue) { return try reader.next() } catch {
                    progress.finish()  // the error's line starts at the line's start
                    throw error
                }
            })
        {
            progress.tick()
            try body(event)
        }
    }

    /// Reports on standard error what reading met: unreadable lines or damaged packets (the first
    /// few), events the tracer discarded, lost packets, warnings. Returns whether some of the input
    /// was unreadable.
    /// `summary`: the reader's, or what several readers of the trace met together.
    @discardableResult
    static func report(_ reader: any TraceEventReader, summary: TraceReadSummary? = nil) -> Bool {
        // A CTF trace's issues are packets and stream files left out, each with its file and byte.
        let recorded = (reader as? CTFTraceReader).map { !$0.isLive } ?? false
        return report(summary ?? reader.summary, source: reader.source, recorded: recorded)
    }

    /// Reports what reading `source` met, from its summary (see ``report(_:)-(any TraceEventReader)``);
    /// `recorded` for a recorded CTF trace, whose issues are packets and stream files left out.
    @discardableResult
    static func report(_ summary: TraceReadSummary, source: String, recorded: Bool = false) -> Bool {
        let (one, many, used) =
            recorded
            ? ("damaged packet or stream file left out", "damaged packets or stream files left out", "events of the rest")
            : ("unreadable line", "unreadable lines", "valid events")
        for issue in summary.issues.prefix(shownIssues) { StandardError.writeLine("\(issue)") }
        if summary.issueCount > shownIssues {
            StandardError.writeLine("\(source): \(summary.issueCount - shownIssues) more \(many)")
        }
        if summary.issueCount > 0 {
            StandardError.writeLine(
                "\(source): \(summary.issueCount) \(summary.issueCount == 1 ? one : many); using the \(summary.events) \(used)")
        }
        for warning in summary.warnings {
            // Located warnings (`FILE:LINE:COLUMN: warning: …`, or a file inside a trace directory)
            // are printed as they are.
            let located = warning.hasPrefix(source + ":") || warning.hasPrefix(source + "/")
            StandardError.writeLine(located ? warning : "lifetrace: \(source): warning: \(warning)")
        }
        if summary.discardedEvents > 0 || summary.lostPackets > 0 {
            var losses: [String] = []
            if summary.discardedEvents > 0 {
                losses.append(
                    "\(summary.discardedEvents) events discarded by the tracer (buffers too small or too slow a consumer)")
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
