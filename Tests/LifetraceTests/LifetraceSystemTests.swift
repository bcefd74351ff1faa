import Foundation
import Lifetrace
import LifetraceTestSupport
import Testing

@Suite("Lifetrace system: scoped sinks")
struct LifetraceSystemScopedTests {
    @Test("a scoped sink receives the events of its scope, and is enabled there")
    func scoped() {
        let recorder = RecordingSink()
        let name = uniqueName("Scoped")
        LifetraceSystem.withSink(recorder) {
            #expect(LifetraceSystem.isEnabled)
            #expect((LifetraceSystem.sink as? RecordingSink) === recorder)
            TestController(name).emitEvent(.viewDidLoad)
        }
        TestController(name).emitEvent(.viewDidAppear)  // outside the scope
        #expect(recorder.events.map(\.hook) == [.viewDidLoad])
    }

    /// Before: the event emitted from `emit` waited on the emission lock its own thread held (the
    /// runtime's mutex trapped on it).
    @Test("a sink that emits from its emit: the nested event is dropped, no deadlock")
    func sinkEmittingFromEmit() {
        final class Echoing: Sink, @unchecked Sendable {
            let recorder = RecordingSink()
            func emit(_ event: Event) {
                recorder.emit(event)
                TestController("Echo").emitEvent(.didReceiveMemoryWarning)
            }
        }
        let sink = Echoing()
        LifetraceSystem.withSink(sink) {
            TestController(uniqueName("Echoed")).emitEvent(.viewDidLoad)
            TestController(uniqueName("Echoed")).emitEvent(.viewDidAppear)
        }
        #expect(sink.recorder.events.map(\.hook) == [.viewDidLoad, .viewDidAppear])
    }

    @Test("nested scopes: the inner sink wins, the outer one comes back")
    func nested() {
        let outer = RecordingSink()
        let inner = RecordingSink()
        let controller = TestController("Nested")
        LifetraceSystem.withSink(outer) {
            controller.emitEvent(.loadView)
            LifetraceSystem.withSink(inner) { controller.emitEvent(.viewDidLoad) }
            controller.emitEvent(.viewWillAppear)
        }
        #expect(outer.events.map(\.hook) == [.loadView, .viewWillAppear])
        #expect(inner.events.map(\.hook) == [.viewDidLoad])
    }

