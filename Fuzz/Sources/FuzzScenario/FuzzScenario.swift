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

/// SwiftPM links an executable's entry point as `FuzzScenario_main` (and aliases `main` to it): hand
/// control to libFuzzer's driver with this target's test function.
@_cdecl("FuzzScenario_main")
public func fuzzerEntry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzz(data!, size) }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
