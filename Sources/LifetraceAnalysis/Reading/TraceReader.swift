import Lifetrace

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads traces in the JSON-lines format of `docs/json-lines.md` (the `jsonl` sink's output, or
/// `tools/ctf2jsonl`'s).
///
/// Each line is parsed on its own. A malformed or truncated line, or a record that lacks a required
/// key or has a value of the wrong type, becomes a ``TraceIssue`` with its line and column and what
/// was expected; reading goes on, so the returned ``Trace`` holds every valid event. Blank lines are
/// skipped; keys the format does not know are ignored.
///
/// ```swift
/// let trace = try TraceReader.read(path: "/tmp/run.jsonl")
/// for issue in trace.issues { print(issue) }   // run.jsonl:12:57: error: expected "," or "}" …
/// let statistics = TraceStatistics(trace)
/// ```
public enum TraceReader {
    /// Reads the file at `path` (`-` reads standard input, labelled `<stdin>`) into memory; for a
    /// trace too large for that, read it with ``JSONLinesReader`` one event at a time.
    ///
    /// - Throws: a ``TraceIssue`` with line 0 when the file cannot be read. Problems inside the file
    ///   are not thrown: they are the trace's ``Trace/issues``.
    public static func read(path: String) throws(TraceIssue) -> Trace {
        try Trace(reading: JSONLinesReader(path: path, keptIssues: .max))
    }

    /// Parses JSON lines from `text`; `source` names it in issues.
    public static func parse(_ text: String, source: String = "trace") -> Trace {
        parse(Data(text.utf8), source: source)
    }

    /// Parses JSON lines from `data`; `source` names it in issues.
    public static func parse(_ data: Data, source: String = "trace") -> Trace {
        // In memory nothing can fail to be read.
        (try? Trace(reading: JSONLinesReader(data: data, source: source))) ?? Trace(source: source, events: [])
    }
}
