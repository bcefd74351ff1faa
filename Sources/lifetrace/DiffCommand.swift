import ArgumentParser
import LifetraceAnalysis

/// `lifetrace diff A B`: the first place where two traces' callback orders differ.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show the first place where two traces' callback orders differ; exit 0 if equal, 1 if not, 2 on bad input.",
        discussion: """
            Compares the begin and instant records as "controller event [target]", ignoring \
            identities, times, sequence numbers and threads. Unreadable lines are reported on \
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
        let left = try TraceInput.load(first, unreadableStatus: 2)
        let right = try TraceInput.load(second, unreadableStatus: 2)
        let diff = TraceDiff(left, right)
        print(diff.render(context: max(context, 0)), terminator: "")
        if !left.issues.isEmpty || !right.issues.isEmpty { throw ExitCode(2) }
        if !diff.isEqual { throw ExitCode.failure }
    }
}
