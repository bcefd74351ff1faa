import ArgumentParser
import Lifetrace
import LifetraceScenario

/// `lifetrace check FILE.golden…`: runs golden traces and compares the callback order with what
/// real iOS produced.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run golden trace files and compare the callback order; exit 1 on any failure.")

    @Argument(help: "Golden files (*.golden).")
    var files: [String]

    @Flag(help: "Print the compared lines of passing files too.")
    var verbose = false

    func run() async throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one golden file.") }
        var failures = 0
        for file in files {
            do {
                let golden = try GoldenTrace.load(path: file)
                let result = try await GoldenRun.run(golden)
                print("\(result.passed ? "PASS" : "FAIL") \(file)")
                if !result.passed {
                    failures += 1
                    print(result.report)
                } else if verbose {
                    for line in result.actual { print("    \(line)") }
                }
            } catch {
                failures += 1
                print("FAIL \(file)")
                print("    \(error)")
            }
        }
        print("\(files.count - failures) passed, \(failures) failed")
        if failures > 0 { throw ExitCode.failure }
    }
}
