import LifetraceScenario

/// One golden file: parsed (a malformed one is a located error, never a trap).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: min(size, 1 << 16)), as: UTF8.self)
    _ = try? GoldenTrace(parsing: text, source: "fuzz")
    return 0
}

/// SwiftPM links an executable's entry point as `FuzzGolden_main` (and aliases `main` to it): hand
/// control to libFuzzer's driver with this target's test function.
@_cdecl("FuzzGolden_main")
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
