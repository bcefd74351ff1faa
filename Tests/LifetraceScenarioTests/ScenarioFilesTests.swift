import Foundation
import LifetraceScenario
import LifetraceTestSupport
import Testing

@Suite("Example scenarios")
struct ScenarioFilesTests {
    /// The package's `Scenarios/` folder.
    static let folder = Repository.root.appendingPathComponent("Scenarios")

    @Test("every golden fixture has an example scenario with the same steps")
    func matchGoldenFixtures() throws {
        for path in try GoldenFixtures.paths() {
            let golden = try GoldenTrace.load(path: path)
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let file = Self.folder.appendingPathComponent("\(name).scenario").path
            let scenario = try ScenarioParser.parse(contentsOfFile: file)
            #expect(scenario.steps.map(\.text) == golden.scenario.steps.map(\.text), "\(file)")
            #expect(scenario.steps.map(\.action) == golden.scenario.steps.map(\.action), "\(file)")
        }
    }

    @Test("every example scenario parses and is listed in Scenarios/README.md")
    func allParseAndAreListed() throws {
        let readme = try String(contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".scenario") }
        #expect(!names.isEmpty)
        for name in names {
            let scenario = try ScenarioParser.parse(contentsOfFile: Self.folder.appendingPathComponent(name).path)
            #expect(!scenario.steps.isEmpty, "\(name)")
            #expect(readme.contains("`\(name)`"), "\(name) is not listed in Scenarios/README.md")
        }
    }
}
