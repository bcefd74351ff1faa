/// A fuzz target's test: one input, its bytes and their count; returns 0.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer's driver on `test` with the process's arguments. SwiftPM links an executable's
/// entry point as `TARGET_main` (and aliases `main` to it), so each target defines that symbol and
/// hands over here; libFuzzer's options (`-seed`, `-max_total_time`, …) pass through.
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ test: FuzzTest
) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, test)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: FuzzTest
) -> Int32
