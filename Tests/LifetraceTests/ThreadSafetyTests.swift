import Foundation
import Lifetrace
import LifetraceTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The core's shared state under threads, beyond what "Concurrent emission" covers: string-literal
/// hooks resolved by several threads at once, the text sink, outputs opened and released while
/// others write, and (in the global suite) the global sink replaced under emitting threads. Run in
/// `swift test`, and under ThreadSanitizer by tools/tsan, which also reports any unsynchronized
/// access these make.
@Suite("Thread safety")
struct ThreadSafetyTests {
    @Test("threads resolving the same new literal hooks at once: one code per name, each event named by its literal")
    func literalHooksAcrossThreads() {
        let threads = 6
        let rounds = 100
        let recorder = RecordingSink()
        let start = StartLine(threads)
        onThreads(threads) { thread in
            LifetraceSystem.withSink(recorder) {
                let probe = Probe(name: "Literal\(thread)", id: UInt(thread))
                start.wait()  // every thread's first emission looks the literals up at once
                for _ in 0..<rounds {
                    probe.withInterval("threadSafetyLiteralA") {}
                    probe.emitEvent("threadSafetyLiteralB")
                    probe.withInterval("threadSafetyLiteralC") {}
                }
            }
        }
        let names = ["threadSafetyLiteralA", "threadSafetyLiteralB", "threadSafetyLiteralC"]
        let events = recorder.events
        #expect(events.count == threads * rounds * 5)
        for name in names {
            let codes = Set(events.filter { $0.hook.name == name }.map(\.hook.code))
            #expect(codes == [Hook(name).code], "\(name): \(codes)")
        }
        let pattern = ["A", "A", "B", "C", "C"].map { "threadSafetyLiteral\($0)" }
        for thread in 0..<threads {
            let mine = events.filter { $0.controller == "Literal\(thread)" }.map(\.hook.name)
            #expect(mine == Array(Array(repeating: pattern, count: rounds).joined()), "thread \(thread)")
        }
    }

    @Test("many threads into one text file with ends: every line whole, every interval closed")
    func textSinkFromManyThreads() throws {
        try withScratchDirectory { directory in
            let path = directory.path("concurrent.txt")
            let sink = try TextSink(to: .file(path), format: TextSink.Format(showsEnds: true))
            let threads = 6
            let iterations = 400
            onThreads(threads) { thread in
                LifetraceSystem.withSink(sink) {
                    let controller = TestController("Text\(thread)")
                    for index in 0..<iterations {
                        controller.withInterval(.viewWillAppear, animated: index.isMultiple(of: 2)) {}
                    }
                }
            }
            sink.flush()
            let written = lines(try readText(path))
            #expect(written.count == threads * iterations * 2)
            let begin = /<Text([0-9]+): 0x[0-9a-f]+> viewWillAppear (not )?animated/
            let end = /<Text([0-9]+): 0x[0-9a-f]+> viewWillAppear (not )?animated end [0-9]+ (ns|µs|ms)/
            var open: [Substring: Int] = [:]
            for line in written {
                if let match = line.wholeMatch(of: end) {
                    open[match.1, default: 0] -= 1
                } else if let match = line.wholeMatch(of: begin) {
                    open[match.1, default: 0] += 1
                } else {
                    Issue.record("a torn or merged line: \(line)")
                }
            }
            #expect(open.count == threads && open.values.allSatisfy { $0 == 0 }, "\(open)")
            #expect(sink.output.statistics.records == threads * iterations * 2)
        }
    }

    @Test("outputs opened and released on threads while others write: each file whole")
    func outputsComeAndGo() throws {
        try withScratchDirectory { directory in
            let shared = try ByteOutput.open(.file(directory.path("shared.txt")), label: "shared")
            let threads = 4
            let files = 12
            let records = 40
            // Each output registers for the flush at exit when opened and unregisters when released.
            onThreads(threads) { thread in
                for file in 0..<files {
                    guard let output = try? ByteOutput.open(.file(directory.path("t\(thread)-\(file).txt")), label: "own") else {
                        Issue.record("could not open an output")
                        return
                    }
                    for index in 0..<records {
                        output.write { $0.appendUTF8("t\(thread) f\(file) r\(index)\n") }
                        shared.write { $0.appendUTF8("t\(thread) f\(file) r\(index)\n") }
                    }
                }  // released here: its deinit writes it out
            }
            shared.flush()
            #expect(lines(try readText(directory.path("shared.txt"))).count == threads * files * records)
            for thread in 0..<threads {
                for file in 0..<files {
                    let written = lines(try readText(directory.path("t\(thread)-\(file).txt")))
                    #expect(written == (0..<records).map { "t\(thread) f\(file) r\($0)" })
                }
            }
        }
    }
}

