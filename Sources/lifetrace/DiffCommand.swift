import ArgumentParser
import Lifetrace
import LifetraceAnalysis

/// `lifetrace diff A B`: the first place where two traces' callback orders differ.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract:
            "Show the first place where two traces' callback orders differ; exit 0 if equal, 1 if not, 2 on bad input or lost output.",
        discussion: """
            Compares the begin and instant records as "controller event [target]", ignoring \
            identities, times, sequence numbers and threads. Either trace may be JSON lines or an \
            LTTng trace directory; both stream through in one pass (memory holds the context). Unreadable lines are reported on \
            standard error; the comparison covers the valid lines and the exit status is 2.

            Example: lifetrace diff before.jsonl after.jsonl
            """)

    @Argument(help: "The first trace (JSON lines; - for standard input).")
    var first: String

    @Argument(help: "The second trace (JSON lines).")
    var second: String

    @Option(help: "Equal records shown before the first difference (and records shown after it).")
    var context: Int = 3

    func run() throws {
        let left = try TraceInput.open(first, unreadableStatus: 2)
        let right = try TraceInput.open(second, unreadableStatus: 2)
        let diff = try TraceInput.exiting(status: 2) { () throws(TraceIssue) in
            try TraceDiff(reading: left, right, keeping: max(context, 0))
        }
        let leftUnreadable = TraceInput.report(left)
        let unreadable = TraceInput.report(right) || leftUnreadable
        do {
            try TraceInput.write(diff.render(context: max(context, 0)), to: "-")
        } catch {
            throw ExitCode(2)  // the output was lost: not an answer (1 means "they differ")
        }
        if unreadable { throw ExitCode(2) }
        if !diff.isEqual { throw ExitCode.failure }
    }
}