    @Test("child tasks inherit the scope; concurrent scopes never see each other's events")
    func concurrentScopes() async {
        let recorders = (0..<4).map { _ in RecordingSink() }
        await withTaskGroup(of: Void.self) { group in
            for (index, recorder) in recorders.enumerated() {
                group.addTask {
                    await LifetraceSystem.withSink(recorder) {
                        await withTaskGroup(of: Void.self) { children in
                            for child in 0..<3 {
                                children.addTask {
                                    let controller = TestController("Scope\(index)")
                                    for _ in 0..<50 {
                                        controller.withInterval(.viewWillAppear, animated: child.isMultiple(of: 2)) {}
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        for (index, recorder) in recorders.enumerated() {
            let events = recorder.events
            #expect(events.count == 3 * 50 * 2)
            #expect(events.allSatisfy { $0.controller == "Scope\(index)" })
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.seq < $1.seq }, "seq increases in arrival order")
        }
    }

    @Test("an async scope follows the operation across suspension points")
    func asyncScope() async {
        let recorder = RecordingSink()
        let controller = TestController("Async")
        await LifetraceSystem.withSink(recorder) {
            controller.emitEvent(.viewWillAppear)
            await Task.yield()
            controller.emitEvent(.viewDidAppear)
        }
        #expect(recorder.events.map(\.hook) == [.viewWillAppear, .viewDidAppear])
    }

    @Test("flush writes out the scoped sink's buffer", .needs("jq"))
    func flushScoped() throws {
        try withScratchDirectory { directory in
            let path = directory.path("run.jsonl")
            let sink = try JSONLinesSink(to: .file(path))
            LifetraceSystem.withSink(sink) {
                TestController("Flushed").emitEvent(.viewDidLoad)
                #expect((try? readText(path)) == "", "buffered before the flush")
                LifetraceSystem.flush()
            }
            #expect(try JQ.eachLineRaw(try readText(path), ".controller") == ["Flushed"])
        }
    }

    @Test("timestamps are monotonic and seq strictly increases within a thread")
    func monotonic() {
        let recorder = RecordingSink()
        LifetraceSystem.withSink(recorder) {
            let controller = TestController("Clock")
            for _ in 0..<1_000 { controller.emitEvent(.viewDidLayoutSubviews) }
        }
        let events = recorder.events
        #expect(events.count == 1_000)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.seq < $1.seq && $0.timestamp <= $1.timestamp })
        #expect(Set(events.map(\.thread)).count == 1)
    }
}

/// The only tests that touch the process-wide sink. Serialized, each restores `NoOpSink`, and each
/// looks only at events of names no other test uses (other suites run in parallel and may emit).
@Suite("Lifetrace system: global bootstrap", .serialized)
struct LifetraceSystemGlobalTests {
    @Test("bootstrap installs the sink for every thread; NoOpSink switches it off again")
    func bootstrapAndRestore() {
        let recorder = RecordingSink()
        let name = uniqueName("Global")
        LifetraceSystem.bootstrap(recorder)
        defer { LifetraceSystem.bootstrap(NoOpSink()) }
        onThreads(3) { _ in TestController(name).emitEvent(.viewDidLoad) }  // plain threads: no task-local scope
        #expect(recorder.events.filter { $0.controller == name }.count == 3)

        // A scoped sink takes precedence over the global one.
        let scoped = RecordingSink()
        LifetraceSystem.withSink(scoped) { TestController(name).emitEvent(.viewWillAppear) }
        #expect(scoped.events.map(\.hook) == [.viewWillAppear])
        #expect(recorder.events.filter { $0.controller == name }.count == 3)

        LifetraceSystem.bootstrap(NoOpSink())
        #expect(LifetraceSystem.sink is NoOpSink, "this test's task has no scoped sink: it sees the global one")
        onThreads(1) { _ in TestController(name).emitEvent(.viewDidAppear) }
        #expect(recorder.events.filter { $0.controller == name }.count == 3, "nothing after NoOpSink")
    }

    @Test("bootstrapFromEnvironment installs the configured sinks and filters", .needs("jq"))
    func fromEnvironment() throws {
        try withScratchDirectory { directory in
            let path = directory.path("global.jsonl")
            let name = uniqueName("FromEnv")
            try LifetraceSystem.bootstrapFromEnvironment([
                "LIFETRACE_SINKS": "jsonl=\(path)",
                "LIFETRACE_CONTROLLERS": name,
                "LIFETRACE_HOOKS": "viewDid*",
            ])
            defer { LifetraceSystem.bootstrap(NoOpSink()) }
            onThreads(1) { _ in
                let controller = TestController(name)
                controller.emitEvent(.viewWillAppear)
                controller.emitEvent(.viewDidAppear)
                LifetraceSystem.flush()
            }
            #expect(try JQ.eachLine(try readText(path), "[.controller == \"\(name)\", .event]") == [#"[true,"viewDidAppear"]"#])
        }
    }

    @Test("bootstrapFromEnvironment without LIFETRACE_SINKS leaves the system as it is")
    func fromEmptyEnvironment() throws {
        let recorder = RecordingSink()
        let name = uniqueName("Unchanged")
        LifetraceSystem.bootstrap(recorder)
        defer { LifetraceSystem.bootstrap(NoOpSink()) }
        try LifetraceSystem.bootstrapFromEnvironment([:])
        try LifetraceSystem.bootstrapFromEnvironment(["LIFETRACE_SINKS": ""])
        #expect(throws: ConfigurationError.self) { try LifetraceSystem.bootstrapFromEnvironment(["LIFETRACE_SINKS": "bogus"]) }
        onThreads(1) { _ in TestController(name).emitEvent(.viewDidLoad) }
        #expect(recorder.events.filter { $0.controller == name }.count == 1)
    }
}
