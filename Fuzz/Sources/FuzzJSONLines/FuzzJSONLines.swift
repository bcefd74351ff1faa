import Foundation
import FuzzDriver
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

/// The entry point SwiftPM links as `main`: libFuzzer's driver with ``fuzz(_:_:)``.
@_cdecl("FuzzJSONLines_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data!, size) }
}
