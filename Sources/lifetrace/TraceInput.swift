import ArgumentParser
import Foundation
import Lifetrace
import LifetraceAnalysis

/// Reading trace files for the analysis commands, and writing their results.
enum TraceInput {
    /// The most issues printed per file; the rest are counted.
    static let shownIssues = 10

    /// Reads `path` (`-`: standard input). Issues in the file go to standard error, and the valid
    /// part is returned; a file that cannot be read at all exits with `unreadableStatus`.
    static func load(_ path: String, unreadableStatus: Int32 = 1) throws -> Trace {
        let trace: Trace
        do {
            trace = try TraceReader.read(path: path)
        } catch let issue as TraceIssue {
            StandardError.writeLine("lifetrace: \(issue)")
            throw ExitCode(unreadableStatus)
        }
        for issue in trace.issues.prefix(shownIssues) { StandardError.writeLine("\(issue)") }
        if trace.issues.count > shownIssues {
            StandardError.writeLine("\(trace.source): \(trace.issues.count - shownIssues) more unreadable lines")
        }
        if !trace.issues.isEmpty {
            StandardError.writeLine(
                "\(trace.source): \(trace.issues.count) unreadable line\(trace.issues.count == 1 ? "" : "s"); using the \(trace.events.count) valid events")
        }
        return trace
    }

    /// Writes `text` to `path` (`-`: standard output); a failure exits with status 1.
    static func write(_ text: String, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            StandardError.writeLine("lifetrace: cannot write \(path): \(error.localizedDescription)")
            throw ExitCode.failure
        }
    }
}
