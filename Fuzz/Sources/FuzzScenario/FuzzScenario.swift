import FuzzDriver
import LifetraceScenario
import LifetraceUI

/// One scenario: parsed, and run when it parses (a runtime refusal is an error, never a trap).
/// Inputs are cut at 64 KiB: the parser's and runner's costs are linear, and longer inputs only
/// slow the search down.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: min(size, 1 << 16)), as: UTF8.self)
    guard let scenario = try? ScenarioParser.parse(text, source: "fuzz") else { return 0 }
    MainActor.assumeIsolated {
        let runner = ScenarioRunner()
        _ = try? runner.run(scenario)
    }
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with ``fuzz(_:_:)``.
@_cdecl("FuzzScenario_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data!, size) }
}
