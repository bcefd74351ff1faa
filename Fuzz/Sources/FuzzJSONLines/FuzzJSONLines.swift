import Foundation
import LifetraceAnalysis

/// One JSON-lines trace: read, then summarised, drawn and compared with itself (every consumer of
/// what the reader accepts).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let trace = TraceReader.parse(Data(bytes: data, count: size), source: "fuzz")
    _ = TraceStatistics(trace, byController: true).table()
    _ = HTMLReport(title: "fuzz").render(trace)
    _ = ChromeTraceExporter().export(trace)
    _ = TraceDiff(trace, trace).render(context: 3)
    return 0
}

/// SwiftPM links an executable's entry point as `FuzzJSONLines_main` (and aliases `main` to it): hand
/// control to libFuzzer's driver with this target's test function.
@_cdecl("FuzzJSONLines_main")
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
