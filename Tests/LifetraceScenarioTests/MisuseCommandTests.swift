import Foundation
import LifetraceTestSupport
import Testing

/// Misuse through the built `lifetrace` binary: a scenario's misuse exits with status 1 (never a
/// trap's 132 or 139), names file:line:column on standard error, and the JSON-lines file keeps
/// every event emitted before it, whole.
@Suite("Scenario misuse: the lifetrace command")
struct MisuseCommandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let scenario: String
        let position: String
        let message: String
        /// The last step that ran whole before the failing one.
        let lastGoodStep: String
        var testDescription: String { scenario.replacingOccurrences(of: "\n", with: "; ") }
    }

    static let cases: [Case] = [
        Case(scenario: "launch A\nadd-child A to A\n", position: ":2:11:", message: "cycle", lastGoodStep: "launch A"),
        Case(
            scenario: "launch A\nadd-child B to A\nadd-child A to B\n", position: ":3:11:", message: "cycle",
            lastGoodStep: "add-child B to A"),
        Case(
            scenario: "launch A\nadd-child B to A\nadd-child C to B\nadd-child A to C\n", position: ":4:11:", message: "cycle",
            lastGoodStep: "add-child C to B"),
        Case(scenario: "nav N A\nlaunch N\nadd-child N to A\n", position: ":3:11:", message: "cycle", lastGoodStep: "launch N"),
        Case(
            scenario: "launch A\npresent B\npresent A\nmemory-warning\ndismiss\n", position: ":3:9:",
            message: "active controller", lastGoodStep: "present B"),
        Case(scenario: "launch A\nnav N N\n", position: ":2:7:", message: "cannot contain itself", lastGoodStep: "launch A"),
        Case(scenario: "launch A\nnav N B B\n", position: ":2:9:", message: "more than once", lastGoodStep: "launch A"),
        Case(scenario: "launch A\ntabs T T\n", position: ":2:8:", message: "cannot contain itself", lastGoodStep: "launch A"),
        Case(scenario: "launch A\ntabs T B B\n", position: ":2:10:", message: "in two tabs", lastGoodStep: "launch A"),
        Case(scenario: "launch X\nnav N A\nset-stack N N\n", position: ":3:13:", message: "cycle", lastGoodStep: "nav N A"),
        Case(scenario: "launch A\npresent B\nnav N A\n", position: ":3:7:", message: "presents", lastGoodStep: "present B"),
    ]

    @Test("misuse exits 1 with its position, every earlier event written", arguments: cases)
    func misuseExitsOne(_ example: Case) throws {
        try withScratchDirectory { directory in
            let scenario = directory.path("misuse.scenario")
            let trace = directory.path("trace.jsonl")
            try example.scenario.write(toFile: scenario, atomically: true, encoding: .utf8)
            let result = try runProcess(try LifetraceBinary.path(), ["run", scenario, "--sink", "jsonl=\(trace)"], timeout: 60)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("\(scenario)\(example.position) error:"), "\(result.stderr)")
            #expect(result.stderr.contains(example.message), "\(result.stderr)")
            #expect(!result.stderr.contains("Precondition failed"))
            let text = try readText(trace)
            #expect(text.hasSuffix("\n"), "the last line is whole")
            let records = LifetraceTestSupport.lines(text)
            for record in records {
                #expect((try? JSONSerialization.jsonObject(with: Data(record.utf8))) != nil, "\(record)")
            }
            // The step before the failing one is there whole (its end record), and the failing
            // step's end too: nothing written before the error was lost.
            let ends = records.filter { $0.contains(#""event":"scenario.step","phase":"end""#) }
            #expect(ends.contains { $0.contains("\"text\":\"\(example.lastGoodStep)\"") }, "\(ends)")
            #expect(
                ends.count
                    == example.scenario.split(separator: "\n").firstIndex { $0.hasPrefix(example.lastGoodStep) }.map { $0 + 2 })
        }
    }

    @Test("an invalid UTF-8 scenario is refused at the line and column of the bad byte")
    func invalidUTF8() throws {
        try withScratchDirectory { directory in
            let scenario = directory.path("bad.scenario")
            var bytes = Array("launch A\npush ".utf8)
            bytes += [0xFF, 0xFE]
            bytes += Array(" B\n".utf8)
            _ = FileManager.default.createFile(atPath: scenario, contents: Data(bytes))
            let result = try runProcess(try LifetraceBinary.path(), ["run", scenario, "--sink", "none"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(scenario):2:6: error: invalid UTF-8"), "\(result.stderr)")
        }
    }

    @Test("a 1 MB unknown word is refused at once, its start shown")
    func hugeUnknownWord() throws {
        try withScratchDirectory { directory in
            let scenario = directory.path("huge.scenario")
            try ("launch A\n" + String(repeating: "x", count: 1 << 20) + "\n").write(
                toFile: scenario, atomically: true, encoding: .utf8)
            let start = Date()
            let result = try runProcess(try LifetraceBinary.path(), ["run", scenario, "--sink", "none"], timeout: 60)
            #expect(Date().timeIntervalSince(start) < 10, "24 s before the suggestion was bounded")
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(":2:1: error: unknown step \"\(String(repeating: "x", count: 40))…\""),
                "\(result.stderr.prefix(300))")
            #expect(result.stderr.utf8.count < 2_000)
            #expect(!result.stderr.contains("did you mean"))
        }
    }
}
