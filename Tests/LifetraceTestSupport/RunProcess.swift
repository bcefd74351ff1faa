import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to completion and returns what it left behind.
///
/// Its standard output and error are captured in files (not pipes, so no other process spawned
/// meanwhile, and no daemon it starts, can hold them open). It sees `environment` on top of this
/// process's environment minus every `LIFETRACE_*` variable but `LIFETRACE_CTF_DECODER` (so the
/// reader tests run again with libbabeltrace2 read through it); it reads `standardInput` (nothing when
/// `nil`); it runs in `currentDirectory` (the package root unless told). A program still running
/// after `timeout` seconds is interrupted (SIGINT, so a script still runs its traps) and reported
/// by a thrown ``TestSupportError``.
public func runProcess(
    _ executable: String,
    _ arguments: [String],
    environment: [String: String] = [:],
    standardInput: String? = nil,
    currentDirectory: URL = Repository.root,
    timeout: TimeInterval = 120
) throws -> ProcessResult {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let outPath = directory.path("stdout")
    let errPath = directory.path("stderr")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    defer {
        try? out.close()
        try? err.close()
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = currentDirectory
    var merged = ProcessInfo.processInfo.environment.filter {
        !$0.key.hasPrefix("LIFETRACE_") || $0.key == "LIFETRACE_CTF_DECODER"
    }
    merged.merge(environment) { _, new in new }
    process.environment = merged
    process.standardOutput = out
    process.standardError = err
    if let standardInput {
        let inPath = directory.path("stdin")
        _ = FileManager.default.createFile(atPath: inPath, contents: Data(standardInput.utf8))
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
    } else {
        process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    if process.isRunning {
        process.interrupt()
        process.waitUntilExit()
        throw TestSupportError(
            "\(executable) \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) s; "
                + "stderr:\n\(try readText(errPath))")
    }
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, stdout: try readText(outPath), stderr: try readText(errPath),
        signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil)
}
