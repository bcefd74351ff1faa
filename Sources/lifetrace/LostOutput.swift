import ArgumentParser
import Lifetrace

/// The exit status of commands that write events (`run`, `demo`, `emit`): events lost on the way
/// to a sink's file or stream (a full disk, a closed pipe) make the command fail, after the outputs
/// reported what they dropped. The library keeps its host running; the command line says so.
enum LostOutput {
    /// Flushes every output; exits with status 1 when one lost events (each output has already
    /// said so on standard error, and says how many at exit).
    static func exitIfAny() throws {
        if !LifetraceSystem.flushReportingLosses().isEmpty { throw ExitCode.failure }
    }
}
