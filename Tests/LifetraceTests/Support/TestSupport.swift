import Foundation
import Lifetrace
import LifetraceTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A controller of no UI framework, for tests.
final class TestController: Instrumented {
    let instrumentationName: String
    init(_ name: String) { instrumentationName = name }
}

/// A controller that keeps the default name (its type name).
final class DefaultNamedController: Instrumented {}

/// Spins (no sleep) until at least `nanoseconds` have passed on the monotonic clock.
func spin(nanoseconds: UInt64) {
    let start = MonotonicClock.now()
    while MonotonicClock.now() &- start < nanoseconds {}
}

/// A name no other test uses, so events of concurrently running tests never mix.
func uniqueName(_ prefix: String) -> String { "\(prefix)-\(UUID().uuidString.prefix(8))" }

/// Runs `body` on `count` new threads at once; returns when all have finished.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        Thread {
            body(index)
            finished.leave()
        }.start()
    }
    finished.wait()
}

/// A descriptor pair from `pipe(2)`.
func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw TestSupportError("pipe failed: errno \(errno)") }
    return (fds[0], fds[1])
}

/// Builds an event with defaults, for format and filter tests.
func makeEvent(
    seq: UInt64 = 1,
    timestamp: UInt64 = 1_000,
    hook: Hook = .viewWillAppear,
    phase: Phase = .instant,
    name: String = "B",
    id: UInt = 0x6c16980,
    details: Details = .none,
    duration: UInt64? = nil,
    thread: UInt32 = 42
) -> Event {
    Event(
        seq: seq, timestamp: timestamp, hook: hook, phase: phase, subject: Subject(name: name, id: id),
        details: details, duration: duration, thread: thread)
}
