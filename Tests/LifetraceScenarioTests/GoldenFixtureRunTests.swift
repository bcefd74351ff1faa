import LifetraceScenario
import Testing

@Suite("Golden fixtures through the runtime")
struct GoldenFixtureRunTests {
    @Test("every golden fixture's scenario reproduces its expected order")
    @MainActor
    func everyFixturePasses() throws {
        let paths = try GoldenFixtures.paths()
        #expect(!paths.isEmpty)
        for path in paths {
            let golden = try GoldenTrace.load(path: path)
            let result = try GoldenRun.run(golden)
            #expect(result.passed, "\(result.report)")
        }
    }
}
