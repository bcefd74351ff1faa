import ArgumentParser
import Lifetrace
import LifetraceLTTng

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lifetrace emit`: synthetic events through the sinks of `LIFETRACE_SINKS`, for checking sinks,
/// their formats and their failure modes (a closed pipe, a full disk) without a UI runtime.
///
/// A test and demo tool. Each iteration emits every event shape a sink meets:
///
/// - a controller interval with a flag: `viewWillAppear` `begin` and `end` (`animated`, `dur_ns`);
/// - a controller instant with a target and a text: `prepareForSegue` (`target`, `target_id`, `text`);
/// - a ``Probe`` interval with an index and, on its `end`, a count: `layoutPass` (`index`, `count`).
///
/// ```
/// LIFETRACE_SINKS=jsonl lifetrace emit --count 3 | jq -c .
/// LIFETRACE_SINKS=text:ends lifetrace emit --count 1 --name Feed
/// LIFETRACE_SINKS=jsonl=/tmp/run.jsonl lifetrace emit --count 100000 --threads 4
/// ```
///
/// A configuration error is printed as `lifetrace: <message>` on standard error, with exit status 2.
struct EmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emit",
        abstract: "Emit synthetic events through the sinks named by LIFETRACE_SINKS.",
        discussion: """
            Each iteration emits a viewWillAppear interval (animated), a prepareForSegue instant \
            (with a target and a text) and a layoutPass probe interval (with an index and a count): \
            five records. With LIFETRACE_SINKS unset, nothing is emitted.

            Example: LIFETRACE_SINKS=jsonl lifetrace emit --count 3 | jq -c .

            Exit status: 0; 1 when a sink lost events (a full disk, a closed pipe); 2 for a bad \
            LIFETRACE_SINKS.
            """
    )

    /// Iterations per thread.
    @Option(help: "Iterations per thread; each emits five events.")
    var count: Int = 10

    /// Emitting threads, each running `count` iterations.
    @Option(help: "Threads emitting at once, each running --count iterations.")
    var threads: Int = 1

    /// Events per second per thread, paced (`nil`: as fast as possible).
    @Option(help: "Events per second per thread, paced (default: as fast as possible).")
    var rate: Int?

    /// The name of the synthetic controllers.
    @Option(help: "The controllers' name in traces.")
    var name: String = "Emitter"

    /// How long each layout pass lasts, in microseconds (0: as short as it is).
    @Option(help: "Microseconds each layoutPass interval lasts (sleeping inside it), so intervals of several programs overlap.")
    var hold: Int = 0

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be 0 or more, got \(count)") }
        guard threads >= 1 else { throw ValidationError("--threads must be 1 or more, got \(threads)") }
        if let rate, rate < 1 { throw ValidationError("--rate must be 1 or more, got \(rate)") }
        guard (0...1_000_000).contains(hold) else { throw ValidationError("--hold must be 0 to 1000000 µs, got \(hold)") }
    }

    func run() throws {
        do {
            try LifetraceSystem.bootstrapFromEnvironment(registry: .withLTTng)
            TerminationFlusher.install()
        } catch let error as ConfigurationError {
            StandardError.writeLine("lifetrace: \(error.message)")
            throw ExitCode(2)
        }
        let emitter = SyntheticEmitter(count: count, name: name, rate: rate, hold: hold)
        if threads == 1 {
            emitter.run(thread: 0)
        } else {
            emitter.runOnThreads(threads)
        }
        try LostOutput.exitIfAny()
    }
}

/// A controller of no UI framework: what ``EmitCommand`` emits its events about.
final class SyntheticController: Instrumented {
    /// The name in traces (`--name`).
    let instrumentationName: String

    /// Creates a controller with a name.
    init(name: String) { self.instrumentationName = name }
}

/// The emission loop of ``EmitCommand``, kept nonisolated so the hot path pays no executor checks.
struct SyntheticEmitter: Sendable {
    /// Iterations per thread.
    let count: Int
    /// The controllers' name.
    let name: String
    /// Events per second, paced; `nil` for as fast as possible.
    var rate: Int? = nil
    /// Microseconds each layout pass lasts (a sleep inside it); 0: none.
    var hold: Int = 0

    /// Runs `count` iterations on the calling thread; `thread` numbers the emitter in probe names.
    nonisolated func run(thread: Int) {
        let destination = SyntheticController(name: name + "Detail")
        let probe = Probe(name: "LayoutEngine", id: UInt(thread))
        let clock = ContinuousClock()
        let start = clock.now
        // An iteration is five events: at `rate` events per second, iteration i starts at 5i/rate s.
        let nanosecondsPerIteration = rate.map { 5_000_000_000 / Int64($0) }
        for index in 0..<count {
            if let nanosecondsPerIteration, index % 16 == 0 {
                let due = start + .nanoseconds(nanosecondsPerIteration * Int64(index))
                let now = clock.now
                if due > now {
                    let wait = (due - now).components
                    var request = timespec(tv_sec: Int(wait.seconds), tv_nsec: Int(wait.attoseconds / 1_000_000_000))
                    var remaining = timespec()
                    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
                }
            }
            let controller = SyntheticController(name: name)
            controller.withInterval(.viewWillAppear, animated: true) {
                controller.emitEvent(.prepareForSegue, target: destination, text: "showDetail")
            }
            let state = probe.beginInterval(.layoutPass, Details(index: index))
            if hold > 0 { usleep(UInt32(hold)) }
            probe.endInterval(state, count: 3)
        }
    }

    /// Runs ``run(thread:)`` on `threads` new POSIX threads at once and returns when all have
    /// finished.
    nonisolated func runOnThreads(_ threads: Int) {
        var group = ThreadGroup()
        for thread in 0..<threads { group.start { run(thread: thread) } }
        group.join()
    }
}