extension LifetraceSystemGlobalTests {
    @Test("the global sink replaced while threads emit: each event reaches one sink, seq increasing per thread")
    func bootstrapWhileEmitting() {
        let name = uniqueName("Swap")
        let emitters = 3
        let count = 1_500
        let installed = InstalledSinks()
        installed.install(RecordingSink())
        defer { LifetraceSystem.bootstrap(NoOpSink()) }
        let finished = StartLine(emitters)
        let swaps = StartLine(0)
        onThreads(emitters + 1) { thread in
            guard thread < emitters else {
                // The last thread installs new sinks until every emitter is done, in turn ordinary
                // ones (the locked path) and tracers (the direct path).
                while !finished.isComplete {
                    installed.install(swaps.count.isMultiple(of: 2) ? RecordingTracer() : RecordingSink())
                    swaps.arrive()
                    usleep(100)
                }
                return
            }
            // Plain threads: no scope, events go to the global sink.
            let probe = Probe(name: "\(name)-\(thread)")
            for index in 0..<count {
                // Halfway, wait for a new sink: the thread's events then reach at least two.
                if index == count / 2 { swaps.wait(untilAtLeast: swaps.count + 1) }
                probe.emitEvent(.viewDidLayoutSubviews, Details(index: index))
            }
            finished.arrive()
        }
        LifetraceSystem.bootstrap(NoOpSink())

        // (sink, thread, index, seq) of every event of this test, whichever sink took it.
        var received: [(sink: Int, thread: String, index: Int, seq: UInt64)] = []
        for (position, sink) in installed.all.enumerated() {
            if let recorder = sink as? RecordingSink {
                let mine = recorder.events.filter { $0.controller.hasPrefix(name) }
                #expect(zip(mine, mine.dropFirst()).allSatisfy { $0.seq < $1.seq }, "a sink receives events in seq order")
                received += mine.map { (position, $0.controller, $0.details.index ?? -1, $0.seq) }
            } else if let tracer = sink as? RecordingTracer {
                let mine = tracer.records.filter { $0.subject.name.hasPrefix(name) }
                received += mine.map { (position, $0.subject.name, $0.details.index ?? -1, $0.seq) }
            }
        }
        #expect(received.count == emitters * count, "every event reached exactly one sink")
        for thread in 0..<emitters {
            let mine = received.filter { $0.thread == "\(name)-\(thread)" }.sorted { $0.index < $1.index }
            #expect(mine.map(\.index) == Array(0..<count), "thread \(thread): each event once")
            #expect(
                zip(mine, mine.dropFirst()).allSatisfy { $0.seq < $1.seq }, "thread \(thread): seq increases in emission order")
            #expect(
                zip(mine, mine.dropFirst()).allSatisfy { $0.sink <= $1.sink },
                "thread \(thread): never an older sink after a newer one")
            #expect(Set(mine.map(\.sink)).count >= 2, "thread \(thread): its events reached more than one sink")
        }
    }
}

/// The sinks a test installed as the global one, in order.
private final class InstalledSinks: Sendable {
    private let sinks = Mutex<[any Sink]>([])

    /// Installs `sink` (``LifetraceSystem/bootstrap(_:)``) and keeps it.
    func install(_ sink: any Sink) {
        sinks.withLock { $0.append(sink) }
        LifetraceSystem.bootstrap(sink)
    }

    var all: [any Sink] { sinks.withLock { $0 } }
}

/// A count of threads that have arrived, for threads that start together or report being done.
final class StartLine: Sendable {
    private let expected: Int
    private let arrived = Atomic<Int>(0)

    init(_ expected: Int) { self.expected = expected }

    /// How many have arrived.
    var count: Int { arrived.load(ordering: .acquiring) }

    /// Counts this thread in.
    func arrive() { arrived.add(1, ordering: .releasing) }

    /// Whether every expected thread has arrived.
    var isComplete: Bool { count >= expected }

    /// Waits (yielding) until `target` have arrived.
    func wait(untilAtLeast target: Int) {
        while count < target { sched_yield() }
    }

    /// Counts this thread in, then waits until every expected thread has arrived.
    func wait() {
        arrive()
        wait(untilAtLeast: expected)
    }
}
