import FuzzDriver
import LifetraceScenario

/// One golden file: parsed (a malformed one is a located error, never a trap).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: min(size, 1 << 16)), as: UTF8.self)
    _ = try? GoldenTrace(parsing: text, source: "fuzz")
    return 0
}

/// The entry point SwiftPM links as `main`: libFuzzer's driver with ``fuzz(_:_:)``.
@_cdecl("FuzzGolden_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data!, size) }
}
